import Quarry

/// The migration suite's table at one version, with the generated migrations leading to it as
/// `quarry generate` writes them.
protocol LedgerVersion: Sendable {
  static var table: TableDefinition { get }
  static var migrations: [GeneratedMigration] { get }
}

/// Version 1: "label" (indexed) and a "legacy" column.
enum LedgerVersion1: LedgerVersion {
  static let table = TableDefinition(
    name: "ledger",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("amount", .text),
      ColumnDefinition("label", .text, indexed: true),
      ColumnDefinition("legacy", .text),
    ])
  static let migrations: [GeneratedMigration] = []
}

/// Version 2 with "label" renamed "name", "legacy" dropped, "flag" added, `amountType` amounts.
private func ledgerVersion2(amountType: SQLType) -> TableDefinition {
  TableDefinition(
    name: "ledger",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("amount", amountType),
      ColumnDefinition("name", .text, indexed: true),
      ColumnDefinition("flag", .integer, defaultSQL: "0"),
    ])
}

/// Version 2 keeping TEXT amounts: the rows are copied.
enum LedgerCopied: LedgerVersion {
  static let table = ledgerVersion2(amountType: .text)
  static let migrations = [
    GeneratedMigration(
      "0002_ledger_rename_label_to_name",
      steps: [
        .renameColumn("label", to: "name", in: "ledger"),
        .rebuildTable(
          table,
          columns: [.copy("id"), .copy("amount"), .copy("name"), .value("flag", sql: "0")]),
      ])
  ]
}

/// Version 2 with INTEGER amounts: each converted exactly, or the migration stops.
enum LedgerConverted: LedgerVersion {
  static let table = ledgerVersion2(amountType: .integer)
  static let migrations = [
    GeneratedMigration(
      "0002_ledger_amount_to_integer",
      steps: [
        .renameColumn("label", to: "name", in: "ledger"),
        .rebuildTable(
          table,
          columns: [.copy("id"), .convert("amount"), .copy("name"), .value("flag", sql: "0")]),
      ])
  ]
}

/// A record at `Version`; migrating needs only the definition.
struct BenchLedger<Version: LedgerVersion>: TableRecord {
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
