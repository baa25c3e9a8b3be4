/// `migrate`'s automatic steps for one table on PostgreSQL: create it with its indexes, or
/// compare it with the database, add new columns and missing indexes, and refuse the changes
/// that could lose data with the same ``MigrationError``s as on SQLite.
///
/// ```swift
/// try PostgresSchemaMigration(definition: Bird.table, catalog: catalog).run()
/// ```
///
/// Types compare by PostgreSQL's name for them (`BIGINT`, `BOOLEAN`…, see
/// ``ColumnDefinition/postgresType``); names compare exactly.
struct PostgresSchemaMigration {
  let definition: TableDefinition
  let catalog: PostgresCatalog

  func run() throws {
    if try catalog.tableExists(definition.name) {
      try migrateExistingTable()
    } else {
      try catalog.execute(definition.postgresCreateTableSQL)
      try createMissingIndexes()
    }
  }

  private func migrateExistingTable() throws {
    let existing = try catalog.columns(in: definition.name)
    let existingNames = Set(existing.map(\.name))
    let definedNames = Set(definition.columns.map(\.name))
    for column in existing where !definedNames.contains(column.name) {
      throw MigrationError(table: definition.name, column: column.name, problem: .droppedColumn)
    }
    for column in existing {
      guard let defined = definition.columns.first(where: { $0.name == column.name }) else {
        continue
      }
      try check(column, against: defined)
    }
    try checkForeignKeyActions()
    let newColumns = definition.columns.filter { !existingNames.contains($0.name) }
    // PostgreSQL adds any column to an empty table; to one with rows, only what SQLite adds.
    let isEmpty =
      try newColumns.contains(where: { !canAdd($0) }) && catalog.isEmpty(definition.name)
    for column in newColumns {
      if !isEmpty { try checkAddable(column) }
      try catalog.execute(
        "ALTER TABLE \(SQLIdentifier.quote(definition.name)) ADD COLUMN "
          + column.postgresDefinitionSQL(inlinePrimaryKey: true))
    }
    try createMissingIndexes()
  }

  private func check(_ column: ColumnInfo, against defined: ColumnDefinition) throws {
    guard column.type == defined.postgresType else {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedType(from: column.type, to: defined.postgresType))
    }
    // A key column is NOT NULL whatever the definition says.
    guard column.primaryKeyIndex == 0 && !defined.isPrimaryKey else { return }
    if column.isNotNull == defined.isNullable {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedNullability(nowNullable: defined.isNullable))
    }
  }

  /// A reference whose actions changed is refused as on SQLite, so both engines accept the
  /// same definitions; the advice names the constraint to replace.
  private func checkForeignKeyActions() throws {
    let existing = try catalog.namedForeignKeys(on: definition.name)
    for column in definition.columns {
      guard let references = column.references,
        let (constraint, old) = existing.first(where: { $0.info.columns == [column.name] })
      else { continue }
      let onDelete = references.onDelete ?? .noAction
      let onUpdate = references.onUpdate ?? .noAction
      guard old.onDelete != onDelete || old.onUpdate != onUpdate else { continue }
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedPostgresForeignKeyActions(
          from: "ON DELETE \(old.onDelete.sql) ON UPDATE \(old.onUpdate.sql)",
          to: "ON DELETE \(onDelete.sql) ON UPDATE \(onUpdate.sql)", constraint: constraint,
          replacement: "FOREIGN KEY (\(SQLIdentifier.quote(column.name))) REFERENCES "
            + "\(SQLIdentifier.quote(references.table)) (\(SQLIdentifier.quote(references.column)))"
            + " ON DELETE \(onDelete.sql) ON UPDATE \(onUpdate.sql)"))
    }
  }

  private func canAdd(_ column: ColumnDefinition) -> Bool {
    !column.isPrimaryKey && !column.isUnique && (column.isNullable || column.defaultSQL != nil)
  }

  private func checkAddable(_ column: ColumnDefinition) throws {
    if column.isPrimaryKey || column.isUnique {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .newConstrainedColumn(constraint: column.isPrimaryKey ? "PRIMARY KEY" : "UNIQUE"))
    }
    if !column.isNullable && column.defaultSQL == nil {
      throw MigrationError(table: definition.name, column: column.name, problem: .newRequiredColumn)
    }
  }

  private func createMissingIndexes() throws {
    for index in definition.allIndexes
    where try !catalog.indexExists(index.name(inTable: definition.name)) {
      try catalog.execute(definition.createSQL(for: index))
    }
    if definition.fullText != nil,
      try !catalog.indexExists(FullTextIndex.tableName(indexing: definition.name))
    {
      for sql in definition.postgresCreateFullTextSQL { try catalog.execute(sql) }
    }
  }
}
