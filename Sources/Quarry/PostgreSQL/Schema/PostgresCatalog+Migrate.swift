extension PostgresCatalog {
  /// `migrate` on PostgreSQL, inside the caller's transaction: the tables' pending generated
  /// migrations, then every table and owned child table created or brought up to date, each
  /// after the tables it refers to.
  ///
  /// ```swift
  /// try PostgresCatalog(connection: postgres).migrate(QuarryTables.all)
  /// ```
  ///
  /// Foreign keys stay enforced (PostgreSQL cannot turn them off in a transaction): a rebuild
  /// checks its rows itself, and tables are created referenced-first instead.
  func migrate(_ tables: [any TableRecord.Type]) throws {
    _ = try PostgresGeneratedMigrationRunner(catalog: self)
      .run(GeneratedMigrationRunner.migrations(of: tables))
    let definitions = tables.flatMap { [$0.table] + $0.ownedTables.map(\.definition) }
    for definition in TableDefinition.referencedFirst(definitions) {
      try PostgresSchemaMigration(definition: definition, catalog: self).run()
    }
  }
}
