import Foundation

/// Rebuilds one table to a new definition on PostgreSQL, inside the caller's transaction: the
/// PostgreSQL side of ``TableRebuild``, with the same checks and errors.
///
/// Converted values are checked first (the first row that cannot convert exactly is named).
/// Then the new table is created under a temporary name and filled with one `INSERT … SELECT`
/// inside a savepoint: a duplicate key, a NULL in a NOT NULL column or an orphan row rolls the
/// copy back and is named. The foreign keys of other tables that refer to the table are
/// dropped and added back once the new table has its name (checking every row again); the
/// user's own indexes and triggers are re-created, the identity sequence continues after the
/// largest key, and the constraints get the names a new table has.
struct PostgresTableRebuild {
  let definition: TableDefinition
  let sources: [ColumnSource]
  let catalog: PostgresCatalog

  private var table: String { definition.name }
  private var temporaryName: String { PostgresIdentifier.stored("quarry_rebuild_" + table) }

  private struct Filling {
    var column: ColumnDefinition
    var expression: String
    var conversion: (source: String, check: PostgresColumnConversion, fillsNulls: Bool)?
  }

  /// Rebuilds the table; false when there was nothing to do (no such table, or it already has
  /// this definition's columns, keys and foreign keys).
  @discardableResult
  func run() throws -> Bool {
    guard try catalog.tableExists(table), try !hasDefinition() else { return false }
    let oldColumns = try catalog.columns(in: table)
    let labels = oldColumns.filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
    let fillings = try definition.columns.map { try filling(for: $0, oldColumns: oldColumns) }
    for filling in fillings {
      try check(filling, labels: labels)
    }
    let referrers = try catalog.rows(PostgresRebuildSQL.referringKeys, [.text(table)])
    let userObjects = try catalog.rows(PostgresRebuildSQL.userIndexesAndTriggers, [.text(table)])
      .filter { !Self.text($0[0]).hasPrefix(table + "_on_") }

    var temporary = definition
    temporary.name = temporaryName
    try catalog.execute(temporary.postgresCreateTableSQL)
    try catalog.execute("SAVEPOINT quarry_rebuild")
    do {
      try catalog.execute(
        MigrationSQL.copyRows(
          into: temporaryName, columns: fillings.map(\.column.name), from: table,
          expressions: fillings.map(\.expression)))
      try catalog.execute("RELEASE SAVEPOINT quarry_rebuild")
    } catch let error as PostgresError {
      try catalog.execute("ROLLBACK TO SAVEPOINT quarry_rebuild")
      try explain(error, fillings: fillings, labels: labels)
      throw error
    }
    for key in referrers {
      try catalog.execute(
        "ALTER TABLE \(SQLIdentifier.quote(Self.text(key[0]))) DROP CONSTRAINT "
          + SQLIdentifier.quote(Self.text(key[1])))
    }
    try catalog.execute(MigrationSQL.dropTable(table))
    try catalog.execute(MigrationSQL.renameTable(temporaryName, to: table))
    for constraint in try catalog.strings(PostgresMigrationSQL.constraints, [.text(table)])
    where constraint.hasPrefix(temporaryName + "_") {
      try catalog.execute(
        PostgresMigrationSQL.renameConstraint(
          constraint,
          to: PostgresIdentifier.stored(table + constraint.dropFirst(temporaryName.count)),
          in: table))
    }
    for sql in definition.postgresCreateIndexSQL {
      try catalog.execute(sql)
    }
    for object in userObjects {
      try recreate(name: Self.text(object[0]), sql: Self.text(object[1]))
    }
    try restartIdentity()
    for key in referrers {
      try addBack(key)
    }
    return true
  }

  /// Whether the table's columns (names, types, nullability, key), unique column sets and
  /// foreign keys are the definition's already.
  private func hasDefinition() throws -> Bool {
    let columns = try catalog.columns(in: table)
    let keyNames = definition.primaryKeyPositions.map { definition.columns[$0].name }
    let expected = definition.columns.map { column in
      ColumnInfo(
        name: column.name, type: column.postgresType,
        isNotNull: !column.isNullable || column.isPrimaryKey || column.isAutoincrement,
        defaultValue: nil, primaryKeyIndex: (keyNames.firstIndex(of: column.name) ?? -1) + 1)
    }
    let actual = columns.map {
      ColumnInfo(
        name: $0.name, type: $0.type, isNotNull: $0.isNotNull, defaultValue: nil,
        primaryKeyIndex: $0.primaryKeyIndex)
    }
    guard actual == expected else { return false }
    var uniqueSets = Set(definition.columns.filter(\.isUnique).map { [$0.name] })
    uniqueSets.formUnion(definition.allIndexes.filter(\.isUnique).map(\.columns))
    uniqueSets.insert(keyNames)
    let existingUnique = Set(try catalog.indexes(on: table).filter(\.isUnique).map(\.columns))
    guard existingUnique == uniqueSets else { return false }
    var keys = Set(
      definition.columns.compactMap { column in
        column.references.map {
          ForeignKeyInfo(
            destinationTable: $0.table, columns: [column.name], destinationColumns: [$0.column],
            onDelete: $0.onDelete ?? .noAction, onUpdate: $0.onUpdate ?? .noAction)
        }
      })
    keys.formUnion(
      definition.foreignKeys.map {
        ForeignKeyInfo(
          destinationTable: $0.table, columns: $0.columns, destinationColumns: $0.referencedColumns,
          onDelete: $0.onDelete ?? .noAction, onUpdate: $0.onUpdate ?? .noAction)
      })
    return Set(try catalog.foreignKeys(on: table)) == keys
  }

