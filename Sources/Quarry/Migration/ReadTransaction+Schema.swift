extension ReadTransaction {
  /// Whether the database has a table named `name`.
  ///
  /// ```swift
  /// let isNew = try db.read { try !$0.tableExists("birds") }
  /// ```
  ///
  /// Names compare as SQLite compares them, ignoring the case of ASCII letters: a table created
  /// as `BIRDS` is the table `birds`. Only tables of the main database count (not views, not
  /// temporary tables). On PostgreSQL names compare exactly, and the tables are those of the
  /// connection's current schema (not views, not temporary tables).
  ///
  /// - Throws: ``SQLiteError``, or ``PostgresError`` on PostgreSQL.
  ///
  /// Related SQLite documentation: <https://sqlite.org/schematab.html>
  public func tableExists(_ name: String) throws -> Bool {
    if let postgres = checkedConnection.postgres {
      return try PostgresCatalog(connection: postgres).isTable(name)
    }
    let statement = try checkedConnection.cachedStatement(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
    return try statement.withReset { statement in
      try statement.bind(name, at: 1)
      return try statement.step()
    }
  }

  /// Whether the table `table` has a column named `column`; false when there is no such table.
  ///
  /// The question a rename migration asks, so that it runs on databases made before the rename
  /// and does nothing on databases created with the new name:
  ///
  /// ```swift
  /// migrator.registerMigration("rename books.isbn to code") { db in
  ///   if try db.columnExists("isbn", in: "books") {
  ///     try db.execute(#"ALTER TABLE "books" RENAME COLUMN "isbn" TO "code""#)
  ///   }
  /// }
  /// ```
  ///
  /// Names compare as SQLite compares them, ignoring the case of ASCII letters; on PostgreSQL,
  /// exactly.
  ///
  /// - Throws: ``SQLiteError``, or ``PostgresError`` on PostgreSQL.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_table_info>
  public func columnExists(_ column: String, in table: String) throws -> Bool {
    if let postgres = checkedConnection.postgres {
      return try PostgresCatalog(connection: postgres).columns(in: table).contains {
        $0.name == column
      }
    }
    // table_info takes the table name as an argument, so both names are bound like values.
    let statement = try checkedConnection.cachedStatement(
      "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2 COLLATE NOCASE")
    return try statement.withReset { statement in
      try statement.bind(table, at: 1)
      try statement.bind(column, at: 2)
      return try statement.step()
    }
  }
}
