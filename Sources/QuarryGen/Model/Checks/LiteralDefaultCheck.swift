/// Reads a property's Swift default value as the column's SQL `DEFAULT` when it is a plain
/// literal of the column's type, so that adding `var copies: Int = 1` (or `var shelf = "A1"`)
/// to a table that already has rows just works: `migrate` adds the column with that default.
///
/// | Swift default | column | SQL |
/// | --- | --- | --- |
/// | `1`, `-2`, `1_000`, `0x1F`, `0b101` | an integer type | `1`, `-2`, `1000`, `31`, `5` |
/// | `true`, `false` | `Bool` | `1`, `0` |
/// | `1.5`, `-0.25`, `2`, `1e3` | `Double`, `Float`, `CGFloat`, `TimeInterval`… | as written, without `_` |
/// | `"A1"` (escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0` excepted: no interpolation) | `String` | `'A1'`, `'` doubled |
/// | `[]` | `[T]`, `Array<T>`, `Set<T>` (JSON) | `'[]'` |
/// | `[:]` | `[String: V]`, `[Int: V]` (JSON) | `'{}'` |
///
/// Anything else (an expression, a `Date()`, an optional, another JSON value) gives no
/// `DEFAULT`, as before; an explicit `default = …` annotation always wins. A case of the
/// column's enum is read by ``EnumCaseDefaultCheck``.
enum LiteralDefaultCheck {
  static let realTypes: Set<String> = [
    "Double", "Float", "Float32", "Float64", "TimeInterval", "CGFloat",
  ]

  static func sql(_ value: String?, column: ColumnModel) -> String? {
    guard let value, !column.isOptional else { return nil }
    if column.storage == .json { return emptyCollection(value, type: column.unwrappedSwiftType) }
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

  /// `[]` of an array or set gives `'[]'`, `[:]` of a dictionary keyed by `String` or `Int`
  /// gives `'{}'`: the JSON the runtime writes for an empty value (`JSONEncoder` writes other
  /// dictionaries as arrays, and other types may encode an empty literal as anything).
  private static func emptyCollection(_ value: String, type written: String) -> String? {
    let type = TypeMapping.builtinName(written)
    let bytes = Array(type.utf8)
    if type.hasPrefix("Array<") || type.hasPrefix("Set<") {
      return value == "[]" ? "'[]'" : nil
    }
    var keyType: Substring?
    if type.hasPrefix("Dictionary<") {
      keyType = type.dropFirst("Dictionary<".count).split(separator: ",").first
    } else if bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") {
      // `[K: V]` has a colon outside nested brackets; `[T]` (even `[[K: V]]`) has none.
      var depth = 0
      for (offset, byte) in bytes.enumerated() {
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<") {
          depth += 1
        } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")")
          || byte == UInt8(ascii: ">")
        {
          depth -= 1
        } else if byte == UInt8(ascii: ":") && depth == 1 {
          keyType = Substring(String(decoding: bytes[1..<offset], as: UTF8.self))
          break
        }
      }
      if keyType == nil { return value == "[]" ? "'[]'" : nil }
    }
    guard let keyType, value == "[:]" else { return nil }
    let key = TypeMapping.builtinName(String(keyType.filter { $0 != " " }))
    return key == "String" || key == "Int" ? "'{}'" : nil
  }

  /// `-1_000` gives `-1000`; nil for anything that is not a decimal literal.
  static func number(_ text: String, allowsFraction: Bool) -> String? {
    let bytes = Array(text.utf8).filter { $0 != UInt8(ascii: "_") }
    var position = 0
    if bytes.first == UInt8(ascii: "-") { position = 1 }
    if let radix = radix(of: bytes, at: position) {
      // `0x1F`, `0o17`, `0b101`: written in decimal, which every SQL dialect reads.
      let digits = String(decoding: bytes[(position + 2)...], as: UTF8.self)
      guard !digits.isEmpty, let magnitude = Int64(digits, radix: radix) else { return nil }
      return (position == 1 ? "-" : "") + String(magnitude)
    }
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

  /// 16, 8 or 2 for `0x`, `0o`, `0b` at `position`, else nil.
  private static func radix(of bytes: [UInt8], at position: Int) -> Int? {
    guard bytes.count > position + 1, bytes[position] == UInt8(ascii: "0") else { return nil }
    switch bytes[position + 1] {
    case UInt8(ascii: "x"): return 16
    case UInt8(ascii: "o"): return 8
    case UInt8(ascii: "b"): return 2
    default: return nil
    }
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