  // MARK: Columns

  private func filling(for column: ColumnDefinition, oldColumns: [ColumnInfo]) throws -> Filling {
    guard let source = sources.first(where: { $0.name == column.name }) else {
      throw MigrationError(table: table, column: column.name, problem: .missingColumnSource)
    }
    let defaultSQL = column.defaultSQL.map {
      PostgresDefault.translate($0, toType: column.postgresType)
    }
    let old = source.sourceColumn.flatMap { name in oldColumns.first { $0.name == name } }
    if source.sourceColumn != nil, old == nil {
      // A column a later version's migrate adds: the database has not got it yet.
      if let defaultSQL { return Filling(column: column, expression: defaultSQL) }
      guard column.isNullable || column.isPrimaryKey else {
        throw MigrationError(table: table, column: column.name, problem: .newRequiredColumn)
      }
      return Filling(column: column, expression: "NULL")
    }
    switch source.kind {
    case .copy(let name):
      return Filling(column: column, expression: SQLIdentifier.quote(name))
    case .fillNulls(let name, let sql):
      let fill = PostgresDefault.translate(sql, toType: column.postgresType)
      return Filling(column: column, expression: "coalesce(\(SQLIdentifier.quote(name)), \(fill))")
    case .value(let sql):
      return Filling(
        column: column, expression: PostgresDefault.translate(sql, toType: column.postgresType))
    case .convert(_, let target, _)
    where target?.kind == .iso8601Date || target?.kind == .dateSeconds:
      // The date text conversion is SQLite functions of Quarry's own (issue 21).
      throw PostgresUnsupportedError(
        api: "a generated migration converting '\(column.name)' between date storages",
        reason: "convert the column with a DatabaseMigrator migration")
    case .convert(let name, let target, let fillNullsSQL):
      let conversion = PostgresColumnConversion(
        target: target ?? PostgresColumnConversion.defaultTarget(for: column),
        sourceType: old?.type ?? "", targetType: column.postgresType)
      var expression = conversion.converted(SQLIdentifier.quote(name))
      if let fillNullsSQL {
        let fill = PostgresDefault.translate(fillNullsSQL, toType: column.postgresType)
        expression = "coalesce(\(expression), \(fill))"
      }
      return Filling(
        column: column, expression: expression,
        conversion: (name, conversion, fillNullsSQL != nil))
    }
  }

  /// Throws for the first row (in key order) whose value a conversion cannot make exactly.
  private func check(_ filling: Filling, labels: [String]) throws {
    guard let (source, conversion, fillsNulls) = filling.conversion else { return }
    let value = SQLIdentifier.quote(source)
    let rejectsNull = !fillsNulls && !filling.column.isNullable
    var condition = "(\(value) IS NOT NULL AND (\(conversion.rejects(value))))"
    if rejectsNull { condition += " OR \(value) IS NULL" }
    var bad = try catalog.rows(
      PostgresRebuildSQL.rows(of: table, labels: labels, value: value, where: condition, limit: 1)
    ).first
    if let swiftCondition = conversion.needsSwiftCheck(value) {
      let candidates = try catalog.rows(
        PostgresRebuildSQL.rows(
          of: table, labels: labels, value: value,
          where: "\(value) IS NOT NULL AND (\(swiftCondition))", limit: nil))
      if let first = candidates.first(where: { !conversion.swiftAccepts($0[labels.count]) }),
        bad.map({ Self.precedes(first, $0, labels: labels.count) }) ?? true
      {
        bad = first
      }
    }
    guard let row = bad else { return }
    let label = TableRebuild.describe(row, labels: labels)
    if row[labels.count] == .null {
      throw MigrationError(
        table: table, column: filling.column.name, problem: .nullInRequiredColumn(row: label))
    }
    throw MigrationError(
      table: table, column: filling.column.name,
      problem: .inexactValue(
        row: label, value: row[labels.count].literalDescription,
        requirement: conversion.requirement))
  }

  /// Whether `row` comes before `other` in key order (both from the same query's columns).
  private static func precedes(_ row: [DatabaseValue], _ other: [DatabaseValue], labels: Int)
    -> Bool
  {
    for index in 0..<labels where row[index] != other[index] {
      switch (row[index], other[index]) {
      case (.integer(let a), .integer(let b)): return a < b
      case (.text(let a), .text(let b)): return a < b
      default: return false
      }
    }
    return false
  }

