import Foundation

/// Reads `// sourcery:` annotations the way Sourcery does, line by line and unvalidated, so
/// templates written for Sourcery see the `annotations` they were written against.
///
/// ```swift
/// // sourcery: realm, skip
/// // sourcery: realmName = "BirdObject", version = 2
/// // sourcery: tag = "a"
/// // sourcery: tag = "b"
/// /* sourcery: primary */ var id: Int  // sourcery: indexed
/// // sourcery:begin: skipEquality
/// var a: Int
/// // sourcery:end
/// ```
///
/// Rules (Sourcery's): several `key` or `key = value` entries per line, separated by commas;
/// annotations are collected from the comment lines directly above a declaration (doc
/// comments, attributes and `#` lines do not break the run), from `/* sourcery: … */` before
/// its name on its own line and from a `// sourcery:` comment at the end of that line;
/// `sourcery:begin:` … `sourcery:end` annotate every declaration between them and
/// `sourcery:file:` every declaration below it; `// sourcery: ns:key = 1` nests under `ns`.
/// Value types are in `SourceryAnnotationValue`. A key met again with another value becomes
/// an array in source order, as Sourcery gives it: the lines above from the top down, then
/// the declaration's own line (`tag = "a"` above `tag = "b"` gives `["a", "b"]`).
struct SourceryAnnotationReader {
  private enum LineKind {
    /// `marker`: a `sourcery:begin:`, `end`, `file:` or `inline:` line, which ends the run of
    /// comment lines above a declaration as code does.
    case comment, documentation, attribute, directive, marker, other
  }

  private struct Line {
    var start: Int
    var end: Int
    var kind: LineKind
    var annotations: [String: SourceryAnnotationValue]
    var blockAnnotations: [String: SourceryAnnotationValue]
  }

  private let bytes: [UInt8]
  private var lines: [Line] = []
  private var lineStarts: [Int] = []

  /// Whether `bytes` mention `sourcery:` at all: files that do not are not read again.
  static func mentionsSourcery(_ bytes: [UInt8]) -> Bool {
    marker.occurs(in: bytes)
  }

  private static let marker = ByteSearch.Pattern("sourcery:")

  /// A reader of `bytes`, or nil when they never mention `sourcery:` (nothing to fill).
  static func reader(of bytes: [UInt8]) -> SourceryAnnotationReader? {
    mentionsSourcery(bytes) ? SourceryAnnotationReader(bytes: bytes) : nil
  }

  /// Fills `sourceryAnnotations` of the declarations of a file, in place, from its text.
  func apply(
    structs: inout [StructDeclaration], enums: inout [EnumDeclaration],
    types: inout [TypeDeclaration]
  ) {
    for structIndex in structs.indices {
      structs[structIndex].sourceryAnnotations = annotations(
        at: structs[structIndex].location.offset)
      for propertyIndex in structs[structIndex].properties.indices {
        structs[structIndex].properties[propertyIndex].sourceryAnnotations = annotations(
          at: structs[structIndex].properties[propertyIndex].location.offset)
      }
      apply(to: &structs[structIndex].members)
    }
    for enumIndex in enums.indices {
      enums[enumIndex].sourceryAnnotations = annotations(at: enums[enumIndex].location.offset)
      for caseIndex in enums[enumIndex].caseDetails.indices {
        enums[enumIndex].caseDetails[caseIndex].sourceryAnnotations = annotations(
          at: enums[enumIndex].caseDetails[caseIndex].location.offset)
      }
      apply(to: &enums[enumIndex].members)
    }
    for typeIndex in types.indices {
      types[typeIndex].sourceryAnnotations = annotations(at: types[typeIndex].location.offset)
      apply(to: &types[typeIndex].members)
    }
  }

