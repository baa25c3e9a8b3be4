import Foundation
import XCTest

@testable import Quarry

/// `tableExists` and `columnExists`, the questions a rename migration asks.
final class ReadTransactionSchemaTests: DatabaseTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try db.write { db in
      try db.execute(#"CREATE TABLE "Books" ("id" INTEGER PRIMARY KEY, "ISBN" TEXT)"#)
      try db.execute(#"CREATE VIEW "book_view" AS SELECT "id" FROM "Books""#)
      try db.execute(#"CREATE INDEX "books_on_isbn" ON "Books" ("ISBN")"#)
    }
  }

  func testTableExistsComparesNamesAsSQLiteDoes() throws {
    XCTAssertTrue(try db.read { try $0.tableExists("Books") })
    XCTAssertTrue(try db.read { try $0.tableExists("books") }, "ASCII case is ignored")
    XCTAssertFalse(try db.read { try $0.tableExists("shelves") })
    XCTAssertFalse(try db.read { try $0.tableExists("book_view") }, "a view is not a table")
    XCTAssertFalse(try db.read { try $0.tableExists("books_on_isbn") }, "an index is not a table")
  }

  func testColumnExistsIsFalseForAMissingColumnOrTable() throws {
    XCTAssertTrue(try db.read { try $0.columnExists("ISBN", in: "Books") })
    XCTAssertTrue(try db.read { try $0.columnExists("isbn", in: "books") })
    XCTAssertFalse(try db.read { try $0.columnExists("code", in: "books") })
    XCTAssertFalse(try db.read { try $0.columnExists("isbn", in: "shelves") })
  }

  func testTheAnswersFollowARenameInsideTheSameTransaction() throws {
    let answers = try db.write { db in
      try db.execute(#"ALTER TABLE "Books" RENAME COLUMN "ISBN" TO "code""#)
      return [try db.columnExists("isbn", in: "books"), try db.columnExists("code", in: "books")]
    }
    XCTAssertEqual(answers, [false, true])
  }
}
