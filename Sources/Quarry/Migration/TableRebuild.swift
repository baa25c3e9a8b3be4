import CSQLite
import Foundation

/// Rebuilds one table to a new definition with SQLite's documented procedure, inside the
/// caller's transaction.
///
/// The rows are copied with one `INSERT … SELECT` into a table created under a temporary name,
/// the old table is dropped and the new one renamed in its place (with `legacy_alter_table`
/// on, so the rename neither rewrites nor re-checks other objects that name the table); then
/// the definition's indexes, the user's own indexes and triggers and the `AUTOINCREMENT`
/// sequence are put back, and triggers and views are re-checked. The caller then checks the
/// foreign keys of the table and of the tables that refer to it (``ForeignKeyCheck``), once
/// every table of the migration is in place. Converted values are checked before anything
/// changes. Any failure throws, and the caller's transaction rolls everything back.
///
/// Related SQLite documentation: <https://sqlite.org/lang_altertable.html#otheralter>
struct TableRebuild {
  let definition: TableDefinition
  let sources: [ColumnSource]
  let connection: Connection

  private var table: String { definition.name }
  private var temporaryName: String { "quarry_rebuild_" + definition.name }

  /// A column of the new table and the SQL expression that fills it.
  private struct Filling {
    var column: ColumnDefinition
    var expression: String
    var conversion: (source: String, check: ColumnConversion, fillsNulls: Bool)?
  }

  /// Rebuilds the table; returns false when there was nothing to do (no such table: it is
  /// created later at its newest; or the table has exactly this definition already, when
  /// only Quarry's indexes that the definition has not got are dropped).
  @discardableResult
  func run() throws -> Bool {
    let existing = try connection.migrationStrings(MigrationSQL.tableSQL, [.text(table)])
    guard let currentSQL = existing.first else { return false }
    guard currentSQL != definition.createTableSQL else {
      try dropIndexesNotInDefinition()
      return false
    }
    let oldColumns = try connection.migrationRows(MigrationSQL.columns, [.text(table)])
    let oldNames = Set(oldColumns.compactMap { Self.text($0[0]) }.map(SQLIdentifier.comparisonKey))
    let labels = Self.labelColumns(oldColumns)
    let fillings = try definition.columns.map { try filling(for: $0, oldNames: oldNames) }
    if fillings.contains(where: { $0.conversion?.check.needsDateFunctions == true }) {
      try DateConversionFunctions.install(on: connection.handle)
    }
    for filling in fillings {
      try check(filling, labels: labels)
    }
    try checkForeignKeyEnforcement()
    try checkTriggers(dropping: droppedColumns(oldColumns))

    // The user's indexes and triggers, in the order they were made.
    let userObjects = try connection.migrationRows(MigrationSQL.indexesAndTriggers, [.text(table)])
      .filter { $0[2] == .text("trigger") || !isQuarryIndex(Self.text($0[0]) ?? "") }
    let sequence = try savedSequence()
    let schemaWasSound = (try? probeSchema()) != nil

    try connection.execute(MigrationSQL.createTable(definition, named: temporaryName))
    do {
      try connection.execute(
        MigrationSQL.copyRows(
          into: temporaryName, columns: fillings.map(\.column.name), from: table,
          expressions: fillings.map(\.expression)))
    } catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT {
      try explainConstraintFailure(fillings, labels: labels)
      throw error
    }
    try connection.execute(MigrationSQL.dropTable(table))
    try renameIntoPlace()
    for sql in MigrationSQL.createIndexes(of: definition) {
      try connection.execute(sql)
    }
    for row in userObjects {
      try recreate(name: Self.text(row[0]) ?? "", sql: Self.text(row[1]) ?? "")
    }
    try restore(sequence)
    if schemaWasSound {
      do {
        try probeSchema()
      } catch let error as SQLiteError {
        throw MigrationError(
          table: table, column: "",
          problem: .brokenSchemaObject(
            reason: "after the rebuild, " + error.message))
      }
    }
    return true
  }

  // MARK: Columns

