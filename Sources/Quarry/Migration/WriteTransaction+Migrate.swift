extension WriteTransaction {
  /// Brings the schema up to date with the tables' definitions, inside this transaction.
  ///
  /// ```swift
  /// try db.write { try $0.migrate([Bird.self, Nest.self]) }
  /// ```
  ///
  /// Creates missing tables and indexes and adds new columns; refuses changes that could lose
  /// data with a ``MigrationError``. See ``Database/migrate(_:)-(any TableRecord.Type...)``.
  public func migrate(_ tables: [any TableRecord.Type]) throws {
    let connection = checkedConnection
    for table in tables {
      try SchemaMigration(definition: table.table, connection: connection).run()
      for owned in table.ownedTables {
        try SchemaMigration(definition: owned.definition, connection: connection).run()
      }
    }
  }
}

extension Database {
  /// Creates missing tables and indexes and adds new columns, in one transaction.
  ///
  /// ```swift
  /// try db.migrate(Bird.self, Nest.self)
  /// ```
  ///
  /// Tables are created in the order given (list referenced tables first). A new column gets
  /// its default, or NULL when optional. Changes that could lose or invent data (a new
  /// non-optional column without default on a table with rows, a changed type, a dropped
  /// column) throw a ``MigrationError`` and nothing is changed.
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
    try write { try $0.migrate(tables) }
  }
}
