import Foundation
import Quarry
import XCTest

/// The hand-written recipe for a renamed property that the README showed before quarry
/// generated migrations ("Changing a struct" replaced it): apps that registered it keep it, so
/// it still runs twice on a database created after the rename and twice on one created before
/// it, with rows.
final class RenameRecipeTests: XCTestCase {
  /// What an app runs at every launch: the README block, unchanged.
  private func launch(_ db: Database) throws {
    // `Book.isbn` was renamed `Book.code`; databases made before the rename still say "isbn".
    var migrator = DatabaseMigrator()
    migrator.registerMigration("rename books.isbn to code") { db in
      if try db.columnExists("isbn", in: "books") {  // false on databases made after the rename
        try db.execute(#"ALTER TABLE "books" RENAME COLUMN "isbn" TO "code""#)
        try db.execute(#"DROP INDEX IF EXISTS "books_on_isbn""#)  // migrate adds "books_on_code"
      }
    }
    try migrator.migrate(db)  // each registered migration runs once per database
    try db.migrate(QuarryTables.all)  // then, at every launch: create tables, add columns
  }

  /// The table as `migrate` creates it from the struct with `code`.
  private static let booksSQL = [
    #"CREATE TABLE "books" ("#, #"  "id" INTEGER NOT NULL PRIMARY KEY,"#,
    #"  "title" TEXT NOT NULL,"#, #"  "code" TEXT NOT NULL"#, ")",
  ]

  func testOnADatabaseCreatedAfterTheRenameTheRecipeChangesNothingButRecordsItself() throws {
    let db = try Database.inMemory()
    try launch(db)
    try db.write { try $0.insert(Book(id: 1, title: "Dune", code: "978-0441013593")) }
    try launch(db)

    XCTAssertEqual(
      try schema(of: db), Self.booksSQL + [#"CREATE INDEX "books_on_code" ON "books" ("code")"#])
    XCTAssertEqual(
      try DatabaseMigrator().appliedMigrations(in: db), ["rename books.isbn to code"])
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Book.self) },
      [Book(id: 1, title: "Dune", code: "978-0441013593")])
  }

  func testOnADatabaseCreatedBeforeTheRenameTheColumnIsRenamedAndTheRowsKept() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-rename-\(UUID().uuidString).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    do {
      // The table and index as the struct with `var isbn: String` generated them.
      let old = try Database(path: path)
      try old.write { db in
        try db.execute(
          """
          CREATE TABLE "books" (
            "id" INTEGER NOT NULL PRIMARY KEY,
            "title" TEXT NOT NULL,
            "isbn" TEXT NOT NULL
          )
          """)
        try db.execute(#"CREATE INDEX "books_on_isbn" ON "books" ("isbn")"#)
        try db.execute(
          #"INSERT INTO "books" VALUES (1, 'Dune', '978-0441013593'), (2, 'Emma', '978-0141439587')"#
        )
      }
      XCTAssertThrowsError(try old.migrate(QuarryTables.all), "migrate alone refuses") { error in
        // The refusal names both ways out: keep the stored name, or this recipe.
        let message = "\(error)"
        XCTAssertTrue(message.contains(#"annotate it with column = "isbn""#), message)
        XCTAssertTrue(message.contains(#"when columnExists("isbn", in: "books")"#), message)
      }
    }

    let db = try Database(path: path)
    try launch(db)
    try launch(db)

    XCTAssertEqual(
      try schema(of: db), Self.booksSQL + [#"CREATE INDEX "books_on_code" ON "books" ("code")"#])
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Book.self).sorted { $0.id < $1.id } },
      [
        Book(id: 1, title: "Dune", code: "978-0441013593"),
        Book(id: 2, title: "Emma", code: "978-0141439587"),
      ])
    XCTAssertEqual(
      try DatabaseMigrator().appliedMigrations(in: db), ["rename books.isbn to code"])
  }

  /// The `books` table's and indexes' SQL as SQLite stores it, the table first.
  private func schema(of db: Database) throws -> [String] {
    let joined = try db.read { db in
      try db.fetchValue(
        String.self,
        sql: #"SELECT group_concat("sql", char(10)) FROM (SELECT "sql" FROM sqlite_master "#
          + #"WHERE tbl_name = 'books' AND "sql" IS NOT NULL ORDER BY type DESC, name)"#)
    }
    return (joined ?? "").components(separatedBy: "\n")
  }
}