  private func filling(for column: ColumnDefinition, oldNames: Set<String>) throws -> Filling {
    let key = SQLIdentifier.comparisonKey(column.name)
    guard let source = sources.first(where: { SQLIdentifier.comparisonKey($0.name) == key })
    else {
      throw MigrationError(table: table, column: column.name, problem: .missingColumnSource)
    }
    if let old = source.sourceColumn, !oldNames.contains(SQLIdentifier.comparisonKey(old)) {
      // A column an earlier release's migrate added by itself: this database skipped it.
      if let added = source.addedDefaultSQL {
        let fill = source.fillNullsSQL.map { "coalesce(\(added), \($0))" }
        return Filling(column: column, expression: fill ?? added)
      }
      if let defaultSQL = column.defaultSQL {
        return Filling(column: column, expression: defaultSQL)
      }
      guard column.isNullable || column.isPrimaryKey else {
        throw MigrationError(table: table, column: column.name, problem: .newRequiredColumn)
      }
      return Filling(column: column, expression: "NULL")
    }
    switch source.kind {
    case .copy(let old):
      return Filling(column: column, expression: MigrationSQL.quote(old))
    case .fillNulls(let old, let sql):
      return Filling(column: column, expression: "coalesce(\(MigrationSQL.quote(old)), \(sql))")
    case .value(let sql):
      return Filling(column: column, expression: sql)
    case .convert(let old, let target, let fillNullsSQL):
      let conversion = ColumnConversion(target: target ?? .forColumn(of: column.type))
      var expression = conversion.converted(MigrationSQL.quote(old))
      if let fillNullsSQL { expression = "coalesce(\(expression), \(fillNullsSQL))" }
      return Filling(
        column: column, expression: expression,
        conversion: (old, conversion, fillNullsSQL != nil))
    }
  }

