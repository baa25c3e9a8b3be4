import QuarryGen
import XCTest

/// Scans `source` as `Test.swift`.
func scan(_ source: String, path: String = "Test.swift") -> ScannedFile {
  SourceScanner().scan(SourceFile(path: path, text: source))
}

/// Scans raw bytes as `Test.swift`.
func scan(bytes: [UInt8], path: String = "Test.swift") -> ScannedFile {
  SourceScanner().scan(SourceFile(path: path, bytes: bytes))
}

/// Diagnostics as compiler-format lines without source excerpts.
func renderedDiagnostics(_ scanned: ScannedFile) -> String {
  DiagnosticRenderer(files: [scanned.file], showsSourceLines: false).render(scanned.diagnostics)
}

/// A compact, literal-friendly outline of what was scanned:
///
/// ```text
/// struct A.B<T>: P, Q [table="x"] #if DEBUG
///   var id: UUID = nil @Wrapper(x) lazy private(set) [primaryKey]
/// enum Kind: String = a, b
/// ```
func outline(_ scanned: ScannedFile) -> String {
  var lines: [String] = []
  for declaration in scanned.structs {
    var line = "struct \(declaration.name)"
    if let generics = declaration.genericParameters { line += "<\(generics)>" }
    if !declaration.inheritedTypes.isEmpty {
      line += ": " + declaration.inheritedTypes.joined(separator: ", ")
    }
    if let clause = declaration.genericWhereClause { line += " where \(clause)" }
    line += suffix(
      access: declaration.access, attributes: declaration.attributes,
      annotations: declaration.annotations, conditions: declaration.conditions)
    lines.append(line)
    for property in declaration.properties {
      var line = "  \(property.isLet ? "let" : "var") \(property.name): "
      line += property.typeName ?? "?"
      if property.isTypeInferred { line += "(inferred)" }
      if let value = property.defaultValue { line += " = \(value)" }
      if property.isLazy { line += " lazy" }
      if let setter = property.setterAccess { line += " \(setter.rawValue)(set)" }
      line += suffix(
        access: property.access, attributes: property.attributes,
        annotations: property.annotations, conditions: property.conditions)
      lines.append(line)
    }
  }
  for declaration in scanned.enums {
    var line = "enum \(declaration.name)"
    if let raw = declaration.rawType { line += ": \(raw)" }
    if !declaration.cases.isEmpty { line += " = " + declaration.cases.joined(separator: ", ") }
    line += suffix(
      access: declaration.access, attributes: declaration.attributes,
      annotations: declaration.annotations, conditions: declaration.conditions)
    lines.append(line)
  }
  return lines.joined(separator: "\n")
}

private func suffix(
  access: AccessLevel, attributes: [AttributeDeclaration], annotations: [Annotation],
  conditions: [String]
) -> String {
  var text = ""
  if access != .internal { text += " \(access.rawValue)" }
  for attribute in attributes {
    text += " @\(attribute.name)" + (attribute.arguments.map { "(\($0))" } ?? "")
  }
  if !annotations.isEmpty {
    text +=
      " [" + annotations.map { "\($0.key)=\(describe($0.value))" }.joined(separator: ", ")
      + "]"
  }
  if !conditions.isEmpty { text += " #if " + conditions.joined(separator: " && ") }
  return text
}

func describe(_ value: AnnotationValue) -> String {
  switch value {
  case .bool(let flag): "\(flag)"
  case .string(let text): "\"\(text)\""
  case .number(let text): "#\(text)"
  case .identifier(let text): text
  case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
  }
}

/// Removes numbered markers (`1️⃣`…`9️⃣`) from `source` and returns their byte offsets.
func extractMarkers(_ source: String) -> (text: String, offsets: [Int: Int]) {
  var text = ""
  var offsets: [Int: Int] = [:]
  var bytes = 0
  for character in source {
    let scalars = Array(character.unicodeScalars)
    if scalars.count == 3, scalars[2].value == 0x20E3, let digit = Int(String(scalars[0])) {
      offsets[digit] = bytes
      continue
    }
    text.append(character)
    bytes += String(character).utf8.count
  }
  return (text, offsets)
}

/// Asserts that `scanned` reports exactly `messages`, the n-th at marker n.
func assertDiagnostics(
  _ scanned: ScannedFile, at markers: [Int: Int], _ messages: [Int: String],
  file: StaticString = #filePath, line: UInt = #line
) {
  var actual: [String] = []
  for diagnostic in scanned.diagnostics {
    let marker = markers.first(where: { $0.value == diagnostic.location.offset })?.key
    let place = marker.map { "\($0)" } ?? "@\(diagnostic.location.offset)"
    actual.append("\(place): \(diagnostic.message)")
  }
  let expected = messages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
  XCTAssertEqual(actual.sorted(), expected.sorted(), file: file, line: line)
}
