extension WriteTransaction {
  /// Brings the schema up to date with the tables' definitions, inside this transaction.
  ///
  /// ```swift
  /// try db.write { try $0.migrate([Bird.self, Nest.self]) }
  /// ```
  ///
  /// Applies the tables' pending generated migrations (``TableRecord/migrations``), then
  /// creates missing tables and indexes and adds new columns; refuses changes that could lose
  /// data with a ``MigrationError``. See ``Database/migrate(_:)-(any TableRecord.Type...)``.
  ///
  /// A transaction enforces foreign keys, so a migration that rebuilds a table with rows that
  /// other tables refer to throws here: ``Database/migrate(_:)-([any TableRecord.Type])`` turns
  /// foreign keys off around its transaction and checks them before it commits.
  public func migrate(_ tables: [any TableRecord.Type]) throws {
    let connection = checkedConnection
    if let postgres = connection.postgres {
      return try PostgresCatalog(connection: postgres).migrate(tables)
    }
    let rebuilt = try GeneratedMigrationRunner(connection: connection)
      .run(GeneratedMigrationRunner.migrations(of: tables))
    for table in tables {
      try SchemaMigration(definition: table.table, connection: connection).run()
      for owned in table.ownedTables {
        try SchemaMigration(definition: owned.definition, connection: connection).run()
      }
    }
    // Checked once every table exists: a rebuilt table may refer to one created just now.
    for table in rebuilt {
      try ForeignKeyCheck(connection: connection).check(tableAndReferrersOf: table)
    }
    // PostgreSQL: every table announces its changes to observers (nothing on SQLite).
    if connection.postgres != nil {
      try installChangeTriggers(
        on: tables.flatMap { [$0.table.name] + $0.ownedTables.map(\.definition.name) })
    }
  }
}

extension Database {
  /// Applies the pending generated migrations, then creates missing tables and indexes and adds
  /// new columns, in one transaction.
  ///
  /// ```swift
  /// try db.migrate(Bird.self, Nest.self)
  /// ```
  ///
  /// First the tables' generated migrations (``TableRecord/migrations``, the files under
  /// `Generated/Migrations/`) that the database has not recorded run in the order of their
  /// identifiers, each recorded in `quarry_migrations`; steps on tables that do not exist yet do
  /// nothing, so a new database records them all and gets the newest tables directly. Then
  /// tables are created in the order given (list referenced tables first), and a new column gets
  /// its default, or NULL when optional. Foreign keys are off during the transaction (a table
  /// rebuild drops a table others refer to) and checked before it commits.
  ///
  /// Changes that could lose or invent data (a new non-optional column without default on a
  /// table with rows, a changed type without its migration, a dropped column, a value a
  /// migration cannot convert exactly, a duplicate key, an orphan row) throw a
  /// ``MigrationError`` and nothing is changed.
  ///
  /// - Throws: ``MigrationError`` or ``SQLiteError``.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_altertable.html>
  public func migrate(_ tables: any TableRecord.Type...) throws {
    try migrate(tables)
  }

  /// Creates missing tables and indexes and adds new columns, in one transaction.
  ///
  /// ```swift
  /// try db.migrate(QuarryTables.all)
  /// ```
  public func migrate(_ tables: [any TableRecord.Type]) throws {
    try performWrite(foreignKeysOff: true) { try $0.migrate(tables) }
    // PostgreSQL: again once committed, for a statement another connection prepared against
    // the old schema while the migration ran.
    PostgresSchemaGeneration.shared.advance()
  }
}