  /// Throws for the first row (in rowid order) whose value a conversion cannot make exactly.
  private func check(_ filling: Filling, labels: [String]) throws {
    guard let (source, conversion, fillsNulls) = filling.conversion else { return }
    let value = MigrationSQL.storedValue(source)
    let rejectsNull = !fillsNulls && !filling.column.isNullable
    var condition = "(\(value) IS NOT NULL AND (\(conversion.rejects(value))))"
    if rejectsNull { condition += " OR \(value) IS NULL" }
    var first = try connection.migrationRows(
      MigrationSQL.firstRow(of: table, labels: labels, value: value, where: condition)
    ).first
    if let swiftCondition = conversion.needsSwiftCheck(value) {
      let candidates = try connection.migrationRows(
        MigrationSQL.rows(of: table, labels: labels, value: value, where: swiftCondition))
      if let bad = candidates.first(where: { !conversion.swiftAccepts($0[labels.count]) }),
        first.map({ Self.rowID($0) > Self.rowID(bad) }) ?? true
      {
        first = bad
      }
    }
    guard let row = first else { return }
    let label = Self.describe(row, labels: labels)
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

  /// Names the duplicate key or the NULL that made the copy fail.
  private func explainConstraintFailure(_ fillings: [Filling], labels: [String]) throws {
    func expressions(_ names: [String]) -> [String] {
      names.compactMap { name in
        fillings.first {
          SQLIdentifier.comparisonKey($0.column.name) == SQLIdentifier.comparisonKey(name)
        }?
        .expression
      }
    }
    for (names, isPrimaryKey) in definition.uniqueColumnSets {
      let sql = MigrationSQL.firstDuplicate(
        in: table, expressions: expressions(names), skipNulls: !isPrimaryKey)
      guard let values = try connection.migrationRows(sql).first else { continue }
      throw MigrationError(
        table: table, column: names.joined(separator: ","),
        problem: .duplicateKey(
          values: "(" + values.map(\.literalDescription).joined(separator: ", ") + ")",
          isPrimaryKey: isPrimaryKey))
    }
    for filling in fillings where !filling.column.isNullable && !filling.column.isAutoincrement {
      let condition = "(\(filling.expression)) IS NULL"
      guard
        let row = try connection.migrationRows(
          MigrationSQL.firstRow(of: table, labels: labels, value: "NULL", where: condition)
        ).first
      else { continue }
      throw MigrationError(
        table: table, column: filling.column.name,
        problem: .nullInRequiredColumn(row: Self.describe(row, labels: labels)))
    }
  }

  /// The old table's columns that no column of the new table takes its values from.
  private func droppedColumns(_ oldColumns: [[DatabaseValue]]) -> [String] {
    let kept = Set(
      sources.compactMap(\.sourceColumn).map(SQLIdentifier.comparisonKey)
        + definition.columns.map { SQLIdentifier.comparisonKey($0.name) })
    return oldColumns.compactMap { Self.text($0[0]) }
      .filter { !kept.contains(SQLIdentifier.comparisonKey($0)) }
  }

  /// Refuses, naming it, a trigger that mentions the table and a column the rebuild drops:
  /// SQLite would keep it and fail only when it fires (`UPDATE … SET "dropped"` is not even
  /// caught when the schema is re-checked).
  private func checkTriggers(dropping columns: [String]) throws {
    guard !columns.isEmpty else { return }
    for trigger in try connection.migrationRows(MigrationSQL.allTriggers) {
      guard let name = Self.text(trigger[0]), let sql = Self.text(trigger[1]),
        SQLWords.contains(sql, word: table),
        let column = columns.first(where: { SQLWords.contains(sql, word: $0) })
      else { continue }
      throw MigrationError(
        table: table, column: column,
        problem: .brokenSchemaObject(
          reason: "trigger '\(name)' uses column '\(column)', which the rebuild drops"))
    }
  }

  // MARK: The procedure's other steps

  /// Inside a transaction that enforces foreign keys, dropping a table with rows that other
  /// tables refer to would run their ON DELETE actions (or fail): refuse before changing
  /// anything.
  private func checkForeignKeyEnforcement() throws {
    guard try connection.migrationValue(MigrationSQL.foreignKeysEnabled) == .integer(1),
      try connection.migrationValue(MigrationSQL.hasRows(table)) != nil,
      try !connection.migrationStrings(MigrationSQL.referencingTables, [.text(table)]).isEmpty
    else { return }
    throw MigrationError(table: table, column: "", problem: .foreignKeysEnforced)
  }

  private func renameIntoPlace() throws {
    let legacy = try connection.migrationValue(MigrationSQL.legacyAlterTable) == .integer(1)
    try connection.execute(MigrationSQL.setLegacyAlterTable(true))
    defer { try? connection.execute(MigrationSQL.setLegacyAlterTable(legacy)) }
    try connection.execute(MigrationSQL.renameTable(temporaryName, to: table))
  }

  /// Drops Quarry's indexes of the table that the definition does not have, or has with the
  /// other uniqueness: a migration made for an index removed finds the table's own SQL
  /// unchanged, and without this a database of an earlier release kept the index a new one
  /// has not got. `migrate` creates the definition's missing indexes afterwards.
  private func dropIndexesNotInDefinition() throws {
    var wanted: [String: Bool] = [:]
    for index in definition.allIndexes {
      wanted[SQLIdentifier.comparisonKey(index.name(inTable: table))] = index.isUnique
    }
    for index in try connection.migrationRows(MigrationSQL.indexList, [.text(table)]) {
      guard let name = Self.text(index[0]), isQuarryIndex(name),
        wanted[SQLIdentifier.comparisonKey(name)] != (index[1] == .integer(1))
      else { continue }
      try connection.execute(MigrationSQL.dropIndex(name))
    }
  }

  /// Whether `name` is one of the indexes Quarry names after the table (`<table>_on_…`), which
  /// the definition re-creates.
  private func isQuarryIndex(_ name: String) -> Bool {
    SQLIdentifier.comparisonKey(name).hasPrefix(SQLIdentifier.comparisonKey(table + "_on_"))
  }

  private func recreate(name: String, sql: String) throws {
    do {
      try connection.execute(sql)
    } catch let error as SQLiteError {
      throw MigrationError(
        table: table, column: "",
        problem: .brokenSchemaObject(
          reason: "'\(name)' cannot be re-created after the rebuild: \(error.message)"))
    }
  }

  private func savedSequence() throws -> Int64? {
    guard try connection.migrationValue(MigrationSQL.hasSequenceTable) != nil,
      case .integer(let value) = try connection.migrationValue(
        MigrationSQL.sequence, [.text(table)])
    else { return nil }
    return value
  }

  private func restore(_ sequence: Int64?) throws {
    guard let sequence, definition.columns.contains(where: \.isAutoincrement) else { return }
    _ = try connection.migrationRows(
      MigrationSQL.updateSequence, [.text(table), .integer(sequence)])
    _ = try connection.migrationRows(
      MigrationSQL.insertSequence, [.text(table), .integer(sequence)])
  }

  private func probeSchema() throws {
    for sql in MigrationSQL.schemaProbe {
      try connection.execute(sql)
    }
  }

  // MARK: Rows in messages

  /// The old table's primary key columns, or none (rows are then named by rowid).
  private static func labelColumns(_ columns: [[DatabaseValue]]) -> [String] {
    columns.filter { if case .integer(let pk) = $0[1] { return pk > 0 } else { return false } }
      .compactMap { text($0[0]) }
  }

  static func describe(_ row: [DatabaseValue], labels: [String]) -> String {
    guard !labels.isEmpty else { return "with rowid \(rowID(row).description)" }
    return labels.enumerated().map { "'\($1)' = \(row[$0].literalDescription)" }
      .joined(separator: ", ")
  }

  private static func rowID(_ row: [DatabaseValue]) -> Int64 {
    if case .integer(let id) = row.last { return id }
    return 0
  }

  static func text(_ value: DatabaseValue) -> String? {
    if case .text(let text) = value { return text }
    return nil
  }
}
