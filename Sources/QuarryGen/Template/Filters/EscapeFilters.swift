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

  /// Escapes `\`, `"`, line breaks, tabs, other control and invisible characters for a Swift
  /// string literal (see `SwiftLiteral`); `\(` is covered because the backslash is escaped.
  static func escapeSwiftString(_ string: String) -> String {
    SwiftLiteral.escaped(string)
  }
}
