/// `PRAGMA foreign_key_check` over a changed table and the tables that refer to it, turned into
/// a ``MigrationError`` naming the first orphan row.
///
/// Migrations run with foreign keys off (a rebuild drops a table other tables refer to), so
/// nothing stops an orphan until this check, run before the transaction commits.
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_foreign_key_check>
struct ForeignKeyCheck {
  let connection: Connection

  func check(tableAndReferrersOf table: String) throws {
    let referrers = try connection.migrationStrings(MigrationSQL.referencingTables, [.text(table)])
    var checked: Set<String> = []
    for name in [table] + referrers where checked.insert(SQLIdentifier.comparisonKey(name)).inserted
    {
      guard
        let orphan = try connection.migrationRows(MigrationSQL.foreignKeyCheck, [.text(name)])
          .first
      else { continue }
      throw try error(for: orphan)
    }
  }

  /// The error for one row of `foreign_key_check`: table, rowid, parent, foreign key id.
  private func error(for orphan: [DatabaseValue]) throws -> MigrationError {
    let table = TableRebuild.text(orphan[0]) ?? ""
    let parent = TableRebuild.text(orphan[2]) ?? ""
    let columns = try connection.migrationStrings(
      MigrationSQL.foreignKeyColumns, [.text(table), orphan[3]])
    let keyColumns = try connection.migrationRows(MigrationSQL.columns, [.text(table)])
      .filter { if case .integer(let pk) = $0[1] { return pk > 0 } else { return false } }
      .compactMap { TableRebuild.text($0[0]) }
    let shown = keyColumns + columns
    let values =
      try connection.migrationRows(MigrationSQL.rowValues(of: table, columns: shown), [orphan[1]])
      .first ?? []
    let label =
      keyColumns.isEmpty
      ? "with rowid \(orphan[1].literalDescription)"
      : zip(keyColumns, values).map { "'\($0)' = \($1.literalDescription)" }
        .joined(separator: ", ")
    let value = values.dropFirst(keyColumns.count).map(\.literalDescription)
      .joined(separator: ", ")
    return MigrationError(
      table: table, column: columns.joined(separator: ","),
      problem: .orphanRow(row: label, value: value, parent: parent))
  }
}
