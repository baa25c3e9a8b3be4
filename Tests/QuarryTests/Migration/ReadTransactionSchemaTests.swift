import Foundation
import XCTest

@testable import Quarry

/// `tableExists` and `columnExists`, the questions a rename migration asks.
final class ReadTransactionSchemaTests: DatabaseTestCase {
  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    try db.write { db in
      try db.execute(#"CREATE TABLE "Books" ("id" INTEGER PRIMARY KEY, "ISBN" TEXT)"#)
      try db.execute(#"CREATE VIEW "book_view" AS SELECT "id" FROM "Books""#)
      try db.execute(#"CREATE INDEX "books_on_isbn" ON "Books" ("ISBN")"#)
    }
  }

  func testTableExistsComparesNamesAsTheEngineDoes() throws {
    forEachEngine { engine in
      XCTAssertTrue(try db.read { try $0.tableExists("Books") })
      // SQLite ignores ASCII case; PostgreSQL compares quoted names exactly.
      XCTAssertEqual(try db.read { try $0.tableExists("books") }, engine == .sqlite)
      XCTAssertFalse(try db.read { try $0.tableExists("shelves") })
      XCTAssertFalse(try db.read { try $0.tableExists("book_view") }, "a view is not a table")
      XCTAssertFalse(
        try db.read { try $0.tableExists("books_on_isbn") }, "an index is not a table")
      // The engine's own catalog agrees.
      let sql =
        engine == .postgres
        ? "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
          + "AND tablename IN ('Books', 'book_view', 'books_on_isbn')"
        : "SELECT count(*) FROM sqlite_master WHERE type = 'table' "
          + "AND name IN ('Books', 'book_view', 'books_on_isbn')"
      XCTAssertEqual(try rawValue(sql, in: db), .integer(1))
    }
  }

  func testColumnExistsIsFalseForAMissingColumnOrTable() throws {
    forEachEngine { engine in
      XCTAssertTrue(try db.read { try $0.columnExists("ISBN", in: "Books") })
      // SQLite ignores ASCII case; PostgreSQL compares quoted names exactly.
      XCTAssertEqual(try db.read { try $0.columnExists("isbn", in: "books") }, engine == .sqlite)
      XCTAssertEqual(try db.read { try $0.columnExists("isbn", in: "Books") }, engine == .sqlite)
      XCTAssertFalse(try db.read { try $0.columnExists("code", in: "Books") })
      XCTAssertFalse(try db.read { try $0.columnExists("isbn", in: "shelves") })
    }
  }

  func testTheAnswersFollowARenameInsideTheSameTransaction() throws {
    forEachEngine { _ in
      let answers = try db.write { db in
        try db.execute(#"ALTER TABLE "Books" RENAME COLUMN "ISBN" TO "code""#)
        return [try db.columnExists("ISBN", in: "Books"), try db.columnExists("code", in: "Books")]
      }
      XCTAssertEqual(answers, [false, true])
    }
  }
}
