import Foundation

/// Applies pending generated migrations on PostgreSQL, as ``GeneratedMigrationRunner`` does on
/// SQLite: in identifier order, each step checking the database first (a step on a missing
/// table does nothing, a rename made already is not made again), each migration recorded in
/// `quarry_migrations`.
///
/// Renames also rename what PostgreSQL and Quarry named after the old name, so a migrated
/// database has the names a new one has: Quarry's indexes (`<table>_on_<columns>`), the
/// constraints named after the table or column (`<table>_pkey`, `<table>_<column>_key`) and
/// identity sequences (`<table>_<column>_seq`).
struct PostgresGeneratedMigrationRunner {
  let catalog: PostgresCatalog

  /// Applies the pending `migrations`; returns the tables they rebuilt.
  func run(_ migrations: [GeneratedMigration]) throws -> [String] {
    guard !migrations.isEmpty else { return [] }
    try catalog.execute(PostgresMigrationSQL.createLog)
    let prefix = GeneratedMigration.recordPrefix
    let applied = Set(
      try catalog.strings(
        PostgresMigrationSQL.appliedGenerated,
        [.text(prefix), .integer(Int64(prefix.utf8.count))]))
    var rebuilt: [String] = []
    for migration in migrations where !applied.contains(migration.recordedName) {
      for step in migration.steps {
        try apply(step, rebuilt: &rebuilt)
      }
      _ = try catalog.rows(
        PostgresMigrationSQL.recordApplied,
        [.text(migration.recordedName), .real(Date().timeIntervalSinceReferenceDate)])
    }
    return rebuilt
  }

  private func apply(_ step: GeneratedMigration.Step, rebuilt: inout [String]) throws {
    switch step.kind {
    case .renameTable(let old, let new):
      try renameTable(old, to: new)
      rebuilt = rebuilt.map { $0 == old ? new : $0 }
    case .renameColumn(let old, let new, let table):
      try renameColumn(old, to: new, in: table)
    case .rebuildTable(let definition, let columns):
      if try PostgresTableRebuild(definition: definition, sources: columns, catalog: catalog).run()
      {
        rebuilt.append(definition.name)
      }
    }
  }

  private func renameTable(_ old: String, to new: String) throws {
    guard try catalog.tableExists(old) else { return }
    if old != new, try catalog.tableExists(new) {
      throw MigrationError(table: new, column: "", problem: .renameTargetExists(old: old))
    }
    try catalog.execute(MigrationSQL.renameTable(old, to: new))
    for index in try catalog.indexes(on: new) where index.name.hasPrefix(old + "_on_") {
      try catalog.execute(
        PostgresMigrationSQL.renameIndex(
          index.name, to: PostgresIdentifier.stored(new + index.name.dropFirst(old.count))))
    }
    for constraint in try catalog.strings(PostgresMigrationSQL.constraints, [.text(new)])
    where constraint.hasPrefix(old + "_") {
      try catalog.execute(
        PostgresMigrationSQL.renameConstraint(
          constraint, to: PostgresIdentifier.stored(new + constraint.dropFirst(old.count)),
          in: new))
    }
    try catalog.renameIdentitySequences(of: new)
  }

  private func renameColumn(_ old: String, to new: String, in table: String) throws {
    guard try catalog.tableExists(table),
      try catalog.columns(in: table).contains(where: { $0.name == old })
    else { return }
    try catalog.execute(MigrationSQL.renameColumn(old, to: new, in: table))
    // PostgreSQL renames the column in its indexes: an index named after the old name gets
    // the name a new database gives it.
    for index in try catalog.indexes(on: table) {
      let oldNames = index.columns.map { $0 == new ? old : $0 }
      guard oldNames != index.columns,
        index.name == PostgresIdentifier.stored(IndexDefinition(oldNames).name(inTable: table))
      else { continue }
      try catalog.execute(
        PostgresMigrationSQL.renameIndex(
          index.name,
          to: PostgresIdentifier.stored(IndexDefinition(index.columns).name(inTable: table))))
    }
    // So are the constraints PostgreSQL named after the column (`<table>_<column>_key`,
    // `_fkey`); their indexes follow.
    for constraint in try catalog.strings(PostgresMigrationSQL.constraints, [.text(table)]) {
      for suffix in ["_key", "_fkey"]
      where constraint == PostgresIdentifier.stored(table + "_" + old + suffix) {
        try catalog.execute(
          PostgresMigrationSQL.renameConstraint(
            constraint, to: PostgresIdentifier.stored(table + "_" + new + suffix), in: table))
      }
    }
    try catalog.renameIdentitySequences(of: table)
  }
}
