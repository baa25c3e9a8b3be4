/// The spelling of SQL text that differs between database engines: the one seam a second engine
/// (PostgreSQL) plugs into.
///
/// Everything that builds SQL from typed queries (``SQLRenderer``) asks the dialect for
/// identifiers, parameters, `LIMIT`/`OFFSET`, null ordering and collations, and writes the rest
/// (`SELECT … FROM … WHERE …`, operators, function calls) in the SQL both engines share.
struct SQLDialect: Sendable {
  /// Whether this is PostgreSQL's spelling: what rendered-SQL caches are keyed by.
  let isPostgres: Bool
  /// `name` quoted as an identifier.
  let quote: @Sendable (String) -> String
  /// The parameter placeholder for the 1-based parameter `number`.
  let placeholder: @Sendable (Int) -> String
  /// What stands for "no limit" when only an offset is given (`LIMIT -1 OFFSET ?` in SQLite,
  /// whose OFFSET needs a LIMIT); nil when the engine accepts OFFSET alone.
  let unlimitedCount: String?
  /// The name of a collation in `COLLATE <name>`.
  let collationName: @Sendable (Collation) -> String
  /// The text around an operand that stands for a collation the engine does not have (the
  /// operand folded, then compared byte by byte); nil when `COLLATE <name>` says it.
  var collationFold: @Sendable (Collation) -> (open: String, close: String)? = { _ in nil }
  /// The text around a function call's arguments, for functions the engine spells otherwise.
  var functionCall: @Sendable (String) -> (open: String, close: String) = { ($0 + "(", ")") }
  /// What `true` and `false` conditions are written as.
  var trueLiteral = "1"
  var falseLiteral = "0"
  /// Whether `ORDER BY` spells out SQLite's NULL placement (first ascending, last descending)
  /// when the ordering does not say it, for an engine whose default is the opposite.
  var spellsSQLiteNullOrder = false
  /// How `lhs LIKE pattern` is written, from the two operands' SQL; nil for `LIKE` as is.
  var like: (@Sendable (_ lhs: String, _ pattern: String) -> String)?

  /// SQLite: double-quoted identifiers, `?` parameters, `LIMIT ? OFFSET ?` (`LIMIT -1` when only
  /// an offset is given), `NOCASE`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_select.html#limitoffset>
  static let sqlite = SQLDialect(
    isPostgres: false,
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
