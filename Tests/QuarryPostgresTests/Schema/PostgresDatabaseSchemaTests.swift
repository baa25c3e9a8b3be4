import Foundation
import Quarry
import XCTest

/// `migrate`, `DatabaseMigrator` and introspection through
/// `Database(postgres:)`, each answer compared with the same question asked of SQLite or with
/// literal values read back from the server.
final class PostgresDatabaseSchemaTests: XCTestCase {
  private var postgres: Database!
  private var sqlite: Database!

  override func setUpWithError() throws {
    postgres = try Database(postgres: try PostgresFixture.createDatabase())
    sqlite = try Database.inMemory()
  }

  override func tearDown() {
    postgres = nil
    sqlite = nil
    super.tearDown()
  }

  private let books = [
    SchemaBook(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "The Wizard",
      summary: "A dark lord rises", shelfID: 1),
    SchemaBook(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, title: "Wizardry",
      summary: nil, shelfID: nil),
    SchemaBook(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, title: "Lord of Gardens",
      summary: "Dark soil, bright flowers", shelfID: 2),
  ]

  private func fill(_ db: Database) throws {
    // Books first: migrate orders the tables so that shelves exist before books refer to them.
    try db.migrate([SchemaBook.self, SchemaShelf.self])
    try db.write { db in
      try db.insert(SchemaShelf(id: 1, label: "fantasy", isOpen: true))
      try db.insert(SchemaShelf(id: 2, label: "garden", isOpen: false))
      for book in books { try db.insert(book) }
    }
  }

  func testMigrateCreatesTheTablesSchemaPostgresSQLShows() throws {
    try fill(postgres)
    try fill(sqlite)
    let columns = try postgres.read { try $0.columns(in: "books") }
    XCTAssertEqual(
      columns.map { "\($0.name) \($0.type) \($0.isNotNull) \($0.primaryKeyIndex)" },
      ["id UUID true 1", "title TEXT true 0", "summary TEXT false 0", "shelf_id BIGINT false 0"])
    XCTAssertEqual(
      try postgres.read { try $0.columns(in: "shelves") }.map { $0.defaultValue ?? "NULL" },
      ["NULL", "NULL", "true"])
    // The same keys and indexes as on SQLite, but for the names each engine gives its own.
    XCTAssertEqual(
      try postgres.read { try $0.foreignKeys(on: "books") },
      try sqlite.read { try $0.foreignKeys(on: "books") })
    XCTAssertEqual(
      try postgres.read { try $0.indexes(on: "books") }.map(\.name),
      ["books_fts", "books_on_shelf_id", "books_pkey"])
    XCTAssertEqual(
      try postgres.read { try $0.indexes(on: "shelves") }.filter(\.isUnique).map(\.columns),
      [["label"], ["id"]])
    XCTAssertTrue(try postgres.read { try $0.tableExists("books") })
    XCTAssertFalse(try postgres.read { try $0.tableExists("Books") })
    XCTAssertTrue(try postgres.read { try $0.columnExists("shelf_id", in: "books") })
    XCTAssertThrowsError(try postgres.read { try $0.columns(in: "missing") }) { error in
      XCTAssertEqual((error as? PostgresError)?.sqlState, "42P01")
    }
    // A second migrate changes nothing; the rows read back as written.
    try postgres.migrate([SchemaBook.self, SchemaShelf.self])
    let onPostgres = try postgres.read { try $0.fetchAll(SchemaBook.all()) }
    XCTAssertEqual(onPostgres.sorted { $0.title < $1.title }, books.sorted { $0.title < $1.title })
  }

  func testDatabaseMigratorRunsRawSQLOnceInOrder() throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("create events") { db in
      try db.execute(#"CREATE TABLE "events" ("at" TIMESTAMPTZ NOT NULL, "what" TEXT)"#)
    }
    migrator.registerMigration("seed events") { db in
      try db.execute(#"INSERT INTO "events" VALUES ('2026-12-01 10:00:00+00', 'opened')"#)
    }
    try migrator.migrate(postgres)
    try migrator.migrate(postgres)
    XCTAssertEqual(try migrator.appliedMigrations(in: postgres), ["create events", "seed events"])
    XCTAssertEqual(
      try postgres.read { try $0.fetchAll(String.self, literal: #"SELECT "what" FROM "events""#) },
      ["opened"])
    XCTAssertEqual(
      try postgres.read { try $0.columns(in: "events") }.map(\.type),
      ["TIMESTAMP WITH TIME ZONE", "TEXT"])
  }
}
