/// Filters that make text safe inside generated Swift and SQL.
///
/// ```text
/// {{ "say \"hi\"\n"|escapeSwiftString }}  →  say \"hi\"\n
/// {{ "odd\"name"|escapeSQLIdentifier }}    →  odd""name
/// ```
///
/// Neither adds the surrounding quotes: templates write them, so the same filter serves
/// `"\"{{ column|escapeSQLIdentifier|escapeSwiftString }}\""` and plain string literals.
extension Filter {
  static let escapeFilters: [Filter] = [
    .string("escapeSwiftString") { escapeSwiftString($0) },
    .string("escapeSQLIdentifier") { $0.replacing("\"", with: "\"\"") },
  ]

  /// Escapes `\`, `"`, line breaks, tabs and other control characters for a Swift string
  /// literal; `\(` is covered because the backslash is escaped.
  static func escapeSwiftString(_ string: String) -> String {
    var result = ""
    result.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