  /// Names the duplicate key, NULL or orphan that made the copy fail with `error`.
  private func explain(_ error: PostgresError, fillings: [Filling], labels: [String]) throws {
    func expressions(_ names: [String]) -> [String] {
      names.compactMap { name in fillings.first { $0.column.name == name }?.expression }
    }
    for (names, isPrimaryKey) in definition.uniqueColumnSets {
      let sql = PostgresRebuildSQL.firstDuplicate(
        in: table, expressions: expressions(names), skipNulls: !isPrimaryKey)
      guard let values = try catalog.rows(sql).first else { continue }
      throw MigrationError(
        table: table, column: names.joined(separator: ","),
        problem: .duplicateKey(
          values: "(" + values.map(\.literalDescription).joined(separator: ", ") + ")",
          isPrimaryKey: isPrimaryKey))
    }
    for filling in fillings where !filling.column.isNullable && !filling.column.isAutoincrement {
      guard
        let row = try catalog.rows(
          PostgresRebuildSQL.rows(
            of: table, labels: labels, value: "NULL",
            where: "(\(filling.expression)) IS NULL", limit: 1)
        ).first
      else { continue }
      throw MigrationError(
        table: table, column: filling.column.name,
        problem: .nullInRequiredColumn(row: TableRebuild.describe(row, labels: labels)))
    }
    for reference in definition.postgresReferences {
      let own = expressions(reference.columns)
      guard own.count == reference.columns.count,
        let row = try catalog.rows(
          PostgresRebuildSQL.firstOrphan(
            in: table, labels: labels, expressions: own, parent: reference.table,
            parentColumns: reference.referencedColumns)
        ).first
      else { continue }
      throw MigrationError(
        table: table, column: reference.columns.joined(separator: ","),
        problem: .orphanRow(
          row: TableRebuild.describe(row, labels: labels),
          value: row[labels.count..<(row.count - 1)].map(\.literalDescription)
            .joined(separator: ", "),
          parent: reference.table))
    }
  }

  // MARK: The procedure's other steps

  private func recreate(name: String, sql: String) throws {
    do {
      try catalog.execute(sql)
    } catch let error as PostgresError {
      throw MigrationError(
        table: table, column: "",
        problem: .brokenSchemaObject(
          reason: "'\(name)' cannot be re-created after the rebuild: \(error.message)"))
    }
  }

  /// The identity sequence of the new table continues after the largest key copied.
  private func restartIdentity() throws {
    for column in definition.columns where column.isAutoincrement {
      _ = try catalog.rows(
        "SELECT setval(pg_get_serial_sequence(?1, ?2), coalesce(max(\(SQLIdentifier.quote(column.name))), 0) + 1, false) FROM \(SQLIdentifier.quote(table))",
        [.text(SQLIdentifier.quote(table)), .text(column.name)])
    }
  }

  /// Adds back another table's foreign key to this one, naming an orphan row if one appeared.
  private func addBack(_ key: [DatabaseValue]) throws {
    let referrer = Self.text(key[0])
    let name = Self.text(key[1])
    try catalog.execute("SAVEPOINT quarry_rebuild")
    do {
      try catalog.execute(
        "ALTER TABLE \(SQLIdentifier.quote(referrer)) ADD CONSTRAINT \(SQLIdentifier.quote(name)) "
          + Self.text(key[2]))
      try catalog.execute("RELEASE SAVEPOINT quarry_rebuild")
    } catch let error as PostgresError where error.isForeignKeyViolation {
      try catalog.execute("ROLLBACK TO SAVEPOINT quarry_rebuild")
      let columns = try catalog.strings(PostgresRebuildSQL.constraintColumns, [.text(name)])
      let labels = try catalog.columns(in: referrer).filter { $0.primaryKeyIndex > 0 }
        .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
      let referenced = try catalog.strings(PostgresRebuildSQL.referencedColumns, [.text(name)])
      guard
        let row = try catalog.rows(
          PostgresRebuildSQL.firstOrphan(
            in: referrer, labels: labels, expressions: columns.map(SQLIdentifier.quote),
            parent: table, parentColumns: referenced)
        ).first
      else { throw error }
      throw MigrationError(
        table: referrer, column: columns.joined(separator: ","),
        problem: .orphanRow(
          row: TableRebuild.describe(row, labels: labels),
          value: row[labels.count..<(row.count - 1)].map(\.literalDescription)
            .joined(separator: ", "),
          parent: table))
    }
  }

  static func text(_ value: DatabaseValue) -> String { PostgresCatalog.text(value) }
}

extension TableDefinition {
  /// Every foreign key, column references and table constraints alike.
  var postgresReferences: [TableForeignKey] {
    columns.compactMap { column in
      column.references.map {
        TableForeignKey(
          [column.name], references: $0.table, columns: [$0.column], onDelete: $0.onDelete,
          onUpdate: $0.onUpdate)
      }
    } + foreignKeys
  }
}
