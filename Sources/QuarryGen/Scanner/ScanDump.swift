/// The JSON that `quarry scan` prints: every struct and enum, sorted by file and line.
///
/// Keys always come in the same order and the output is byte-identical for the same input, so
/// dumps can be diffed. One struct header, property or enum per line keeps `grep` useful:
///
/// ```text
/// {"structs":[
///   {"name":"Bird","file":"Models/Bird.swift","line":2,"column":15,"access":"public",…,
///    "properties":[
///     {"name":"id","type":"UUID","isLet":false,"default":null,"attributes":[],…}]}],
///  "enums":[
///   {"name":"Kind","file":"Models/Bird.swift","line":9,…,"rawType":"String","cases":["a","b"]}],
///  "diagnostics":[]}
/// ```
///
/// Struct keys: `name`, `file`, `line`, `column`, `access`, `generics`, `inherits`,
/// `attributes`, `annotations`, `conditions`, `doc`, `properties`. Property keys: `name`,
/// `type`, `isLet`, `default`, `attributes`, `annotations`, `line`, `column`, `access`,
/// `setterAccess`, `isLazy`, `isTypeInferred`, `conditions`, `doc`. Enum keys: `name`, `file`,
/// `line`, `column`, `access`, `rawType`, `inherits`, `attributes`, `annotations`,
/// `conditions`, `doc`, `cases`. `diagnostics` holds rendered `path:line:column: error: …`
/// lines. Annotations are an object in source order (a repeated key appears twice); numbers
/// that are valid JSON numbers are printed as numbers, identifiers as strings.
public enum ScanDump {
  public static func json(_ files: [ScannedFile]) -> String {
    // Entries sort by file, then position, then text, so input order never shows.
    var structEntries: [(path: String, offset: Int, json: String)] = []
    var enumEntries: [(path: String, offset: Int, json: String)] = []
    var diagnosticEntries: [(path: String, offset: Int, json: String)] = []
    for scanned in files {
      var lines = LineTable(file: scanned.file)
      let path = scanned.file.path
      for declaration in scanned.structs {
        structEntries.append(
          (path, declaration.location.offset, structJSON(declaration, path: path, lines: &lines)))
      }
      for declaration in scanned.enums {
        enumEntries.append(
          (path, declaration.location.offset, enumJSON(declaration, path: path, lines: &lines)))
      }
      for diagnostic in scanned.diagnostics {
        var text = string(
          rendered(
            diagnostic.severity.rawValue, diagnostic.message, diagnostic.location, lines: &lines))
        for note in diagnostic.notes {
          if let location = note.location {
            text += ",\n  " + string(rendered("note", note.message, location, lines: &lines))
          } else {
            text += ",\n  " + string("note: \(note.message)")
          }
        }
        diagnosticEntries.append((diagnostic.location.path, diagnostic.location.offset, text))
      }
    }
    let order = {
      (
        lhs: (path: String, offset: Int, json: String),
        rhs: (path: String, offset: Int, json: String)
      ) -> Bool in
      (lhs.path, lhs.offset, lhs.json) < (rhs.path, rhs.offset, rhs.json)
    }
    let structLines = structEntries.sorted(by: order).map(\.json)
    let enumLines = enumEntries.sorted(by: order).map(\.json)
    let diagnosticLines = diagnosticEntries.sorted(by: order).map(\.json)
    var output = "{\"structs\":["
    output += structLines.isEmpty ? "" : "\n  " + structLines.joined(separator: ",\n  ")
    output += "],\n \"enums\":["
    output += enumLines.isEmpty ? "" : "\n  " + enumLines.joined(separator: ",\n  ")
    output += "],\n \"diagnostics\":["
    output += diagnosticLines.isEmpty ? "" : "\n  " + diagnosticLines.joined(separator: ",\n  ")
    output += "]}\n"
    return output
  }

  private static func structJSON(
    _ declaration: StructDeclaration, path: String, lines: inout LineTable
  ) -> String {
    let (line, column) = lines.lineAndColumn(at: declaration.location.offset)
    var fields: [(String, String)] = [
      ("name", string(declaration.name)), ("file", string(path)), ("line", "\(line)"),
      ("column", "\(column)"), ("access", string(declaration.access.rawValue)),
      ("generics", optional(declaration.genericParameters)),
      ("inherits", array(declaration.inheritedTypes.map(string))),
      ("attributes", array(declaration.attributes.map(attribute))),
      ("annotations", annotations(declaration.annotations)),
      ("conditions", array(declaration.conditions.map(string))),
      ("doc", optional(declaration.docComment)),
    ]
    var properties: [String] = []
    for property in declaration.properties {
      properties.append(propertyJSON(property, lines: &lines))
    }
    fields.append(
      (
        "properties",
        properties.isEmpty ? "[]" : "[\n    " + properties.joined(separator: ",\n    ") + "]"
      ))
    return object(fields)
  }

