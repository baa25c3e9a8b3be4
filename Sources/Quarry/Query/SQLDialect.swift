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
  /// Full-text matching (``SQLNode/fullTextMatch``) other than SQLite's FTS5: the text before
  /// and after the bound pattern for a table's indexed columns; nil spells FTS5's.
  var fullTextMatch:
    (@Sendable (_ table: String, _ columns: [String]) -> (prefix: String, suffix: String))? = nil
  /// The bound pattern of a full-text match, from FTS5's syntax to the engine's.
  var fullTextPattern: @Sendable (String) -> String = { $0 }

  /// The text around a JSON column for the value at `keys` (``SQLNode/jsonPath``): a scalar
  /// as its SQL value with text unquoted, an object or array as its JSON text, NULL where a key
  /// is missing. The renderer writes `prefix`, the column, then `suffix`. SQLite's is
  /// ``sqliteJSONPath``, which ignores `kind`; PostgreSQL's (``postgresJSONPath``) extracts
  /// text and casts it to `kind`'s type.
  var jsonPath:
    @Sendable (_ keys: [String], _ kind: JSONValueKind) -> (prefix: String, suffix: String) =
      sqliteJSONPath

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

/// SQLite's JSON path: `json_extract("meta", '$.pages')` (JSON `true` gives 1, text comes back
/// unquoted, an object or array as its JSON text, a missing key gives NULL). Keys that are not
/// plain ASCII identifiers are quoted: `$."page count"`.
///
/// Related SQLite documentation: <https://sqlite.org/json1.html#path_arguments>
@Sendable func sqliteJSONPath(_ keys: [String], _ kind: JSONValueKind) -> (
  prefix: String, suffix: String
) {
  var path = "$"
  for key in keys {
    path += "."
    path += SQLiteJSONPathKey.isPlain(key) ? key : "\"" + key + "\""
  }
  let literal = "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
  return ("json_extract(", ", " + literal + ")")
}

/// Which JSON keys a SQLite path can name.
enum SQLiteJSONPathKey {
  /// An ASCII letter or underscore, then letters, digits and underscores: written bare.
  static func isPlain(_ key: String) -> Bool {
    guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else {
      return false
    }
    return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
