/// Compares one table definition with the database and applies the safe difference.
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_table_info>
struct SchemaMigration {
  /// A column as `PRAGMA table_info` reports it.
  struct ExistingColumn {
    var name: String
    var declaredType: String
    var isNotNull: Bool
    var isPrimaryKey: Bool
  }

  let definition: TableDefinition
  let connection: Connection

  func run() throws {
    if try objectExists(type: "table", name: definition.name) {
      try migrateExistingTable()
    } else {
      try createTable()
    }
  }

  private func createTable() throws {
    try connection.execute(definition.createTableSQL)
    try createMissingIndexes()
    try FullTextMigration(definition: definition, connection: connection).run()
  }

  private func migrateExistingTable() throws {
    let existing = try existingColumns()
    // Names compare as SQLite compares them: `NAME` in another app's table is column `name`.
    let existingNames = Set(existing.map { SQLIdentifier.comparisonKey($0.name) })
    let definedNames = Set(definition.columns.map { SQLIdentifier.comparisonKey($0.name) })
    for column in existing where !definedNames.contains(SQLIdentifier.comparisonKey(column.name)) {
      throw MigrationError(table: definition.name, column: column.name, problem: .droppedColumn)
    }
    for column in existing {
      let key = SQLIdentifier.comparisonKey(column.name)
      guard
        let defined = definition.columns.first(where: {
          SQLIdentifier.comparisonKey($0.name) == key
        })
      else {
        continue
      }
      try check(column, against: defined)
    }
    try checkForeignKeyActions()
    let newColumns = definition.columns.filter {
      !existingNames.contains(SQLIdentifier.comparisonKey($0.name))
    }
    if newColumns.contains(where: { !canAdd($0) }), try tableIsEmpty() {
      // ALTER TABLE cannot add this column; with no rows, a rebuild is exact and, unlike
      // dropping the table, keeps the user's triggers and indexes and the AUTOINCREMENT
      // sequence.
      let sources = definition.columns.map { column -> ColumnSource in
        existingNames.contains(SQLIdentifier.comparisonKey(column.name))
          ? .copy(column.name) : .value(column.name, sql: column.defaultSQL ?? "NULL")
      }
      try TableRebuild(definition: definition, sources: sources, connection: connection).run()
      try ForeignKeyCheck(connection: connection).check(tableAndReferrersOf: definition.name)
    } else {
      for column in newColumns {
        try addColumn(column)
      }
    }
    try createMissingIndexes()
    try FullTextMigration(definition: definition, connection: connection).run()
  }

  private func check(_ column: ExistingColumn, against defined: ColumnDefinition) throws {
    let declared = column.declaredType.uppercased()
    guard declared == defined.type.sql else {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedType(from: declared, to: defined.type.sql))
    }
    // PRAGMA table_info reports no NOT NULL for an autoincrement key, so keys are not compared.
    guard !column.isPrimaryKey && !defined.isPrimaryKey else { return }
    if column.isNotNull == defined.isNullable {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedNullability(nowNullable: defined.isNullable))
    }
  }

  /// A reference whose actions changed cannot be altered in place: SQLite keeps foreign keys
  /// in the table's DDL only.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_foreign_key_list>
  private func checkForeignKeyActions() throws {
    let statement = try connection.cachedStatement(
      "SELECT \"from\", on_update, on_delete FROM pragma_foreign_key_list(?1)")
    let existing: [(column: String, onUpdate: String, onDelete: String)] =
      try statement.withReset { statement in
        try statement.bind(definition.name, at: 1)
        var keys: [(String, String, String)] = []
        var number = 0
        while try statement.step() {
          number += 1
          let row = Row(statement: statement, number: number)
          keys.append((try row.decode(at: 0), try row.decode(at: 1), try row.decode(at: 2)))
        }
        return keys
      }
    for column in definition.columns {
      guard let references = column.references,
        let old = existing.first(where: { $0.column.lowercased() == column.name.lowercased() })
      else { continue }
      let onDelete = (references.onDelete ?? .noAction).sql
      let onUpdate = (references.onUpdate ?? .noAction).sql
      guard old.onDelete.uppercased() != onDelete || old.onUpdate.uppercased() != onUpdate else {
        continue
      }
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .changedForeignKeyActions(
          from: "ON DELETE \(old.onDelete.uppercased()) ON UPDATE \(old.onUpdate.uppercased())",
          to: "ON DELETE \(onDelete) ON UPDATE \(onUpdate)"))
    }
  }

  /// Whether `ALTER TABLE … ADD COLUMN` can add the column to a table with rows.
  private func canAdd(_ column: ColumnDefinition) -> Bool {
    !column.isPrimaryKey && !column.isUnique && (column.isNullable || column.defaultSQL != nil)
  }

  private func addColumn(_ column: ColumnDefinition) throws {
    if column.isPrimaryKey || column.isUnique {
      throw MigrationError(
        table: definition.name, column: column.name,
        problem: .newConstrainedColumn(constraint: column.isPrimaryKey ? "PRIMARY KEY" : "UNIQUE"))
    }
    if !column.isNullable && column.defaultSQL == nil {
      throw MigrationError(table: definition.name, column: column.name, problem: .newRequiredColumn)
    }
    try connection.execute(
      "ALTER TABLE \(SQLIdentifier.quote(definition.name)) ADD COLUMN "
        + column.definitionSQL(inlinePrimaryKey: true))
  }

  private func createMissingIndexes() throws {
    for index in definition.allIndexes
    where try !objectExists(type: "index", name: index.name(inTable: definition.name)) {
      try connection.execute(definition.createSQL(for: index))
    }
  }

  /// Whether a table or index named `name` exists, matching names as SQLite does: `ITEM`
  /// created by another app is the table `item` (NOCASE folds ASCII letters only, like SQLite's
  /// own name lookup).
  private func objectExists(type: String, name: String) throws -> Bool {
    let statement = try connection.cachedStatement(
      "SELECT 1 FROM sqlite_master WHERE type = ?1 AND name = ?2 COLLATE NOCASE")
    return try statement.withReset { statement in
      try statement.bind(type, at: 1)
      try statement.bind(name, at: 2)
      return try statement.step()
    }
  }

  private func tableIsEmpty() throws -> Bool {
    let statement = try connection.cachedStatement(
      "SELECT 1 FROM \(SQLIdentifier.quote(definition.name)) LIMIT 1")
    return try statement.withReset { try !$0.step() }
  }

  private func existingColumns() throws -> [ExistingColumn] {
    // table_info takes the table name as an argument, so it can be bound like a value.
    let statement = try connection.cachedStatement(
      "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?1)")
    return try statement.withReset { statement in
      try statement.bind(definition.name, at: 1)
      var columns: [ExistingColumn] = []
      var number = 0
      while try statement.step() {
        number += 1
        let row = Row(statement: statement, number: number)
        columns.append(
          ExistingColumn(
            name: try row.decode(at: 0), declaredType: try row.decode(at: 1),
            isNotNull: try row.decode(at: 2), isPrimaryKey: try row.decode(at: 3) as Int > 0))
      }
      return columns
    }
  }
}
