import Foundation

/// A reproducible random number generator (SplitMix64): a failing model is rebuilt from its
/// seed alone.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Writes random but valid Swift model files that use every annotation, with names from the
/// whole Unicode range Swift allows in identifiers and hostile strings in `table`, `column`
/// and `default`. Every type name ends in `_<model number>` so many models can be
/// type-checked together in one module.
struct HostileModel {
  var random: SeededGenerator
  let suffix: String

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
    suffix = "_\(seed)"
  }

  // MARK: - Identifiers

  /// Ranges of identifier-head characters (C11 Annex D, which the Swift lexer follows),
  /// a few from each block so every script shows up.
  static let headRanges: [ClosedRange<UInt32>] = [
    0x41...0x5A, 0x61...0x7A, 0x5F...0x5F, 0xA8...0xA8, 0xAA...0xAA, 0xC0...0xD6, 0xD8...0xF6,
    0xF8...0xFF, 0x100...0x2FF, 0x370...0x3FF, 0x400...0x4FF, 0x5D0...0x5EA, 0x620...0x64A,
    0x905...0x939, 0xE01...0xE30, 0x1100...0x11FF, 0x1E00...0x1FFF, 0x2070...0x20CF,
    0x2100...0x218F, 0x2460...0x24FF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
    0xAC00...0xD7A3, 0xF900...0xFA2D, 0x1F300...0x1F5FF, 0x1F900...0x1F9FF, 0x20000...0x2A6DF,
  ]
  /// Characters allowed after the first: digits and combining marks.
  static let continuationRanges: [ClosedRange<UInt32>] = [
    0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
  ]
  /// Names that need backticks or that clash with what generated code declares.
  static let awkwardNames = [
    "`class`", "`default`", "`func`", "`in`", "`is`", "`as`",
    "`init`", "`nil`", "`true`", "`where`", "`static`", "`var`",
    "get", "set", "some", "any", "async", "await", "actor", "macro", "package", "open",
    "row", "statement", "index", "column", "primaryKey", "value", "record", "table",
    "name", "columns", "indexes", "description", "hashValue", "quarryRecord",
    "bind", "decode", "_x", "__", "x0", "Record", "Quarry",
  ]
  /// Names the model rejects (the generated code needs them); used rarely, to check that
  /// they are rejected rather than generating code that does not compile.
  static let rejectedNames = [
    "hasChanges", "markChanged", "Columns", "PrimaryKey", "Value", "`Type`", "`Protocol`",
    "`self`", "`Self`",
  ]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  mutating func scalar(in ranges: [ClosedRange<UInt32>]) -> Character {
    while true {
      let range = pick(ranges)
      let value = UInt32.random(in: range, using: &random)
      if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned {
        return Character(scalar)
      }
    }
  }

  /// A random identifier (without backticks), 1 to 8 characters.
  mutating func identifier() -> String {
    var name = String(scalar(in: Self.headRanges))
    // `_` alone is no name (`var _: Int` binds nothing).
    for _ in 0..<int(name == "_" ? 1...7 : 0...7) {
      name.append(
        chance(30) ? scalar(in: Self.continuationRanges) : scalar(in: Self.headRanges))
    }
    return name
  }

  /// `name` without its backticks, scalar by scalar: `String`'s own comparison finds a
  /// backtick in U+1FEF GREEK VARIA, which decomposes to one, and removing it named a property
  /// the struct does not have (seed 9's `index` listed `峙₎1שh쿵` for `峙₎1שh쿵\u{1FEF}`).
  static func unquoted(_ name: String) -> String {
    String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != "`" }))
  }

  mutating func propertyName(taken: inout Set<String>) -> String {
    while true {
      let name =
        chance(2) ? pick(Self.rejectedNames) : chance(25) ? pick(Self.awkwardNames) : identifier()
      let key = Self.unquoted(name)
      if key != "id", taken.insert(key).inserted { return name }
    }
  }

  // MARK: - Strings

  /// Scalars that need care in a Swift literal, a comment, SQL or a terminal.
  static let hostileScalars: [String] = [
    "\"", "\\", "\\(", "#", "\"\"\"", "'", "''", "`", "*/", "/*", "--", ";", "%", "?", "$1",
    // Bidirectional controls (U+202E…) are refused in names and defaults (see
    // `BidiAndEscapeTests`), so they are not among the strings that must compile.
    "\u{200B}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{E000}",
    "\u{301}", "é", "e\u{301}", "🐦", "👩‍👩‍👧", "鳥", "ß", "İ", "Ω", "\u{7F}", "\u{85}",
  ]

  /// A random string for `table`, `column` or `default`, spelt as an annotation string
  /// literal (escapes included); returns the literal text.
  mutating func annotationString(maximumLength: Int = 12) -> String {
    var literal = ""
    for _ in 0..<int(1...maximumLength) {
      switch int(0...9) {
      case 0: literal += pick(["\\t", "\\n", "\\r", "\\\"", "\\\\"])
      case 1:
        let control = pick([1, 2, 7, 8, 0xB, 0xC, 0x1B, 0x1F, 0x7F, 0x85, 0x2028])
        literal += "\\u{\(String(control, radix: 16))}"
      case 2: literal += "\t"  // raw tab: legal in a comment, not in a Swift literal
      case 3, 4:
        literal += pick(Self.hostileScalars).replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"")
      case 5: literal.append(scalar(in: Self.headRanges))
      default: literal.append(pick(Array("abcxyz_019 ")))
      }
    }
    // SQLite reserves `sqlite_` table names; the model rejects them (tested elsewhere).
    if literal.lowercased().hasPrefix("sqlite_") { literal = "x" + literal }
    return literal
  }

  // MARK: - Types

  struct ColumnType {
    var spelling: String
    var kind: Kind
    var isOptional: Bool
    enum Kind { case integer, real, text, bool, blob, json, enumeration, other }
  }

  /// `(spelling, kind)`; the spellings include whitespace and comments the compiler accepts.
  static let baseTypes: [(String, ColumnType.Kind)] = [
    ("Int", .integer), ("Int8", .integer), ("Int16", .integer), ("Int32", .integer),
    ("Int64", .integer), ("UInt", .integer), ("UInt8", .integer), ("UInt16", .integer),
    ("UInt32", .integer), ("UInt64", .integer), ("Swift.Int", .integer), ("Bool", .bool),
    ("Double", .real), ("Float", .real), ("Date", .other), ("Foundation.Date", .other),
    ("String", .text), ("Swift.String", .text), ("Character", .other), ("UUID", .other),
    ("URL", .other), ("Data", .blob), ("Decimal", .other), ("[String]", .json),
    ("[ String ]", .json), ("[String: Int]", .json), ("[String:\n    Int]", .json),
    ("Array<Int>", .json), ("Dictionary<String, [Double]>", .json), ("Set<Int>", .json),
    ("[Int /* count */]", .json), ("[String : [Int?]]", .json),
  ]

  mutating func columnType(enums: [String]) -> ColumnType {
    var base: (String, ColumnType.Kind)
    if !enums.isEmpty && chance(12) {
      base = (pick(enums), .enumeration)
    } else {
      base = pick(Self.baseTypes)
    }
    guard chance(40) else { return ColumnType(spelling: base.0, kind: base.1, isOptional: false) }
    // `?` after a vertical tab or form feed still binds to the type (the compiler's rule).
    let mark = pick(["?", "?", "\u{B}?", "\u{C}?"])
    let spelling =
      chance(15) && !base.0.contains("\n") ? "Optional<\(base.0)>" : base.0 + mark
    return ColumnType(spelling: spelling, kind: base.1, isOptional: true)
  }

  /// A `default = …` value fitting `type`, or nil.
  mutating func defaultValue(for type: ColumnType) -> String? {
    guard chance(30) else { return nil }
    if type.isOptional && chance(30) { return "NULL" }
    switch type.kind {
    case .integer: return pick(["0", "1", "42", "-7"])
    case .real: return pick(["0", "-1.5", "2.5e3", "7"])
    case .bool: return pick(["true", "false"])
    case .text: return "\"" + annotationString() + "\""
    default: return nil
    }
  }

  // MARK: - Files

  /// One model file: a raw-value enum or two, one to three persisted structs (one may
  /// reference another), each with every kind of annotation somewhere.
  mutating func file() -> String {
    var lines = ["import Foundation", ""]
    var enums: [String] = []
    for _ in 0..<int(0...2) {
      let name = identifier().capitalized + "Kind" + suffix + "_\(enums.count)"
      let raw = pick(["String", "Int", "Character", "Int64"])
      let cases = ["a", "b\(int(0...9))"]
      var caseLines: [String] = []
      for (position, name) in cases.enumerated() {
        switch raw {
        case "String": caseLines.append("  case \(name) = \"\(identifier()).\(position)\"")
        case "Character": caseLines.append("  case \(name) = \"\(position)\"")
        default: caseLines.append("  case \(name) = \(position)")
        }
      }
      lines += ["enum \(name): \(raw), Codable, Sendable {"] + caseLines.map {
        // A String raw value is a Swift literal: keep it simple and legal.
        $0.replacingOccurrences(of: "\t", with: " ")
      } + ["}", ""]
      enums.append(name)
    }
    var structs: [(name: String, keyType: String)] = []
    for position in 0..<int(1...3) {
      let name = "S" + identifier() + suffix + "_\(position)"
      lines += structLines(name: name, enums: enums, referable: structs)
      structs.append((name, "Int64"))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  mutating func structLines(
    name: String, enums: [String], referable: [(name: String, keyType: String)]
  ) -> [String] {
    var structAnnotations: [String] = []
    if chance(60) { structAnnotations.append("table = \"\(annotationString())\"") }
    if structAnnotations.isEmpty || chance(20) { structAnnotations.append("persist") }
    var taken: Set<String> = []
    var properties: [String] = []
    var columnNames: [String] = []
    var plainNames: [String] = []
    // The key: `id: Int64` (so references can point here), sometimes autoincrement.
    if chance(30) {
      properties.append("  // quarry: primaryKey, autoincrement\n  var id: Int64?")
    } else {
      properties.append("  // quarry: primaryKey\n  var id: Int64")
    }
    plainNames.append("id")
    for _ in 0..<int(1...6) {
      let property = propertyName(taken: &taken)
      let type = columnType(enums: enums)
      var annotations: [String] = []
      if chance(35) { annotations.append("column = \"\(annotationString())\"") }
      if chance(15) && type.kind != .json && type.kind != .blob { annotations.append("unique") }
      if chance(15) && type.kind != .json { annotations.append("index") }
      if let value = defaultValue(for: type) { annotations.append("default = \(value)") }
      var declaration = "  var \(property): \(type.spelling)"
      if chance(8) {
        annotations = ["ignore"]
        declaration += type.isOptional ? " = nil" : ""
        if !type.isOptional { declaration = "  var \(property): Int = 0" }
      } else if type.kind == .json && chance(30) {
        annotations.append("json")
      } else if chance(10) {
        annotations = ["json"]
        declaration = "  var \(property): [String: [Int]]?"
      }
      let comment = annotations.isEmpty ? "" : "  // quarry: \(annotations.joined(separator: ", "))\n"
      properties.append(comment + declaration)
      if !annotations.contains("ignore") {
        plainNames.append(Self.unquoted(property))
      }
      columnNames.append(property)
    }
    if let target = referable.last, chance(50) {
      // `…Id`: the association is named after the property without it (`nestId` → `nest`).
      var property = identifier() + "Id"
      while !taken.insert(property).inserted { property = identifier() + "Id" }
      properties.append("  // quarry: references = \(target.name)\n  var \(property): Int64?")
      plainNames.append(Self.unquoted(property))
    }
    let listed = plainNames.filter { !$0.unicodeScalars.contains("`") && $0 != "id" }
    if listed.count >= 2 && chance(40) {
      structAnnotations.append("index = [\(listed[0]), \(listed[1])]")
    }
    if listed.count >= 1 && chance(25) {
      structAnnotations.append("unique = [\(listed[0]), id]")
    }
    var lines: [String] = []
    for annotation in structAnnotations { lines.append("// quarry: \(annotation)") }
    let access = pick(["", "public ", "package "])
    lines.append("\(access)struct \(name): Sendable {")
    lines += properties.map { access.isEmpty ? $0 : $0.replacingOccurrences(of: "  var ", with: "  \(access)var ") }
    lines += ["}", ""]
    // A public struct cannot expose internal enums: keep those internal-only.
    if !access.isEmpty {
      return lines.map { line in
        enums.reduce(line) {
          $0.replacingOccurrences(of: ": \($1)", with: ": String")
            .replacingOccurrences(of: "<\($1)>", with: "<String>")
        }
      }
    }
    return lines
  }
}
