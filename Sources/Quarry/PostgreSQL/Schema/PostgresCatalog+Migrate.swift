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
    let migrations = try GeneratedMigrationRunner.migrations(of: tables)
    let definitions = tables.flatMap { [$0.table] + $0.ownedTables.map(\.definition) }
    try createTablesRebuildsReferTo(migrations, definitions: definitions)
    _ = try PostgresGeneratedMigrationRunner(catalog: self).run(migrations)
    for definition in TableDefinition.referencedFirst(definitions) {
      try PostgresSchemaMigration(definition: definition, catalog: self).run()
    }
    PostgresSchemaGeneration.shared.advance()
  }

  /// Creates first the missing tables among `definitions` that a rebuild's table refers to:
  /// SQLite takes a reference to a table created later in the same `migrate`, PostgreSQL does
  /// not. Only those whose own references exist already (or are created here before them), and
  /// none a step renames a table to or rebuilds.
  private func createTablesRebuildsReferTo(
    _ migrations: [GeneratedMigration], definitions: [TableDefinition]
  ) throws {
    var referenced = Set<String>()
    // A table a step renames or rebuilds is the migrations' to make.
    var made = Set<String>()
    for migration in migrations {
      for step in migration.steps {
        switch step.kind {
        case .rebuildTable(let table, _):
          referenced.formUnion(table.postgresReferences.map(\.table))
          made.insert(table.name)
        case .renameTable(_, let new):
          made.insert(new)
        case .renameColumn:
          continue
        }
      }
    }
    referenced.subtract(made)
    guard !referenced.isEmpty else { return }
    for definition in TableDefinition.referencedFirst(definitions)
    where referenced.contains(definition.name) {
      guard try !tableExists(definition.name),
        try definition.postgresReferences.allSatisfy({
          try $0.table == definition.name || tableExists($0.table)
        })
      else { continue }
      try PostgresSchemaMigration(definition: definition, catalog: self).run()
    }
  }
}
