/// The SQLite text of every statement a generated migration runs: the one place steps become
/// SQL, so that another engine renders the same steps with its own type.
///
/// Steps (``GeneratedMigration/Step``) hold names and definitions only; the appliers
/// (``GeneratedMigrationRunner``, ``TableRebuild``) ask this type for each statement.
enum MigrationSQL {
  static func quote(_ name: String) -> String { SQLIdentifier.quote(name) }

  static func renameTable(_ old: String, to new: String) -> String {
    "ALTER TABLE \(quote(old)) RENAME TO \(quote(new))"
  }

  static func renameColumn(_ old: String, to new: String, in table: String) -> String {
    "ALTER TABLE \(quote(table)) RENAME COLUMN \(quote(old)) TO \(quote(new))"
  }

  /// `CREATE TABLE` for `definition`, under another name when `name` is given.
  static func createTable(_ definition: TableDefinition, named name: String? = nil) -> String {
    var renamed = definition
    if let name { renamed.name = name }
    return renamed.createTableSQL
  }

  static func createIndexes(of definition: TableDefinition) -> [String] {
    definition.createIndexSQL
  }

  static func createIndex(
    _ name: String, on table: String, columns: [String], isUnique: Bool
  ) -> String {
    "CREATE \(isUnique ? "UNIQUE " : "")INDEX \(quote(name)) ON \(quote(table)) ("
      + columns.map(quote).joined(separator: ", ") + ")"
  }

  static func dropTable(_ name: String) -> String { "DROP TABLE \(quote(name))" }

  static func dropIndex(_ name: String) -> String { "DROP INDEX \(quote(name))" }

  /// Copies every row of `source` into `target`: `expressions` give `columns`, in order.
  static func copyRows(
    into target: String, columns: [String], from source: String, expressions: [String]
  ) -> String {
    "INSERT INTO \(quote(target)) (" + columns.map(quote).joined(separator: ", ") + ") SELECT "
      + expressions.joined(separator: ", ") + " FROM \(quote(source))"
  }

  /// A column's value inside a check: the unary plus drops the column's affinity.
  static func storedValue(_ column: String) -> String { "+" + quote(column) }

  /// The first row (in rowid order) for which `condition` holds: `labels`, then `value`.
  static func firstRow(
    of table: String, labels: [String], value: String, where condition: String
  ) -> String {
    "SELECT " + (labels.map(quote) + [value, "rowid"]).joined(separator: ", ")
      + " FROM \(quote(table)) WHERE \(condition) ORDER BY rowid LIMIT 1"
  }

  /// Every row (in rowid order) for which `condition` holds: `labels`, then `value`.
  static func rows(
    of table: String, labels: [String], value: String, where condition: String
  ) -> String {
    "SELECT " + (labels.map(quote) + [value, "rowid"]).joined(separator: ", ")
      + " FROM \(quote(table)) WHERE \(condition) ORDER BY rowid"
  }

  /// The first group of `expressions` that more than one row of `table` shares.
  static func firstDuplicate(in table: String, expressions: [String], skipNulls: Bool) -> String {
    let group = expressions.joined(separator: ", ")
    let filter =
      skipNulls
      ? " WHERE " + expressions.map { "\($0) IS NOT NULL" }.joined(separator: " AND ") : ""
    return "SELECT \(group) FROM \(quote(table))\(filter) GROUP BY \(group)"
      + " HAVING count(*) > 1 ORDER BY min(rowid) LIMIT 1"
  }

  static let tableSQL =
    "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE"
  static let tableExists =
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE"
  static let columns = "SELECT name, pk FROM pragma_table_info(?1) ORDER BY cid"
  static let indexesAndTriggers =
    "SELECT name, sql, type FROM sqlite_master WHERE type IN ('index', 'trigger')"
    + " AND tbl_name = ?1 COLLATE NOCASE AND sql IS NOT NULL ORDER BY rowid"
  static let indexList = #"SELECT name, "unique" FROM pragma_index_list(?1) WHERE origin = 'c'"#
  static let indexColumns = "SELECT name FROM pragma_index_info(?1) ORDER BY seqno"
  static let allTriggers = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
  static let hasSequenceTable =
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'"
  static let sequence = "SELECT seq FROM sqlite_sequence WHERE name = ?1 COLLATE NOCASE"
  static let updateSequence = "UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1"
  static let insertSequence =
    "INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2"
    + " WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)"
  static let referencingTables =
    "SELECT DISTINCT m.name FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f"
    + " WHERE m.type = 'table' AND f.\"table\" = ?1 COLLATE NOCASE ORDER BY m.name"
  static let foreignKeyCheck =
    #"SELECT "table", rowid, parent, fkid FROM pragma_foreign_key_check(?1)"#
  static let foreignKeyColumns =
    #"SELECT "from" FROM pragma_foreign_key_list(?1) WHERE id = ?2 ORDER BY seq"#
  static let foreignKeysEnabled = "PRAGMA foreign_keys"
  static let legacyAlterTable = "PRAGMA legacy_alter_table"
  static func setLegacyAlterTable(_ on: Bool) -> String {
    "PRAGMA legacy_alter_table = \(on ? "ON" : "OFF")"
  }
  static func rowValues(of table: String, columns: [String]) -> String {
    "SELECT " + columns.map(quote).joined(separator: ", ")
      + " FROM \(quote(table)) WHERE rowid = ?1"
  }
  static func hasRows(_ table: String) -> String { "SELECT 1 FROM \(quote(table)) LIMIT 1" }

  /// Statements that make SQLite parse every trigger and view against the current tables:
  /// renaming any table re-checks the whole schema and fails naming what no longer resolves.
  static let schemaProbe = [
    #"CREATE TABLE "quarry_schema_probe" ("x")"#,
    #"ALTER TABLE "quarry_schema_probe" RENAME TO "quarry_schema_probe_renamed""#,
    #"DROP TABLE "quarry_schema_probe_renamed""#,
  ]

  /// The migration log, shared with ``DatabaseMigrator``.
  static let createLog =
    #"CREATE TABLE IF NOT EXISTS "quarry_migrations" ("#
    + #""name" TEXT NOT NULL PRIMARY KEY, "applied_at" REAL NOT NULL)"#
  static let appliedGenerated =
    #"SELECT "name" FROM "quarry_migrations" WHERE substr("name", 1, ?2) = ?1"#
  static let recordApplied =
    #"INSERT INTO "quarry_migrations" ("name", "applied_at") VALUES (?1, ?2)"#
}
