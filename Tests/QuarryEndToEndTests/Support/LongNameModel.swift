import Foundation

/// Writes random, valid Swift model files whose names are long: type names up to ~80
/// characters (nested ones too), property names, raw column and table names up to ~60, with nested
/// types, owned children (arrays and optionals, two levels deep), references with
/// inverses, raw-value enums, JSON columns, indexes and composite keys. Every name ends in
/// `N<seed>` (types) or is unique within its struct, so many models can share one module.
///
/// ```swift
/// var model = LongNameModel(seed: 7)
/// let source = model.file()
/// ```
struct LongNameModel {
  var random: SeededGenerator
  let suffix: String
  private var typeCount = 0

  /// The longest type, property and SQL name written (a nested type's two names share the
  /// type length).
  let longestType: Int
  let longestProperty: Int
  let longestSQL: Int

  init(seed: UInt64, longestType: Int = 80, longestProperty: Int = 60, longestSQL: Int = 60) {
    random = SeededGenerator(seed: seed)
    suffix = "N\(seed)"
    self.longestType = longestType
    self.longestProperty = longestProperty
    self.longestSQL = longestSQL
  }

  static let words = [
    "customer", "loyalty", "program", "membership", "status", "history", "attachment",
    "ingredient", "nutrition", "reporting", "lifecycle", "grouping", "preference",
    "settings", "accumulated", "balance", "assignment", "summary", "page", "entry", "line",
    "facts", "display", "label", "audit", "trail", "version", "purpose", "channel", "note",
  ]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  /// A target length: mostly long, sometimes short, so short and long names meet in a line.
  mutating func length(longest: Int) -> Int {
    switch int(0...9) {
    case 0...1: return int(4...12)
    case 2...3: return int(min(20, longest)...min(45, longest))
    default: return int(longest * 3 / 4...longest)
    }
  }

  /// Camel-case words up to about `length` characters, upper or lower first letter.
  mutating func words(_ length: Int, upper: Bool) -> String {
    var name = ""
    while name.count < length {
      let word = pick(Self.words)
      name += name.isEmpty && !upper ? word : word.prefix(1).uppercased() + word.dropFirst()
    }
    return String(name.prefix(max(length, 1)))
  }

  /// A type name ending in `role`, a number unique in the file and the suffix.
  mutating func typeName(_ role: String, longest: Int? = nil) -> String {
    typeCount += 1
    let ending = role + "\(typeCount)" + suffix
    return words(length(longest: longest ?? longestType) - ending.count, upper: true) + ending
  }

  mutating func propertyName(taken: inout Set<String>, ending: String = "") -> String {
    while true {
      let name = words(length(longest: longestProperty) - ending.count, upper: false) + ending
      if taken.insert(name).inserted { return name }
    }
  }

  /// A snake-case SQL name of about `length` characters.
  mutating func sqlName(taken: inout Set<String>) -> String {
    while true {
      let target = length(longest: longestSQL)
      var name = ""
      while name.count < target { name += (name.isEmpty ? "" : "_") + pick(Self.words) }
      if taken.insert(name).inserted { return name }
    }
  }

  struct Child {
    var name: String
    var lines: [String]
  }

