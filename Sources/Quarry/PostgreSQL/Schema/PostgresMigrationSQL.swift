/// The PostgreSQL text of the statements generated migrations and ``DatabaseMigrator`` run
/// that differ from SQLite's (``MigrationSQL``): the log's types, identity in place of rowid,
/// index and constraint renames.
enum PostgresMigrationSQL {
  /// The migration log: `applied_at` as exact seconds since 2001 (SQLite's `REAL` is a 4-byte
  /// float on PostgreSQL), and `position` for the order SQLite reads from rowid.
  static let createLog =
    #"CREATE TABLE IF NOT EXISTS "quarry_migrations" ("#
    + #""name" TEXT NOT NULL PRIMARY KEY, "applied_at" DOUBLE PRECISION NOT NULL, "#
    + #""position" BIGINT GENERATED ALWAYS AS IDENTITY)"#
  static let appliedGenerated =
    #"SELECT "name" FROM "quarry_migrations" WHERE left("name", CAST(?2 AS integer)) = ?1"#
  static let recordApplied =
    #"INSERT INTO "quarry_migrations" ("name", "applied_at") VALUES (?1, ?2)"#
  /// Every recorded name, in the order the migrations ran.
  static let appliedInOrder = #"SELECT "name" FROM "quarry_migrations" ORDER BY "position""#

  static func renameIndex(_ old: String, to new: String) -> String {
    "ALTER INDEX \(SQLIdentifier.quote(old)) RENAME TO \(SQLIdentifier.quote(new))"
  }

  /// Sets the column's `DEFAULT` to `sql` (PostgreSQL's text), or drops it when `sql` is nil.
  static func setDefault(_ sql: String?, of column: String, in table: String) -> String {
    "ALTER TABLE \(SQLIdentifier.quote(table)) ALTER COLUMN \(SQLIdentifier.quote(column)) "
      + (sql.map { "SET DEFAULT " + $0 } ?? "DROP DEFAULT")
  }

  static func renameConstraint(_ old: String, to new: String, in table: String) -> String {
    "ALTER TABLE \(SQLIdentifier.quote(table)) RENAME CONSTRAINT \(SQLIdentifier.quote(old)) "
      + "TO \(SQLIdentifier.quote(new))"
  }

  /// The constraints of the table `?1`: name and kind letter (`p`, `u`, `f`, `c`).
  static let constraints =
    "SELECT k.conname, k.contype::text FROM pg_catalog.pg_constraint k"
    + " JOIN pg_catalog.pg_class c ON c.oid = k.conrelid"
    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    + " WHERE n.nspname = current_schema() AND c.relname = ?1 ORDER BY k.conname"
}

/// PostgreSQL's limits on names.
enum PostgresIdentifier {
  /// PostgreSQL keeps the first 63 bytes of a name (`NAMEDATALEN` - 1), cut at a character.
  static let maximumLength = 63

  /// `name` as PostgreSQL stores it: its first 63 bytes, never splitting a character.
  ///
  /// ```swift
  /// PostgresIdentifier.stored(String(repeating: "a", count: 70)).utf8.count   // 63
  /// ```
  static func stored(_ name: String) -> String {
    guard name.utf8.count > maximumLength else { return name }
    var result = ""
    var count = 0
    for scalar in name.unicodeScalars {
      let length = String(scalar).utf8.count
      guard count + length <= maximumLength else { break }
      result.unicodeScalars.append(scalar)
      count += length
    }
    return result
  }
}