  private static func propertyJSON(_ property: PropertyDeclaration, lines: inout LineTable)
    -> String
  {
    let (line, column) = lines.lineAndColumn(at: property.location.offset)
    return object([
      ("name", string(property.name)), ("type", optional(property.typeName)),
      ("isLet", "\(property.isLet)"), ("default", optional(property.defaultValue)),
      ("attributes", array(property.attributes.map(attribute))),
      ("annotations", annotations(property.annotations)), ("line", "\(line)"),
      ("column", "\(column)"), ("access", string(property.access.rawValue)),
      ("setterAccess", optional(property.setterAccess?.rawValue)),
      ("isLazy", "\(property.isLazy)"), ("isTypeInferred", "\(property.isTypeInferred)"),
      ("conditions", array(property.conditions.map(string))),
      ("doc", optional(property.docComment)),
    ])
  }

  private static func enumJSON(
    _ declaration: EnumDeclaration, path: String, lines: inout LineTable
  ) -> String {
    let (line, column) = lines.lineAndColumn(at: declaration.location.offset)
    return object([
      ("name", string(declaration.name)), ("file", string(path)), ("line", "\(line)"),
      ("column", "\(column)"), ("access", string(declaration.access.rawValue)),
      ("rawType", optional(declaration.rawType)),
      ("inherits", array(declaration.inheritedTypes.map(string))),
      ("attributes", array(declaration.attributes.map(attribute))),
      ("annotations", annotations(declaration.annotations)),
      ("conditions", array(declaration.conditions.map(string))),
      ("doc", optional(declaration.docComment)),
      ("cases", array(declaration.cases.map(string))),
    ])
  }

  /// `path:line:column: severity: message`; positions in other files show the path only.
  private static func rendered(
    _ severity: String, _ message: String, _ location: SourceLocation, lines: inout LineTable
  ) -> String {
    guard location.path == lines.path else { return "\(location.path): \(severity): \(message)" }
    let (line, column) = lines.lineAndColumn(at: location.offset)
    return "\(location.path):\(line):\(column): \(severity): \(message)"
  }

  // MARK: - JSON pieces

  private static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  private static func array(_ items: [String]) -> String {
    "[" + items.joined(separator: ",") + "]"
  }

  private static func optional(_ value: String?) -> String {
    value.map(string) ?? "null"
  }

  private static func attribute(_ attribute: AttributeDeclaration) -> String {
    string("@" + attribute.name + (attribute.arguments.map { "(" + $0 + ")" } ?? ""))
  }

  private static func annotations(_ annotations: [Annotation]) -> String {
    "{" + annotations.map { "\(string($0.key)):\(value($0.value))" }.joined(separator: ",")
      + "}"
  }

  private static func value(_ value: AnnotationValue) -> String {
    switch value {
    case .bool(let flag): "\(flag)"
    case .string(let text), .identifier(let text): string(text)
    case .number(let text): isJSONNumber(text) ? text : string(text)
    case .list(let items): array(items.map(Self.value))
    }
  }

  /// Whether `text` matches JSON's number grammar (`1_000` and `0x1F` do not).
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == ASCII.minus { bytes = bytes.dropFirst() }
    guard let first = bytes.first, first.isDigit else { return false }
    var integer = bytes.prefix(while: \.isDigit)
    if integer.count > 1 && first == UInt8(ascii: "0") { return false }
    bytes = bytes.dropFirst(integer.count)
    if bytes.first == ASCII.dot {
      bytes = bytes.dropFirst()
      integer = bytes.prefix(while: \.isDigit)
      if integer.isEmpty { return false }
      bytes = bytes.dropFirst(integer.count)
    }
    if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
      bytes = bytes.dropFirst()
      if bytes.first == ASCII.plus || bytes.first == ASCII.minus { bytes = bytes.dropFirst() }
      integer = bytes.prefix(while: \.isDigit)
      if integer.isEmpty { return false }
      bytes = bytes.dropFirst(integer.count)
    }
    return bytes.isEmpty
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func string(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}

/// Line and column numbers for one file: line starts found once, each lookup a binary search.
struct LineTable {
  let path: String
  private let bytes: [UInt8]
  private var lineStarts: [Int]?

  init(file: SourceFile) {
    path = file.path
    bytes = file.bytes
  }

  /// The 1-based line and column (in UTF-8 bytes) of `offset`, as `SourceFile` computes them.
  mutating func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
    let target = min(max(offset, 0), bytes.count)
    let starts = lineStarts ?? computeLineStarts()
    lineStarts = starts
    // The last line start that is <= target.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= target { low = middle } else { high = middle - 1 }
    }
    return (low + 1, target - starts[low] + 1)
  }

  private func computeLineStarts() -> [Int] {
    var starts = [0]
    for index in bytes.indices where bytes[index] == ASCII.newline { starts.append(index + 1) }
    return starts
  }
}
