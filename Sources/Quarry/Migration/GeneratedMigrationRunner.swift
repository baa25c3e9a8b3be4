import Foundation

/// Applies the pending generated migrations of a set of tables, in identifier order, inside the
/// caller's transaction, and records each in `quarry_migrations`.
///
/// Every step checks the database first: a step on a table that does not exist does nothing
/// (the table is created at its newest definition afterwards), and a rename already made is not
/// made again. So a new database records every migration without running any, and a database
/// made by any earlier version ends at the same schema as a new one.
struct GeneratedMigrationRunner {
  let connection: Connection

  /// The migrations of `tables`, each once, sorted by identifier.
  static func migrations(of tables: [any TableRecord.Type]) throws -> [GeneratedMigration] {
    var byIdentifier: [String: GeneratedMigration] = [:]
    for migration in tables.flatMap({ $0.migrations }) {
      if let known = byIdentifier[migration.identifier], known != migration {
        throw MigrationError(
          table: "", column: "",
          problem: .conflictingMigration(identifier: migration.identifier))
      }
      byIdentifier[migration.identifier] = migration
    }
    return byIdentifier.values.sorted { $0.identifier < $1.identifier }
  }

  /// Applies the pending `migrations`; returns the tables they rebuilt (by their names after
  /// the later renames), whose foreign keys the caller checks once every table is in place.
  func run(_ migrations: [GeneratedMigration]) throws -> [String] {
    guard !migrations.isEmpty else { return [] }
    var rebuilt: [String] = []
    try connection.execute(MigrationSQL.createLog)
    let prefix = GeneratedMigration.recordPrefix
    let applied = Set(
      try connection.migrationStrings(
        MigrationSQL.appliedGenerated, [.text(prefix), .integer(Int64(prefix.utf8.count))]))
    for migration in migrations where !applied.contains(migration.recordedName) {
      // Renames always rename Quarry's index names, even before a rebuild of the same table:
      // skipping it left the old name's index (`books_on_code` after `books` became
      // `volumes`) for the rebuild to re-create as if it were the user's
      // (MultiVersionMigrationTests).
      for step in migration.steps {
        try apply(step, rebuilt: &rebuilt, renamesIndexes: { _ in true })
      }
      _ = try connection.migrationRows(
        MigrationSQL.recordApplied,
        [.text(migration.recordedName), try Date().databaseValue()])
    }
    return rebuilt
  }

  private func apply(
    _ step: GeneratedMigration.Step, rebuilt: inout [String],
    renamesIndexes: (_ tableKey: String) -> Bool
  ) throws {
    switch step.kind {
    case .renameTable(let old, let new):
      try renameTable(
        old, to: new, renamingIndexes: renamesIndexes(SQLIdentifier.comparisonKey(new)))
      rebuilt = rebuilt.map {
        SQLIdentifier.comparisonKey($0) == SQLIdentifier.comparisonKey(old) ? new : $0
      }
    case .renameColumn(let old, let new, let table):
      try renameColumn(
        old, to: new, in: table,
        renamingIndexes: renamesIndexes(SQLIdentifier.comparisonKey(table)))
    case .rebuildTable(let definition, let columns):
      if try TableRebuild(definition: definition, sources: columns, connection: connection).run() {
        rebuilt.append(definition.name)
      }
    }
  }

  private func tableExists(_ name: String) throws -> Bool {
    try connection.migrationValue(MigrationSQL.tableExists, [.text(name)]) != nil
  }

  private func columnNames(of table: String) throws -> Set<String> {
    Set(
      try connection.migrationRows(MigrationSQL.columns, [.text(table)])
        .compactMap { TableRebuild.text($0[0]) }.map(SQLIdentifier.comparisonKey))
  }

  private func renameTable(_ old: String, to new: String, renamingIndexes: Bool) throws {
    guard try tableExists(old) else { return }
    if SQLIdentifier.comparisonKey(old) != SQLIdentifier.comparisonKey(new),
      try tableExists(new)
    {
      throw MigrationError(table: new, column: "", problem: .renameTargetExists(old: old))
    }
    try connection.execute(MigrationSQL.renameTable(old, to: new))
    guard renamingIndexes else { return }
    try renameQuarryIndexes(of: new) { name, _ in
      let oldPrefix = SQLIdentifier.comparisonKey(old + "_on_")
      let key = SQLIdentifier.comparisonKey(name)
      guard key.hasPrefix(oldPrefix) else { return nil }
      return new + "_on_" + name.dropFirst(oldPrefix.count)
    }
  }

  private func renameColumn(
    _ old: String, to new: String, in table: String, renamingIndexes: Bool
  ) throws {
    guard try tableExists(table) else { return }
    let columns = try columnNames(of: table)
    guard columns.contains(SQLIdentifier.comparisonKey(old)) else { return }
    try connection.execute(MigrationSQL.renameColumn(old, to: new, in: table))
    guard renamingIndexes else { return }
    try renameQuarryIndexes(of: table) { name, indexColumns in
      // The index was named after its columns' old names: the one renamed is `new` by now.
      let oldNames = indexColumns.map {
        SQLIdentifier.comparisonKey($0) == SQLIdentifier.comparisonKey(new) ? old : $0
      }
      let expected = IndexDefinition(oldNames).name(inTable: table)
      guard SQLIdentifier.comparisonKey(name) == SQLIdentifier.comparisonKey(expected),
        oldNames != indexColumns
      else { return nil }
      return IndexDefinition(indexColumns).name(inTable: table)
    }
  }

  /// Re-creates under a new name each index of `table` for which `newName` gives one (from the
  /// index's name and columns): SQLite cannot rename an index, and a database migrated from an
  /// old name must end with the index names a new database has.
  private func renameQuarryIndexes(
    of table: String, _ newName: (String, [String]) -> String?
  ) throws {
    for index in try connection.migrationRows(MigrationSQL.indexList, [.text(table)]) {
      guard let name = TableRebuild.text(index[0]) else { continue }
      let columns = try connection.migrationStrings(MigrationSQL.indexColumns, [.text(name)])
      guard let renamed = newName(name, columns) else { continue }
      try connection.execute(MigrationSQL.dropIndex(name))
      try connection.execute(
        MigrationSQL.createIndex(
          renamed, on: table, columns: columns, isUnique: index[1] == .integer(1)))
    }
  }
}
