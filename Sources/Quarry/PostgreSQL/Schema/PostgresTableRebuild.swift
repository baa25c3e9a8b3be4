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
    var conversion: (source: String, check: Check, fillsNulls: Bool)?
  }

  /// How a converted column's values are checked: in SQL, or against the values Swift
  /// converted (a date).
  private enum Check {
    case value(PostgresColumnConversion)
    case date(PostgresDateConversion, ConversionTarget)

    func rejects(_ value: String) -> String {
      switch self {
      case .value(let conversion): conversion.rejects(value)
      case .date(let dates, _): dates.rejects
      }
    }

    var requirement: String {
      switch self {
      case .value(let conversion): conversion.requirement
      case .date(_, let target): ColumnConversion(target: target).requirement
      }
    }
  }

  /// Rebuilds the table; false when there was nothing to do (no such table, or it already has
  /// this definition's columns, keys and foreign keys, when only its indexes and defaults
  /// follow: see `followInPlace`).
  @discardableResult
  func run() throws -> Bool {
    guard try catalog.tableExists(table) else { return false }
    let oldColumns = try catalog.columns(in: table)
    let kept = PostgresTableRebuild(
      definition: definition.keepingPostgresKinds(of: oldColumns, sources: sources),
      sources: sources, catalog: catalog)
    guard try !kept.hasDefinition(oldColumns) else {
      try kept.followInPlace()
      return false
    }
    try kept.rebuild(oldColumns: oldColumns)
    return true
  }

  /// What a table whose columns, keys and foreign keys are the definition's may still differ
  /// in, made the definition's without a rebuild: a migration made for an index removed or a
  /// default changed finds the rest unchanged, and without this a database of an earlier
  /// release kept the index and the default a new one has not got. Quarry's indexes that the
  /// definition has not got (or has with the other uniqueness) are dropped, and `migrate`
  /// creates the missing ones afterwards; every column's default is set (or dropped).
  private func followInPlace() throws {
    for column in definition.columns where !column.isAutoincrement {
      let defaultSQL = column.defaultSQL.map {
        PostgresDefault.translate($0, toType: column.postgresType)
      }
      try catalog.execute(
        PostgresMigrationSQL.setDefault(defaultSQL, of: column.name, in: table))
    }
    var wanted: [String: Bool] = [:]
    for index in definition.allIndexes {
      wanted[PostgresIdentifier.stored(index.name(inTable: table))] = index.isUnique
    }
    for index in try catalog.indexes(on: table)
    where isQuarryIndex(index.name) && wanted[index.name] != index.isUnique {
      try catalog.execute(MigrationSQL.dropIndex(index.name))
    }
  }

  /// Whether `name` is one of the indexes Quarry names after the table (`<table>_on_…`), which
  /// the definition re-creates.
  private func isQuarryIndex(_ name: String) -> Bool { name.hasPrefix(table + "_on_") }

  private func rebuild(oldColumns: [ColumnInfo]) throws {
    let labels = oldColumns.filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
    let fillings = try definition.columns.enumerated().map {
      try filling(for: $1, number: $0, oldColumns: oldColumns)
    }
    for filling in fillings {
      try check(filling, labels: labels)
    }
    let referrers = try catalog.rows(PostgresRebuildSQL.referringKeys, [.text(table)])
    let userObjects = try catalog.rows(PostgresRebuildSQL.userIndexesAndTriggers, [.text(table)])
      .filter { !isQuarryIndex(Self.text($0[0])) }
    let views = try catalog.rows(
      PostgresRebuildSQL.dependentViews, [.text(SQLIdentifier.quote(table))])
    let nextKeys = try identityPositions()

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
    for filling in fillings {
      if case .date(let dates, _) = filling.conversion?.check { try dates.drop(in: catalog) }
    }
    for key in referrers {
      try catalog.execute(
        "ALTER TABLE \(SQLIdentifier.quote(Self.text(key[0]))) DROP CONSTRAINT "
          + SQLIdentifier.quote(Self.text(key[1])))
    }
    // PostgreSQL refuses to drop a table a view reads; SQLite re-checks views afterwards.
    for view in views.reversed() {
      try catalog.execute("DROP VIEW " + SQLIdentifier.quote(Self.text(view[0])))
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
    try catalog.renameIdentitySequences(of: table)
    for sql in definition.postgresCreateIndexSQL {
      try catalog.execute(sql)
    }
    for object in userObjects {
      try recreate(name: Self.text(object[0]), sql: Self.text(object[1]))
    }
    for view in views {
      try recreateView(name: Self.text(view[0]), select: Self.text(view[1]))
    }
    try restartIdentity(after: nextKeys)
    for key in referrers {
      try addBack(key)
    }
  }

  /// Whether the table's columns (names, types, nullability, key), unique column sets and
  /// foreign keys are the definition's already.
  private func hasDefinition(_ columns: [ColumnInfo]) throws -> Bool {
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

  private func filling(for column: ColumnDefinition, number: Int, oldColumns: [ColumnInfo])
    throws -> Filling
  {
    guard let source = sources.first(where: { $0.name == column.name }) else {
      throw MigrationError(table: table, column: column.name, problem: .missingColumnSource)
    }
    let defaultSQL = column.defaultSQL.map {
      PostgresDefault.translate($0, toType: column.postgresType)
    }
    let old = source.sourceColumn.flatMap { name in oldColumns.first { $0.name == name } }
    if source.sourceColumn != nil, old == nil {
      // A column an earlier release's migrate added by itself: this database skipped it.
      if let added = source.addedDefaultSQL {
        let value = PostgresDefault.translate(added, toType: column.postgresType)
        let fill = source.fillNullsSQL.map {
          "coalesce(\(value), \(PostgresDefault.translate($0, toType: column.postgresType)))"
        }
        return Filling(column: column, expression: fill ?? value)
      }
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
    case .convert(let name, let target?, let fillNullsSQL)
    where target.kind == .iso8601Date || target.kind == .dateSeconds:
      let dates = try PostgresDateConversion.prepare(
        column: name, sourceType: old?.type ?? "TEXT", targetType: column.postgresType,
        toText: target.kind == .iso8601Date, table: table, number: number, catalog: catalog)
      var expression = dates.converted
      if let fillNullsSQL {
        let fill = PostgresDefault.translate(fillNullsSQL, toType: column.postgresType)
        expression = "coalesce(\(expression), \(fill))"
      }
      return Filling(
        column: column, expression: expression,
        conversion: (name, .date(dates, target), fillNullsSQL != nil))
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
        conversion: (name, .value(conversion), fillNullsSQL != nil))
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
    if case .value(let valueConversion) = conversion,
      let swiftCondition = valueConversion.needsSwiftCheck(value)
    {
      let candidates = try catalog.rows(
        PostgresRebuildSQL.rows(
          of: table, labels: labels, value: value,
          where: "\(value) IS NOT NULL AND (\(swiftCondition))", limit: nil))
      if let first = candidates.first(where: { !valueConversion.swiftAccepts($0[labels.count]) }),
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

  private func recreateView(name: String, select: String) throws {
    do {
      try catalog.execute("CREATE VIEW \(SQLIdentifier.quote(name)) AS \(select)")
    } catch let error as PostgresError {
      throw MigrationError(
        table: table, column: "",
        problem: .brokenSchemaObject(
          reason: "after the rebuild, error in view \(name): \(error.message)"))
    }
  }

  /// The value each autoincrement column's old identity sequence would hand out next, by the
  /// new column's name: a key once handed out is never handed out again, as SQLite's
  /// `sqlite_sequence` keeps it even when those rows are deleted.
  private func identityPositions() throws -> [String: Int64] {
    var positions: [String: Int64] = [:]
    for column in definition.columns where column.isAutoincrement {
      guard let source = sources.first(where: { $0.name == column.name })?.sourceColumn,
        let sequence = try catalog.strings(
          "SELECT pg_get_serial_sequence(?1, ?2)",
          [.text(SQLIdentifier.quote(table)), .text(source)]
        ).first
      else { continue }
      // `sequence` is PostgreSQL's own quoted, schema-qualified name.
      let row = try catalog.rows(
        "SELECT last_value, CASE WHEN is_called THEN 1 ELSE 0 END FROM \(sequence)")
      guard let row = row.first else { continue }
      let last = PostgresCatalog.integer(row[0])
      positions[column.name] = row[1] == .integer(1) ? last + 1 : last
    }
    return positions
  }

  /// The identity sequence of the new table continues after the largest key copied, or where
  /// the old one was if that is further.
  ///
  /// It is given the key before that as its last value (`setval(…, v)`, called), not the next
  /// one unused (`setval(…, v + 1, false)`): an unused sequence has no last value, and an
  /// insert of a key the application chose keeps the sequence past that key by its last value,
  /// so an unused one would be moved back onto keys in use. Nothing to continue (no key of 1 or
  /// more, nothing handed out) leaves the new sequence unused at 1.
  private func restartIdentity(after positions: [String: Int64]) throws {
    for column in definition.columns where column.isAutoincrement {
      _ = try catalog.rows(
        "SELECT setval(pg_get_serial_sequence(?1, ?2), v) FROM (SELECT greatest(coalesce(max("
          + SQLIdentifier.quote(column.name) + "), 0), CAST(?3 AS bigint) - 1) AS v FROM "
          + SQLIdentifier.quote(table) + ") AS q WHERE v >= 1",
        [
          .text(SQLIdentifier.quote(table)), .text(column.name),
          .integer(positions[column.name] ?? 1),
        ])
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
