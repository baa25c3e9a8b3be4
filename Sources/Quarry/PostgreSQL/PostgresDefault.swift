/// Rewrites a column's `DEFAULT` (written for SQLite, as the generator and `Schema.sql` have it)
/// into the same value for the column's PostgreSQL type.
///
/// SQLite converts a default to the column's affinity; PostgreSQL refuses one of another type.
/// So the literals Quarry's generator writes are translated, and anything else (an expression
/// of your own) is kept as written:
///
/// | default | PostgreSQL type | becomes |
/// | --- | --- | --- |
/// | `1`, `0` (any number) | `BOOLEAN` | `TRUE`, `FALSE` (zero is false, as `Bool` reads SQLite) |
/// | a number | `TEXT`, `JSONB` | the number quoted: `'0'` (SQLite's `TEXT` affinity stores it so) |
/// | `X'00FF'` | `BYTEA` | `'\x00ff'::bytea` |
/// | `'text'` | `BYTEA` | `convert_to('text', 'UTF8')` (its UTF-8 bytes) |
///
/// ```swift
/// PostgresDefault.translate("1", toType: "BOOLEAN")   // "TRUE"
/// ```
enum PostgresDefault {
  static func translate(_ sql: String, toType type: String) -> String {
    let literal = Literal(sql)
    switch (literal, type) {
    case (.number(let text), "BOOLEAN"):
      return isZero(text) ? "FALSE" : "TRUE"
    case (.number(let text), "TEXT"), (.number(let text), "JSONB"):
      return "'" + text + "'"
    case (.blob(let hex), "BYTEA"):
      return "'\\x" + hex.lowercased() + "'::bytea"
    case (.string, "BYTEA"):
      return "convert_to(" + sql.trimmed + ", 'UTF8')"
    case (.blob(let hex), _):
      // A blob default on a column of another type: its bytes, which PostgreSQL casts or
      // refuses (SQLite would have stored the blob as is).
      return "'\\x" + hex.lowercased() + "'::bytea"
    default:
      return sql
    }
  }

  /// Whether a numeric literal (`0`, `-0.0`, `0e5`) is zero.
  private static func isZero(_ text: String) -> Bool {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    return !mantissa.contains { $0 >= "1" && $0 <= "9" }
  }

  /// The kinds of constant the generator writes after `DEFAULT`.
  enum Literal: Equatable {
    case number(String)
    case string
    case blob(String)
    case other

    init(_ sql: String) {
      let text = sql.trimmed
      if Self.isNumber(text) {
        self = .number(text)
      } else if Self.isQuoted(text) {
        self = .string
      } else if let first = text.first, first == "X" || first == "x",
        Self.isQuoted(String(text.dropFirst())),
        text.dropFirst(2).dropLast().allSatisfy(\.isHexDigit),
        text.count % 2 == 1
      {
        self = .blob(String(text.dropFirst(2).dropLast()))
      } else {
        self = .other
      }
    }

    /// `[+-]digits[.digits][e[+-]digits]`, with at least one digit before the exponent.
    static func isNumber(_ text: String) -> Bool {
      var bytes = Substring(text).utf8[...]
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      func digits() -> Int {
        let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        bytes = bytes.dropFirst(count)
        return count
      }
      var mantissa = digits()
      if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        mantissa += digits()
      }
      guard mantissa > 0 else { return false }
      if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
          bytes = bytes.dropFirst()
        }
        guard digits() > 0 else { return false }
      }
      return bytes.isEmpty
    }

    /// One `'…'` literal with inner quotes doubled, nothing after it.
    static func isQuoted(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      guard bytes.count >= 2, bytes.first == UInt8(ascii: "'"), bytes.last == UInt8(ascii: "'")
      else { return false }
      var index = 1
      while index < bytes.count - 1 {
        if bytes[index] == UInt8(ascii: "'") {
          guard bytes[index + 1] == UInt8(ascii: "'"), index + 1 < bytes.count - 1 else {
            return false
          }
          index += 2
        } else {
          index += 1
        }
      }
      return true
    }
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and newlines.
  fileprivate var trimmed: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
