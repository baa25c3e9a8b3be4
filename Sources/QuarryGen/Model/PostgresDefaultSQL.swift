/// A `DEFAULT` written for SQLite, rewritten for the column's PostgreSQL type: the same rules as
/// the runtime's `PostgresDefault`, so `Schema.postgres.sql` shows what `migrate` creates.
///
/// Numbers on `BOOLEAN` become `TRUE` (`FALSE` for zero), numbers on `TEXT`/`JSONB` are quoted,
/// `X'…'` becomes `'\x…'::bytea`, a string on `BYTEA` becomes `convert_to('…', 'UTF8')`; the
/// rest is kept as written.
///
/// ```swift
/// PostgresDefaultSQL.translate("0", toType: "BOOLEAN")   // "FALSE"
/// ```
enum PostgresDefaultSQL {
  static func translate(_ sql: String, toType type: String) -> String {
    let text = trimmed(sql)
    if isNumber(text) {
      switch type {
      case "BOOLEAN": return isZero(text) ? "FALSE" : "TRUE"
      case "TEXT", "JSONB": return "'" + text + "'"
      default: return sql
      }
    }
    if isQuoted(text) {
      return type == "BYTEA" ? "convert_to(" + text + ", 'UTF8')" : sql
    }
    if let first = text.first, first == "X" || first == "x", isQuoted(String(text.dropFirst())),
      text.dropFirst(2).dropLast().allSatisfy(\.isHexDigit), text.count % 2 == 1
    {
      return "'\\x" + text.dropFirst(2).dropLast().lowercased() + "'::bytea"
    }
    return sql
  }

  private static func isZero(_ text: String) -> Bool {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    return !mantissa.contains { $0 >= "1" && $0 <= "9" }
  }

  /// `[+-]digits[.digits][e[+-]digits]`, with at least one digit before the exponent.
  private static func isNumber(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    func sign() {
      if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
    }
    func digits() -> Int {
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    sign()
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      sign()
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  /// One `'…'` literal with inner quotes doubled, nothing after it.
  private static func isQuoted(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "'"), bytes.last == UInt8(ascii: "'")
    else { return false }
    var index = 1
    while index < bytes.count - 1 {
      guard bytes[index] == UInt8(ascii: "'") else {
        index += 1
        continue
      }
      guard index + 1 < bytes.count - 1, bytes[index + 1] == UInt8(ascii: "'") else {
        return false
      }
      index += 2
    }
    return true
  }

  private static func trimmed(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
