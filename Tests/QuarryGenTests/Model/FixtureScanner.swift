import QuarryGen

/// A line-based stand-in for the real scanner, for model tests written as tidy Swift sources:
/// one declaration per line, `// quarry:` comments directly above, nested structs and enums.
///
/// Locations: structs and enums at their name, properties at their name, annotation keys at
/// the key, which is where the real scanner puts them too.
enum FixtureScanner {
  static func scan(_ path: String, _ text: String) -> ScannedFile {
    let file = SourceFile(path: path, text: text)
    var scanned = ScannedFile(file: file)
    var pending: [Annotation] = []
    // Open structs by qualified name, as indexes into `scanned.structs`; nil for enums.
    var stack: [(name: String, index: Int?)] = []
    var offset = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(rawLine)
      defer { offset += line.utf8.count + 1 }
      let trimmed = line.drop { $0 == " " }
      let indent = line.utf8.count - trimmed.utf8.count
      if trimmed.hasPrefix("// quarry:") {
        pending += annotations(line, lineOffset: offset, path: path)
        continue
      }
      if trimmed.hasPrefix("}") {
        stack.removeLast()
        continue
      }
      var words = trimmed.split(separator: " ").map(String.init)
      var access = AccessLevel.internal
      var setter: AccessLevel?
      var isLazy = false
      while let first = words.first {
        if let level = AccessLevel(rawValue: first) {
          access = level
        } else if first.hasSuffix("(set)"), let level = AccessLevel(rawValue: String(first.dropLast(5))) {
          setter = level
        } else if first == "lazy" {
          isLazy = true
        } else {
          break
        }
        words.removeFirst()
      }
      guard let keyword = words.first, words.count > 1 else { continue }
      let rest = words.dropFirst().joined(separator: " ")
      let scope = stack.map(\.name).joined(separator: ".")
      func qualified(_ name: String) -> String { scope.isEmpty ? name : scope + "." + name }
      switch keyword {
      case "struct", "enum":
        let header = rest.split(separator: "{", maxSplits: 1)[0]
        let parts = header.split(separator: ":", maxSplits: 1)
        let name = parts[0].trimmingSpaces
        let inherited = parts.count > 1
          ? parts[1].split(separator: ",").map { $0.trimmingSpaces } : []
        let namePrefix = line.utf8.count - rest.utf8.count
        let location = SourceLocation(path: path, offset: offset + namePrefix)
        if keyword == "struct" {
          scanned.structs.append(
            StructDeclaration(
              name: qualified(name), localName: name, access: access, inheritedTypes: inherited,
              annotations: pending, location: location))
          if !rest.hasSuffix("}") { stack.append((name, scanned.structs.count - 1)) }
        } else {
          var cases: [String] = []
          if let body = rest.split(separator: "{", maxSplits: 1).dropFirst().first {
            cases = body.replacingCase().split(separator: ",").map { $0.trimmingSpaces }
              .filter { !$0.isEmpty }
          }
          let rawTypes = ["String", "Int", "Int64", "Int32", "Double", "Character"]
          scanned.enums.append(
            EnumDeclaration(
              name: qualified(name), localName: name, access: access,
              rawType: inherited.first.flatMap { rawTypes.contains($0) ? $0 : nil },
              inheritedTypes: inherited, annotations: pending, cases: cases, location: location))
          if !rest.hasSuffix("}") { stack.append((name, nil)) }
        }
        pending = []
      case "var", "let":
        guard let open = stack.last, let structIndex = open.index else { continue }
        var declaration = rest
        var defaultValue: String?
        if let equals = rest.range(of: " = ") {
          declaration = String(rest[..<equals.lowerBound])
          defaultValue = String(rest[equals.upperBound...])
        }
        let parts = declaration.split(separator: ":", maxSplits: 1)
        let name = parts[0].trimmingSpaces
        var type = parts.count > 1 ? parts[1].trimmingSpaces : nil
        var inferred = false
        if type == nil, let value = defaultValue {
          inferred = true
          type = value.hasPrefix("\"") ? "String" : value.contains(".") ? "Double" : "Int"
        }
        let location = SourceLocation(path: path, offset: offset + indent + (
          line.utf8.count - indent - rest.utf8.count))
        scanned.structs[structIndex].properties.append(
          PropertyDeclaration(
            name: name, typeName: type, isTypeInferred: inferred, isLet: keyword == "let",
            isLazy: isLazy, defaultValue: defaultValue, access: access, setterAccess: setter,
            annotations: pending, location: location))
        pending = []
      default:
        continue
      }
    }
    return scanned
  }

  private static func annotations(_ line: String, lineOffset: Int, path: String) -> [Annotation] {
    let bytes = Array(line.utf8)
    guard let start = line.range(of: "quarry:") else { return [] }
    var index = line.utf8.distance(from: line.utf8.startIndex, to: start.upperBound.samePosition(in: line.utf8) ?? line.utf8.endIndex)
    var result: [Annotation] = []
    while index < bytes.count {
      while index < bytes.count && (bytes[index] == 32 || bytes[index] == 44) { index += 1 }
      guard index < bytes.count else { break }
      let keyStart = index
      var depth = 0
      var inString = false
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 34 { inString.toggle() }
        if !inString {
          if byte == 91 { depth += 1 }
          if byte == 93 { depth -= 1 }
          if byte == 44 && depth == 0 { break }
        }
        index += 1
      }
      let item = String(decoding: bytes[keyStart..<index], as: UTF8.self)
      let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
      let value = pair.count > 1 ? parseValue(pair[1]) : .bool(true)
      result.append(
        Annotation(
          key: pair[0], value: value,
          location: SourceLocation(path: path, offset: lineOffset + keyStart)))
    }
    return result
  }

  private static func parseValue(_ text: String) -> AnnotationValue {
    if text.hasPrefix("\"") { return .string(String(text.dropFirst().dropLast())) }
    if text.hasPrefix("[") {
      let items = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces }
      return .list(items.filter { !$0.isEmpty }.map(parseValue))
    }
    if text == "true" || text == "false" { return .bool(text == "true") }
    if let first = text.first, first.isNumber || first == "-" { return .number(text) }
    return .identifier(text)
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "}" }.reversed())
  }

  fileprivate func replacingCase() -> String {
    String(self).split(separator: " ").filter { $0 != "case" && $0 != "}" }.joined(separator: " ")
  }
}