  private func apply(to members: inout MemberDeclarations) {
    for index in members.variables.indices {
      members.variables[index].sourceryAnnotations = annotations(
        at: members.variables[index].location.offset)
    }
    for index in members.methods.indices {
      members.methods[index].sourceryAnnotations = annotations(
        at: members.methods[index].location.offset)
    }
    for index in members.subscripts.indices {
      members.subscripts[index].sourceryAnnotations = annotations(
        at: members.subscripts[index].location.offset)
    }
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
    var block: [String: SourceryAnnotationValue]?
    var fileAnnotations: [String: SourceryAnnotationValue] = [:]
    var isInsideBlockComment = false
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let content = Self.trimmed(String(decoding: bytes[start..<end], as: UTF8.self))
      var kind = LineKind.other
      var own: [String: SourceryAnnotationValue] = [:]
      let isComment: Bool
      if isInsideBlockComment {
        isComment = true
        if content.contains("*/") { isInsideBlockComment = false }
      } else {
        isComment =
          content.hasPrefix("//") || content.hasPrefix("/*")
          || (content.hasPrefix("*") && !content.hasPrefix("*/"))
        if content.hasPrefix("/*") && !content.contains("*/") { isInsideBlockComment = true }
      }
      if isComment {
        kind =
          content.hasPrefix("///") || content.hasPrefix("/**") ? .documentation : .comment
        switch Self.commentAnnotations(content) {
        case .begin(let items):
          block = items
          kind = .marker
        case .end:
          block = nil
          kind = .marker
        case .file(let items):
          for (key, value) in items { fileAnnotations[key] = value }
          kind = .marker
        case .inline:
          kind = .marker
        case .items(let items):
          own = items
        }
      } else {
        if content.hasPrefix("@") && (content.contains(")") || !content.contains(" ")) {
          kind = .attribute
        } else if content.hasPrefix("#") {
          kind = .directive
        }
        own = Self.trailingAnnotations(content)
      }
      for (key, value) in block ?? [:] { own[key] = value }
      for (key, value) in fileAnnotations { own[key] = value }
      lines.append(
        Line(
          start: start, end: end, kind: kind, annotations: own, blockAnnotations: block ?? [:]))
      lineStarts.append(start)
      start = end + 1
    }
  }

  /// The annotations of the declaration whose name starts at `offset`.
  func annotations(at offset: Int) -> [String: SourceryAnnotationValue] {
    // The line holding `offset`: the last line starting at or before it.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let index = low
    let line = lines[index]
    // Collected in source order, top to bottom: the lines above, then the declaration's own
    // line, then `/* sourcery: */` comments before its name, left to right.
    var own: [String: SourceryAnnotationValue] = [:]
    var inline: [[String: SourceryAnnotationValue]] = []
    var readsAbove = true
    var prefix = Self.trimmed(
      String(decoding: bytes[line.start..<min(offset, line.end)], as: UTF8.self))
    if !prefix.isEmpty {
      own = line.blockAnnotations
      for (key, value) in line.annotations { Self.append(key, value, to: &own) }
      let isCase = prefix.hasPrefix("case")
      if isCase { prefix = Self.trimmed(String(prefix.dropFirst(4))) }
      var foundInline = false
      // `/* sourcery: key */` comments between the keywords and the name.
      while prefix.hasSuffix("*/"), let open = prefix.range(of: "/*", options: .backwards) {
        foundInline = true
        if case .items(let items) = Self.commentAnnotations(String(prefix[open.lowerBound...])) {
          inline.insert(items, at: 0)
        }
        prefix = Self.trimmed(String(prefix[..<open.lowerBound]))
      }
      if (foundInline || isCase) && !prefix.isEmpty {
        readsAbove = false
      } else if index == 0 {
        readsAbove = false
      } else {
        let previous = lines[index - 1]
        let previousText = Self.trimmed(
          String(decoding: bytes[previous.start..<previous.end], as: UTF8.self))
        readsAbove =
          previous.kind != .other && previous.kind != .marker
          && (previousText.hasPrefix("//") || previousText.hasSuffix("*/")
            || previousText.hasPrefix("@") || previousText.hasPrefix("#"))
      }
    } else {
      own = line.annotations
    }
    var result: [String: SourceryAnnotationValue] = [:]
    if readsAbove {
      var top = index - 1
      while top > 0 && lines[top].kind != .other && lines[top].kind != .marker { top -= 1 }
      if top >= 0 {
        for above in top..<index {
          for (key, value) in Self.sortedEntries(lines[above].annotations) {
            Self.append(key, value, to: &result)
          }
        }
      }
    }
    for (key, value) in Self.sortedEntries(own) { Self.append(key, value, to: &result) }
    for items in inline {
      for (key, value) in Self.sortedEntries(items) { Self.append(key, value, to: &result) }
    }
    return result
  }

  /// A line's entries in a fixed order, so that merging is the same on every run.
  private static func sortedEntries(
    _ annotations: [String: SourceryAnnotationValue]
  ) -> [(key: String, value: SourceryAnnotationValue)] {
    annotations.count < 2 ? Array(annotations) : annotations.sorted { $0.key < $1.key }
  }

  // MARK: - Comment lines

  private enum CommentAnnotations {
    case items([String: SourceryAnnotationValue])
    case begin([String: SourceryAnnotationValue])
    case end
    case file([String: SourceryAnnotationValue])
    case inline
  }

  private static func commentAnnotations(_ line: String) -> CommentAnnotations {
    var comment = Substring(line)
    for marker in ["///", "//", "/**", "/*", "*"] where comment.hasPrefix(marker) {
      comment = comment.dropFirst(marker.count)
      break
    }
    comment = comment.drop(while: { $0 == " " || $0 == "\t" })
    guard comment.hasPrefix("sourcery:") else { return .items([:]) }
    if comment.hasPrefix("sourcery:inline:") { return .inline }
    if comment.hasPrefix("sourcery:end") { return .end }
    var body: Substring
    if comment.hasPrefix("sourcery:begin:") {
      body = comment.dropFirst("sourcery:begin:".count)
      return .begin(parse(String(stripBlockEnd(body))))
    }
    if comment.hasPrefix("sourcery:file:") {
      body = comment.dropFirst("sourcery:file:".count)
      return .file(parse(String(stripBlockEnd(body))))
    }
    body = comment.dropFirst("sourcery:".count)
    if line.hasPrefix("/*") { body = stripBlockEnd(body) }
    return .items(parse(String(body)))
  }

  private static func stripBlockEnd(_ text: Substring) -> Substring {
    guard let close = text.range(of: "*/") else { return text }
    return text[..<close.lowerBound]
  }

  /// `var a: Int // sourcery: key` and `var a: Int /* sourcery: key */`.
  private static func trailingAnnotations(_ line: String) -> [String: SourceryAnnotationValue] {
    guard line.contains("sourcery:") else { return [:] }
    if let open = line.range(of: "/*", options: .backwards),
      let close = line.range(of: "*/", range: open.upperBound..<line.endIndex),
      let key = line.range(of: "sourcery:", range: open.upperBound..<close.lowerBound),
      trimmed(String(line[close.upperBound...])).isEmpty
    {
      return parse(String(line[key.upperBound..<close.lowerBound]))
    }
    guard let slashes = line.range(of: "//", options: .backwards) else { return [:] }
    let comment = line[slashes.upperBound...]
    guard let key = comment.range(of: "sourcery:") else { return [:] }
    return parse(String(comment[key.upperBound...]))
  }

  // MARK: - Entries

  /// `key, key = 1, key = "text", ns:key = [1, 2]` → annotations (Sourcery's `parse(line:)`).
  /// With `namespaces` false (`--args`), a `:` is part of the text.
  static func parse(_ line: String, namespaces allowsNamespaces: Bool = true)
    -> [String: SourceryAnnotationValue]
  {
    var entries = split(trimmed(line), separator: ",").map(trimmed)
    guard !entries.isEmpty else { return [:] }
    var namespaces = allowsNamespaces ? split(entries[0], separator: ":") : [entries[0]]
    entries[0] = trimmed(namespaces.removeLast())
    var annotations: [String: SourceryAnnotationValue] = [:]
    for entry in entries {
      let (name, value) = keyAndValue(entry)
      guard !name.isEmpty else { continue }
      append(name, value, to: &annotations)
    }
    for namespace in namespaces.reversed() {
      annotations = [trimmed(namespace): .dictionary(annotations)]
    }
    return annotations
  }

  private static func keyAndValue(_ entry: String) -> (String, SourceryAnnotationValue) {
    guard let equals = entry.firstIndex(of: "=") else { return (trimmed(entry), .number(1)) }
    let name = trimmed(String(entry[..<equals]))
    var value = trimmed(String(entry[entry.index(after: equals)...]))
    if value.isEmpty { return (name, .number(1)) }
    if let number = Double(value), value.first.map({ $0.isNumber || "+-.".contains($0) }) == true {
      return (name, .number(number))
    }
    if value.count >= 2
      && ((value.hasPrefix("\"") && value.hasSuffix("\""))
        || (value.hasPrefix("'") && value.hasSuffix("'")))
    {
      value = trimmed(String(value.dropFirst().dropLast()))
    }
    if value.hasPrefix("[") || value.hasPrefix("{"),
      let json = try? JSONSerialization.jsonObject(
        with: Data(value.utf8), options: [.fragmentsAllowed])
    {
      if let array = json as? [Any] { return (name, .array(array.map(jsonValue))) }
      if let dictionary = json as? [String: Any] {
        return (name, .dictionary(dictionary.mapValues(jsonValue)))
      }
    }
    return (name, .string(value))
  }

  private static func jsonValue(_ json: Any) -> SourceryAnnotationValue {
    switch json {
    case let string as String: return .string(string)
    case let number as NSNumber: return .number(number.doubleValue)
    case let array as [Any]: return .array(array.map(jsonValue))
    case let dictionary as [String: Any]: return .dictionary(dictionary.mapValues(jsonValue))
    default: return .string("\(json)")
    }
  }

  /// Sourcery's merge: a new value for a present key makes an array (without duplicates);
  /// dictionaries merge key by key.
  static func append(
    _ key: String, _ value: SourceryAnnotationValue,
    to annotations: inout [String: SourceryAnnotationValue]
  ) {
    guard let old = annotations[key] else {
      annotations[key] = value
      return
    }
    switch (old, value) {
    case (.array(var elements), _):
      if !elements.contains(value) {
        elements.append(value)
        annotations[key] = .array(elements)
      }
    case (.dictionary(var oldDictionary), .dictionary(let newDictionary)):
      for (innerKey, innerValue) in newDictionary.sorted(by: { $0.key < $1.key }) {
        append(innerKey, innerValue, to: &oldDictionary)
      }
      annotations[key] = .dictionary(oldDictionary)
    default:
      if old != value { annotations[key] = .array([old, value]) }
    }
  }

  /// Splits at `separator` outside quotes and brackets.
  private static func split(_ text: String, separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if "[{(".contains(character) {
        depth += 1
      } else if "]})".contains(character) {
        depth -= 1
      } else if character == separator && depth == 0 {
        parts.append(current)
        current = ""
        continue
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }

  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
  }
}
