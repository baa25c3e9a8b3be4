import Foundation
import Quarry

// The model of `quarry-stress migration-seed` and `migration-victim`: version 1 of "ledger"
// stores amounts as TEXT under "label"; version 2's generated migration renames "label" to
// "name" and rebuilds the table with "amount" converted to INTEGER and a new "flag".

/// Version 1 of the table, as the generator writes it.
enum LedgerV1 {
  static let table = TableDefinition(
    name: "ledger_rows",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("amount", .text),
      ColumnDefinition("label", .text, indexed: true),
    ])
}

/// Version 2 of the table and the migration that leads to it.
enum LedgerV2 {
  static let table = TableDefinition(
    name: "ledger_rows",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("amount", .integer),
      ColumnDefinition("name", .text, indexed: true),
      ColumnDefinition("flag", .integer, defaultSQL: "0"),
    ])
  static let migration = GeneratedMigration(
    "0002_ledger_rows_amount_to_integer",
    steps: [
      .renameColumn("label", to: "name", in: "ledger_rows"),
      .rebuildTable(
        table, columns: [.copy("id"), .convert("amount"), .copy("name"), .value("flag", sql: "0")]),
    ])
}

/// A record at one of the versions; migrations need only the definition.
struct LedgerRecord<Version: LedgerVersion>: TableRecord {
  typealias PrimaryKey = Int64
  static var table: TableDefinition { Version.table }
  static var migrations: [GeneratedMigration] { Version.migrations }
  init(row: Row) throws {}
  func bind(to statement: Statement) throws {}
  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {}
  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

protocol LedgerVersion: Sendable {
  static var table: TableDefinition { get }
  static var migrations: [GeneratedMigration] { get }
}

extension LedgerV1: LedgerVersion {
  static var migrations: [GeneratedMigration] { [] }
}

extension LedgerV2: LedgerVersion {
  static var migrations: [GeneratedMigration] { [migration] }
}

/// Creates the database at version 1 with `rows` rows: row `i` holds amount `i * 7 % 1000` as
/// text and label `row<i>`.
func migrationSeed(path: String, rows: Int) {
  do {
    let db = try Database(path: path)
    try db.migrate([LedgerRecord<LedgerV1>.self])
    try db.write { db in
      try db.execute(
        #"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "#
          + #"INSERT INTO "ledger_rows" ("id", "amount", "label") "#
          + #"SELECT i, CAST(i * 7 % 1000 AS TEXT), 'row' || i FROM n"#, arguments: [rows])
    }
  } catch {
    fail("seed \(path): \(error)")
  }
  say("seeded \(rows)")
}

/// Migrates the database to version 2, printing `migrating` first and `migrated` after.
func migrationVictim(path: String) {
  do {
    let db = try Database(path: path)
    say("migrating")
    try db.migrate([LedgerRecord<LedgerV2>.self])
  } catch {
    fail("migrate \(path): \(error)")
  }
  say("migrated")
}
