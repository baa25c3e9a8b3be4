/// The spelling of SQL text that differs between database engines: the one seam a second engine
/// (PostgreSQL) plugs into.
///
/// Everything that builds SQL from typed queries (``SQLRenderer``) asks the dialect for
/// identifiers, parameters, `LIMIT`/`OFFSET`, null ordering and collations, and writes the rest
/// (`SELECT … FROM … WHERE …`, operators, function calls) in the SQL both engines share.
struct SQLDialect: Sendable {
  /// `name` quoted as an identifier.
  let quote: @Sendable (String) -> String
  /// The parameter placeholder for the 1-based parameter `number`.
  let placeholder: @Sendable (Int) -> String
  /// What stands for "no limit" when only an offset is given (`LIMIT -1 OFFSET ?` in SQLite,
  /// whose OFFSET needs a LIMIT); nil when the engine accepts OFFSET alone.
  let unlimitedCount: String?
  /// The name of a collation in `COLLATE <name>`.
  let collationName: @Sendable (Collation) -> String
  /// Full-text matching (``SQLNode/fullTextMatch``) other than SQLite's FTS5: the text before
  /// and after the bound pattern for a table's indexed columns; nil spells FTS5's.
  var fullTextMatch:
    (@Sendable (_ table: String, _ columns: [String]) -> (prefix: String, suffix: String))? = nil
  /// The bound pattern of a full-text match, from FTS5's syntax to the engine's.
  var fullTextPattern: @Sendable (String) -> String = { $0 }

  /// SQLite: double-quoted identifiers, `?` parameters, `LIMIT ? OFFSET ?` (`LIMIT -1` when only
  /// an offset is given), `NOCASE`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_select.html#limitoffset>
  static let sqlite = SQLDialect(
    quote: { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" },
    placeholder: { _ in "?" },
    unlimitedCount: "-1",
    collationName: { collation in
      switch collation.kind {
      case .noCase: return "NOCASE"
      case .binary: return "BINARY"
      case .trailingSpaceInsensitive: return "RTRIM"
      case .named(let name): return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      }
    })
}
