import Foundation

/// Named migrations applied once each, in registration order, each in its own transaction.
///
/// Applied names are recorded in the table `quarry_migrations`, so running the migrator again
/// only applies the new ones. Use it for changes `migrate` refuses: renames, type changes,
/// dropping columns, copying data.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("create birds") { db in
///   try db.migrate([Bird.self])
/// }
/// migrator.registerMigration("lowercase kinds") { db in
///   try db.execute(#"UPDATE "birds" SET "kind" = lower("kind")"#)
/// }
/// try migrator.migrate(db)
/// ```
///
/// A registered migration runs once per database, so an app whose structs keep gaining
/// properties runs the migrator first and then `db.migrate(QuarryTables.all)` at every launch.
/// A migration that must do the right thing on old and new databases alike (a rename) asks
/// ``ReadTransaction/columnExists(_:in:)`` or ``ReadTransaction/tableExists(_:)`` first:
///
/// ```swift
/// migrator.registerMigration("rename books.isbn to code") { db in
///   if try db.columnExists("isbn", in: "books") {
///     try db.execute(#"ALTER TABLE "books" RENAME COLUMN "isbn" TO "code""#)
///   }
/// }
/// try migrator.migrate(db)
/// try db.migrate(QuarryTables.all)
/// ```
public struct DatabaseMigrator: Sendable {
  private var migrations: [(name: String, body: @Sendable (WriteTransaction) throws -> Void)] = []

  /// An empty migrator.
  public init() {}

  /// The names of the registered migrations, in order.
  public var migrationNames: [String] { migrations.map(\.name) }

  /// Adds a migration; names must be unique, never change once shipped, and not start with
  /// `quarry.generated/` (the names of ``GeneratedMigration``s).
  public mutating func registerMigration(
    _ name: String, migrate body: @escaping @Sendable (WriteTransaction) throws -> Void
  ) {
    if migrations.contains(where: { $0.name == name }) {
      fatalError("migration '\(name)' is registered twice")
    }
    if name.hasPrefix(GeneratedMigration.recordPrefix) {
      fatalError(
        "migration names starting with '\(GeneratedMigration.recordPrefix)' are Quarry's own")
    }
    migrations.append((name, body))
  }

  /// Applies every migration not yet recorded in `db`, in order, each in its own transaction.
  ///
  /// A migration that throws is rolled back, later ones are not attempted, and the error is
  /// rethrown; the migrations before it stay applied.
  ///
  /// - Throws: what a migration throws, or ``SQLiteError``.
  public func migrate(_ db: Database) throws {
    try db.write { try Self.createLog(in: $0) }
    for migration in migrations {
      try db.write { db in
        guard try !Self.isApplied(migration.name, in: db) else { return }
        try migration.body(db)
        // PostgreSQL: tables the migration made announce their changes (nothing on SQLite).
        try db.installChangeTriggers(on: nil)
        try db.execute(
          #"INSERT INTO "quarry_migrations" ("name", "applied_at") VALUES (?, ?)"#,
          arguments: [migration.name, Date()])
      }
      // PostgreSQL: statements prepared before the migration's DDL are prepared again.
      PostgresSchemaGeneration.shared.advance()
    }
  }

  /// The names of the migrations recorded in `db`, in the order they were applied.
  public func appliedMigrations(in db: Database) throws -> [String] {
    try db.write { db in
      try Self.createLog(in: db)
      // PostgreSQL has no rowid: its log numbers the rows instead.
      let sql =
        db.checkedConnection.postgres == nil
        ? #"SELECT "name" FROM "quarry_migrations" ORDER BY rowid"#
        : PostgresMigrationSQL.appliedInOrder
      return try db.fetchAll(AppliedMigration.self, sql: sql).map(\.name)
    }
  }

  private static func createLog(in db: WriteTransaction) throws {
    if db.checkedConnection.postgres != nil {
      return try db.execute(PostgresMigrationSQL.createLog)
    }
    try db.execute(
      #"CREATE TABLE IF NOT EXISTS "quarry_migrations" ("#
        + #""name" TEXT NOT NULL PRIMARY KEY, "applied_at" REAL NOT NULL)"#)
  }

  private static func isApplied(_ name: String, in db: WriteTransaction) throws -> Bool {
    try db.fetchValue(
      Int.self, sql: #"SELECT 1 FROM "quarry_migrations" WHERE "name" = ?"#, arguments: [name]
    ) != nil
  }
}

/// A row of `quarry_migrations`, read by name only.
private struct AppliedMigration: TableRecord {
  typealias PrimaryKey = String
  var name: String

  static let table = TableDefinition(
    name: "quarry_migrations", columns: [ColumnDefinition("name", .text, primaryKey: true)])

  init(row: Row) throws {
    name = try row.decode(at: 0)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(name, at: 1)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(name, at: index)
  }

  static func bind(primaryKey: String, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
