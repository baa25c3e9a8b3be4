extension SQLDialect {
  /// PostgreSQL: double-quoted identifiers, `?` parameters (turned into `$n` by
  /// ``PostgresPlaceholders`` when the statement is prepared, so one rendered text serves both
  /// engines), `OFFSET` without a `LIMIT`, and SQLite's meaning kept where PostgreSQL's
  /// spelling means something else:
  ///
  /// - `BINARY` is the `"C"` collation (byte order); `NOCASE` and `RTRIM` have no built-in
  ///   collation, so the operand is folded (`lower(x COLLATE "C")` changes ASCII letters only,
  ///   as NOCASE does; `rtrim(x, ' ')`) and the other side of a comparison too.
  /// - `LIKE` is case-insensitive for ASCII letters with no escape character in SQLite:
  ///   `ILIKE` over the `"C"` collation with `ESCAPE ''`.
  /// - NULLs sort first ascending in SQLite and last in PostgreSQL: `NULLS FIRST`/`NULLS LAST`
  ///   are written out.
  /// - Conditions are `TRUE`/`FALSE` rather than 1/0.
  /// - A JSON path is `#>>` over `jsonb`, cast to the path's type (``postgresJSONPath``).
  /// - Quarry's `quarry_lower`/`quarry_upper` (Unicode case mapping, Swift functions on SQLite)
  ///   are `lower`/`upper` over the ICU root collation `"und-x-icu"`, which maps every letter
  ///   whatever the database's locale.
  ///
  /// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/queries-limit.html>,
  /// <https://www.postgresql.org/docs/current/collation.html>
  static let postgres: SQLDialect = {
    var dialect = SQLDialect(
      isPostgres: true,
      quote: { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" },
      placeholder: { _ in "?" },
      unlimitedCount: nil,
      collationName: { collation in
        switch collation.kind {
        case .noCase, .binary, .trailingSpaceInsensitive: return "\"C\""
        case .named(let name):
          return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
      })
    dialect.collationFold = { collation in
      switch collation.kind {
      case .noCase: return ("lower((", ") COLLATE \"C\")")
      case .trailingSpaceInsensitive: return ("(rtrim((", "), ' ') COLLATE \"C\")")
      case .binary, .named: return nil
      }
    }
    dialect.functionCall = { name in
      switch name {
      case UnicodeCaseFunctions.lowerName: return ("lower((", ") COLLATE \"und-x-icu\")")
      case UnicodeCaseFunctions.upperName: return ("upper((", ") COLLATE \"und-x-icu\")")
      default: return (name + "(", ")")
      }
    }
    dialect.trueLiteral = "TRUE"
    dialect.falseLiteral = "FALSE"
    dialect.spellsSQLiteNullOrder = true
    dialect.fullTextMatch = PostgresFullText.match
    dialect.fullTextPattern = PostgresFullText.tsquery
    dialect.jsonPath = postgresJSONPath
    dialect.like = { lhs, pattern in "(\(lhs)) COLLATE \"C\" ILIKE \(pattern) ESCAPE ''" }
    return dialect
  }()
}
