/// Reads a property's Swift default value as the column's SQL `DEFAULT` when it is a plain
/// literal of the column's type, so that adding `var copies: Int = 1` (or `var shelf = "A1"`)
/// to a table that already has rows just works: `migrate` adds the column with that default.
///
/// | Swift default | column | SQL |
/// | --- | --- | --- |
/// | `1`, `-2`, `1_000` | an integer type | `1`, `-2`, `1000` |
/// | `true`, `false` | `Bool` | `1`, `0` |
/// | `1.5`, `-0.25`, `2`, `1e3` | `Double`, `Float`, `CGFloat`, `TimeInterval`… | as written, without `_` |
/// | `"A1"` (escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0` excepted: no interpolation) | `String` | `'A1'`, `'` doubled |
///
/// Anything else (an expression, a `Date()`, an optional, a JSON column) gives no `DEFAULT`, as
/// before; an explicit `default = …` annotation always wins. A case of the column's enum is
/// read by ``EnumCaseDefaultCheck``.
enum LiteralDefaultCheck {
  static let realTypes: Set<String> = [
    "Double", "Float", "Float32", "Float64", "TimeInterval", "CGFloat",
  ]

  static func sql(_ value: String?, column: ColumnModel) -> String? {
    guard let value, column.storage == .value, !column.isOptional else { return nil }
    let type = TypeMapping.builtinName(column.unwrappedSwiftType)
    if type == "Bool" {
      return value == "true" ? "1" : value == "false" ? "0" : nil
    }
    if TypeMapping.isInteger(type) {
      return number(value, allowsFraction: false)
    }
    if realTypes.contains(type) {
      return number(value, allowsFraction: true)
    }
    if type == "String" {
      return string(value)
    }
    return nil
  }

  /// `-1_000` gives `-1000`; nil for anything that is not a decimal literal.
  static func number(_ text: String, allowsFraction: Bool) -> String? {
    let bytes = Array(text.utf8).filter { $0 != UInt8(ascii: "_") }
    var position = 0
    if bytes.first == UInt8(ascii: "-") { position = 1 }
    func digits() -> Int {
      let start = position
      while position < bytes.count && bytes[position].isDigit { position += 1 }
      return position - start
    }
    guard digits() > 0 else { return nil }
    if allowsFraction && position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return nil }
    }
    if allowsFraction && position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard digits() > 0 else { return nil }
    }
    guard position == bytes.count else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `"it's"` gives `'it''s'`; nil for interpolations, raw, multi-line or unknown escapes.
  static func string(_ text: String) -> String? {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.hasPrefix("\"\"\"")
    else { return nil }
    var output = "'"
    var characters = text.dropFirst().dropLast()[...]
    while let character = characters.first {
      characters = characters.dropFirst()
      switch character {
      case "\"": return nil
      case "\0": return nil
      case "'": output += "''"
      case "\\":
        guard let escaped = characters.first else { return nil }
        characters = characters.dropFirst()
        switch escaped {
        case "\"": output += "\""
        case "\\": output += "\\"
        case "'": output += "''"
        case "n": output += "\n"
        case "t": output += "\t"
        case "r": output += "\r"
        default: return nil  // `\(…)`, `\u{…}`, `\0`: not a constant SQL text can hold
        }
      default: output.append(character)
      }
    }
    return output + "'"
  }
}
