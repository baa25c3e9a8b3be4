import Quarry
import XCTest

/// `columns(in:)`, `indexes(on:)` and `foreignKeys(on:)` (issue 21), each compared with the
/// schema written here in raw SQL and with SQLite's own pragmas.
final class SchemaIntrospectionTests: XCTestCase {
  private var db: Database!

  override func setUpWithError() throws {
    db = try Database.inMemory()
    try db.write { tx in
      for statement in [
        #"CREATE TABLE "books" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT 'sans titre', "année" INT, "price" NUMERIC DEFAULT 0, "note")"#,
        #"CREATE TABLE "covers" ("id" INTEGER PRIMARY KEY, "book_id" INTEGER NOT NULL UNIQUE REFERENCES "books" ("id") ON DELETE CASCADE, "color" TEXT, "size" INTEGER)"#,
        #"CREATE INDEX "covers_color_size" ON "covers" ("color", "size")"#,
        #"CREATE INDEX "covers_lower" ON "covers" (lower("color"))"#,
        #"CREATE TABLE "reviews" ("book_id" INTEGER NOT NULL REFERENCES "books" ON DELETE SET NULL, "cover_id" INTEGER, "cover_book" INTEGER, "stars" INTEGER, PRIMARY KEY ("stars", "book_id"), FOREIGN KEY ("cover_id", "cover_book") REFERENCES "covers" ("id", "book_id") ON UPDATE CASCADE)"#,
        #"CREATE TABLE "empty_indexes" ("x")"#,
      ] {
        try tx.execute(statement)
      }
    }
  }

  func testColumnsDescribeNameTypeNullabilityDefaultAndKeyPosition() throws {
    let books = try db.read { try $0.columns(in: "books") }
    XCTAssertEqual(
      books,
      [
        ColumnInfo(
          name: "id", type: "INTEGER", isNotNull: false, defaultValue: nil, primaryKeyIndex: 1),
        ColumnInfo(
          name: "title", type: "TEXT", isNotNull: true, defaultValue: "'sans titre'",
          primaryKeyIndex: 0),
        ColumnInfo(
          name: "année", type: "INT", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
        ColumnInfo(
          name: "price", type: "NUMERIC", isNotNull: false, defaultValue: "0", primaryKeyIndex: 0),
        ColumnInfo(name: "note", type: "", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
      ])
    let reviews = try db.read { try $0.columns(in: "REVIEWS") }
    XCTAssertEqual(reviews.map(\.primaryKeyIndex), [2, 0, 0, 1])
    // The same answer as the pragma.
    let names = try db.read {
      try $0.fetchAll(String.self, sql: "SELECT name FROM pragma_table_info('covers') ORDER BY cid")
    }
    XCTAssertEqual(try db.read { try $0.columns(in: "covers") }.map(\.name), names)
  }

  func testIndexesListColumnsInOrderAndUniqueness() throws {
    let covers = try db.read { try $0.indexes(on: "covers") }
    XCTAssertEqual(
      covers,
      [
        IndexInfo(name: "covers_color_size", columns: ["color", "size"], isUnique: false),
        IndexInfo(name: "covers_lower", columns: [], isUnique: false),
        IndexInfo(name: "sqlite_autoindex_covers_1", columns: ["book_id"], isUnique: true),
      ])
    XCTAssertEqual(
      try db.read { try $0.indexes(on: "reviews") },
      [
        IndexInfo(
          name: "sqlite_autoindex_reviews_1", columns: ["stars", "book_id"], isUnique: true)
      ])
    XCTAssertEqual(
      try db.read { try $0.indexes(on: "books") }, [], "INTEGER PRIMARY KEY is no index")
    XCTAssertEqual(try db.read { try $0.indexes(on: "empty_indexes") }, [])
  }

  func testForeignKeysResolveImplicitDestinationColumnsAndActions() throws {
    let reviews = try db.read { try $0.foreignKeys(on: "reviews") }
    XCTAssertEqual(
      Set(reviews),
      [
        ForeignKeyInfo(
          destinationTable: "books", columns: ["book_id"], destinationColumns: ["id"],
          onDelete: .setNull, onUpdate: .noAction),
        ForeignKeyInfo(
          destinationTable: "covers", columns: ["cover_id", "cover_book"],
          destinationColumns: ["id", "book_id"], onDelete: .noAction, onUpdate: .cascade),
      ])
    XCTAssertEqual(
      try db.read { try $0.foreignKeys(on: "covers") },
      [
        ForeignKeyInfo(
          destinationTable: "books", columns: ["book_id"], destinationColumns: ["id"],
          onDelete: .cascade, onUpdate: .noAction)
      ])
    XCTAssertEqual(try db.read { try $0.foreignKeys(on: "books") }, [])
  }

  func testUnknownTableIsNoSuchTable() {
    for call in [
      { (tx: ReadTransaction) in _ = try tx.columns(in: "nope") },
      { (tx: ReadTransaction) in _ = try tx.indexes(on: "nope") },
      { (tx: ReadTransaction) in _ = try tx.foreignKeys(on: "nope") },
    ] {
      XCTAssertThrowsError(try db.read { try call($0) }) {
        XCTAssertEqual(($0 as? SQLiteError)?.message, "no such table: nope")
      }
    }
  }
}
