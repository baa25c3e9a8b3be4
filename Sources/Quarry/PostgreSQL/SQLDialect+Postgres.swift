extension SQLDialect {
  /// PostgreSQL: double-quoted identifiers, `?` parameters (turned into `$n` by
  /// ``PostgresPlaceholders`` when the statement is prepared, so one rendered text serves both
  /// engines), `OFFSET` without a `LIMIT`, and the `"C"` collation for byte order.
  ///
  /// SQLite's `NOCASE` and `RTRIM` have no built-in PostgreSQL collation; they are spelled with
  /// the `"C"` collation over the operand folded by the renderer instead.
  ///
  /// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/queries-limit.html>
  static let postgres = SQLDialect(
    quote: { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" },
    placeholder: { _ in "?" },
    unlimitedCount: nil,
    collationName: { collation in
      switch collation.kind {
      case .noCase, .binary, .trailingSpaceInsensitive: return "\"C\""
      case .named(let name): return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      }
    })
}