  /// One model file: enums, a Codable JSON struct, one to three persisted structs (some
  /// nested in a namespace enum), owned children, references between the structs.
  mutating func file() -> String {
    var lines = ["import Foundation", ""]
    var enums: [String] = []
    for position in 0..<int(1...2) {
      let name = typeName("Kind\(position)")
      let isString = chance(50)
      let first = words(length(longest: 70), upper: false)
      lines += [
        "enum \(name): \(isString ? "String" : "Int"), Codable, Sendable {",
        "  case \(first), second\(isString ? "" : " = 7")", "}", "",
      ]
      enums.append(name)
    }
    let json = typeName("Settings")
    lines += [
      "struct \(json): Codable, Sendable, Equatable {",
      "  var \(words(length(longest: 70), upper: false)): [String]", "}", "",
    ]
    var tables = Set<String>()
    var persisted: [(name: String, keyType: String?)] = []
    for position in 0..<int(1...3) {
      let isNested = chance(35)
      let name = typeName("Record\(position)", longest: isNested ? longestType / 2 : longestType)
      let namespace = isNested ? typeName("Space\(position)", longest: longestType / 2) : nil
      var children: [Child] = []
      let (body, keyType) = structLines(
        name: name, enums: enums, json: json, referable: persisted, tables: &tables,
        children: &children)
      if let namespace {
        lines += ["enum \(namespace) {"] + body.map { $0.isEmpty ? $0 : "  " + $0 } + ["}", ""]
        persisted.append((namespace + "." + name, keyType))
      } else {
        lines += body
        persisted.append((name, keyType))
      }
      for child in children { lines += child.lines }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A column's annotation line (if any) and declaration; `keyable` says whether it may be
  /// part of a composite primary key. Owned children (`json` nil) have no JSON columns and no
  /// indexes.
  mutating func columnLines(
    enums: [String], json: String?, taken: inout Set<String>, columns: inout Set<String>
  ) -> (lines: [String], name: String, keyable: Bool) {
    let property = propertyName(taken: &taken)
    var annotations: [String] = []
    if chance(40) { annotations.append("column = \"\(sqlName(taken: &columns))\"") }
    var type: String
    switch int(0...9) {
    case 0: type = pick(enums)
    case 1: type = pick(enums) + "?"
    case 2 where json != nil:
      type = json ?? ""
      annotations.append("json")
    case 3: type = pick(["Date", "Date?"])
    case 4: type = pick(["Data", "UUID?", "[String]"])
    case 5: type = "Double?"
    case 6:
      type = "Int"
      annotations.append("default = 0")
    default: type = pick(["String", "Int", "Bool", "String?"])
    }
    if json != nil && chance(15) && !annotations.contains("json") && type != "[String]" {
      annotations.append(pick(["index", "unique"]))
    }
    let comment = annotations.isEmpty ? [] : ["  // quarry: \(annotations.joined(separator: ", "))"]
    let keyable = (type == "String" || type == "Int") && !annotations.contains("unique")
    return (comment + ["  var \(property): \(type)"], property, keyable)
  }

  mutating func structLines(
    name: String, enums: [String], json: String, referable: [(name: String, keyType: String?)],
    tables: inout Set<String>, children: inout [Child]
  ) -> (lines: [String], keyType: String?) {
    var structAnnotations: [String] = []
    if chance(50) { structAnnotations.append("table = \"\(sqlName(taken: &tables))\"") }
    var taken: Set<String> = ["id"]
    var columns: Set<String> = []
    var properties: [String] = []
    var plain: [String] = []
    let composite = chance(20)
    var keyType: String? = composite ? nil : "Int64"
    if !composite {
      switch int(0...2) {
      case 0: properties += ["  // quarry: primaryKey, autoincrement", "  var id: Int64?"]
      case 1: properties += ["  var id: Int64"]
      default:
        properties += ["  var id: UUID"]
        keyType = "UUID"
      }
    }
    for _ in 0..<int(2...6) {
      let column = columnLines(enums: enums, json: json, taken: &taken, columns: &columns)
      if column.keyable { plain.append(column.name) }
      properties += column.lines
    }
    if let target = referable.last, let targetKey = target.keyType, chance(70) {
      let property = propertyName(taken: &taken, ending: "ID")
      var annotation = "references = \(target.name), onDelete = \(pick(["cascade", "setNull"]))"
      if chance(50) {
        annotation += ", inverse = \"\(propertyName(taken: &taken, ending: "Inverse"))\""
      }
      if chance(40) { annotation += ", index" }
      properties += ["  // quarry: \(annotation)", "  var \(property): \(targetKey)?"]
    }
    if composite && plain.count >= 2 {
      structAnnotations.append("primaryKey = [\(plain[0]), \(plain[1])]")
    } else if composite {
      properties += ["  var id: Int64"]
      keyType = "Int64"
    }
    if plain.count >= 2 && chance(40) {
      structAnnotations.append(
        "\(pick(["index", "unique"])) = [\(plain[plain.count - 1]), \(plain[plain.count - 2])]")
    }
    for _ in 0..<int(0...2) {
      let child = childLines(
        name: typeName("Child\(children.count)"), depth: 0, enums: enums, tables: &tables,
        children: &children)
      let isOptional = chance(30)
      properties += [
        "  // quarry: owned",
        "  var \(propertyName(taken: &taken)): \(isOptional ? child + "?" : "[\(child)]")",
      ]
    }
    if chance(30) {
      properties += ["  // quarry: updatedAt", "  var \(propertyName(taken: &taken)): Date"]
    }
    if structAnnotations.isEmpty { structAnnotations.append("persist") }
    let head = [
      "// quarry: \(structAnnotations.joined(separator: ", "))", "struct \(name): Sendable {",
    ]
    return (head + properties + ["}", ""], keyType)
  }

  /// An owned child's type (top level, declared after the struct), maybe with its own child.
  mutating func childLines(
    name: String, depth: Int, enums: [String], tables: inout Set<String>,
    children: inout [Child]
  ) -> String {
    var taken: Set<String> = []
    var properties: [String] = []
    var annotations: [String] = []
    if chance(30) { annotations.append("table = \"\(sqlName(taken: &tables))\"") }
    var columns: Set<String> = []
    for _ in 0..<int(1...3) {
      properties += columnLines(enums: enums, json: nil, taken: &taken, columns: &columns).lines
    }
    if depth == 0 && chance(50) {
      let grandchild = childLines(
        name: typeName("Grand\(children.count)"), depth: 1, enums: enums, tables: &tables,
        children: &children)
      properties += [
        "  // quarry: owned",
        "  var \(propertyName(taken: &taken)): "
          + (chance(30) ? grandchild + "?" : "[\(grandchild)]"),
      ]
    }
    let head = annotations.isEmpty ? [] : ["// quarry: \(annotations.joined(separator: ", "))"]
    children.append(
      Child(
        name: name,
        lines: head + ["struct \(name): Sendable, Equatable {"] + properties + ["}", ""]))
    return name
  }
}
