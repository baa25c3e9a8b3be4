import Quarry
import XCTest

/// `columns(in:)`, `indexes(on:)` and `foreignKeys(on:)` (issue 21), each compared with the
/// schema written here in raw SQL and with the engine's own catalog (SQLite's pragmas,
/// PostgreSQL's `pg_catalog`).
final class SchemaIntrospectionTests: EngineTestCase {
  private var db: Database!

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    // PostgreSQL wants a type on every column and a unique key for a foreign key to point at
    // ("covers" ("id", "book_id")); SQLite takes a column without a type and checks neither.
    let isPostgres = engine == .postgres
    let note = isPostgres ? #""note" TEXT"# : #""note""#
    let coverKey = isPostgres ? #", UNIQUE ("id", "book_id")"# : ""
    try db.write { tx in
      for statement in [
        #"CREATE TABLE "books" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT 'sans titre', "année" INT, "price" NUMERIC DEFAULT 0, "#
          + note + ")",
        #"CREATE TABLE "covers" ("id" INTEGER PRIMARY KEY, "book_id" INTEGER NOT NULL UNIQUE REFERENCES "books" ("id") ON DELETE CASCADE, "color" TEXT, "size" INTEGER"#
          + coverKey + ")",
        #"CREATE INDEX "covers_color_size" ON "covers" ("color", "size")"#,
        #"CREATE INDEX "covers_lower" ON "covers" (lower("color"))"#,
        #"CREATE TABLE "reviews" ("book_id" INTEGER NOT NULL REFERENCES "books" ON DELETE SET NULL, "cover_id" INTEGER, "cover_book" INTEGER, "stars" INTEGER, PRIMARY KEY ("stars", "book_id"), FOREIGN KEY ("cover_id", "cover_book") REFERENCES "covers" ("id", "book_id") ON UPDATE CASCADE)"#,
        isPostgres
          ? #"CREATE TABLE "empty_indexes" ("x" TEXT)"# : #"CREATE TABLE "empty_indexes" ("x")"#,
      ] {
        try tx.execute(statement)
      }
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    db = nil
  }

  func testColumnsDescribeNameTypeNullabilityDefaultAndKeyPosition() throws {
    forEachEngine { engine in
      let books = try db.read { try $0.columns(in: "books") }
      if engine == .postgres {
        // PostgreSQL's names for the types, a key column NOT NULL, defaults as it prints them.
        XCTAssertEqual(
          books,
          [
            ColumnInfo(
              name: "id", type: "INTEGER", isNotNull: true, defaultValue: nil, primaryKeyIndex: 1),
            ColumnInfo(
              name: "title", type: "TEXT", isNotNull: true, defaultValue: "'sans titre'::text",
              primaryKeyIndex: 0),
            ColumnInfo(
              name: "année", type: "INTEGER", isNotNull: false, defaultValue: nil,
              primaryKeyIndex: 0),
            ColumnInfo(
              name: "price", type: "NUMERIC", isNotNull: false, defaultValue: "0",
              primaryKeyIndex: 0),
            ColumnInfo(
              name: "note", type: "TEXT", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
          ])
      } else {
        XCTAssertEqual(
          books,
          [
            ColumnInfo(
              name: "id", type: "INTEGER", isNotNull: false, defaultValue: nil, primaryKeyIndex: 1
            ),
            ColumnInfo(
              name: "title", type: "TEXT", isNotNull: true, defaultValue: "'sans titre'",
              primaryKeyIndex: 0),
            ColumnInfo(
              name: "année", type: "INT", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
            ColumnInfo(
              name: "price", type: "NUMERIC", isNotNull: false, defaultValue: "0",
              primaryKeyIndex: 0),
            ColumnInfo(
              name: "note", type: "", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
          ])
        XCTAssertEqual(
          try db.read { try $0.columns(in: "REVIEWS") }.map(\.primaryKeyIndex), [2, 0, 0, 1],
          "SQLite ignores the case of ASCII letters")
      }
      XCTAssertEqual(
        try db.read { try $0.columns(in: "reviews") }.map(\.primaryKeyIndex), [2, 0, 0, 1])
      // The same answer as the engine's catalog.
      let sql =
        engine == .postgres
        ? #"SELECT attname FROM pg_attribute WHERE attrelid = '"covers"'::regclass "#
          + "AND attnum > 0 AND NOT attisdropped ORDER BY attnum"
        : "SELECT name FROM pragma_table_info('covers') ORDER BY cid"
      let names = try rawRows(sql, in: db).map(\.[0])
      XCTAssertEqual(names.count, 4)
      XCTAssertEqual(try db.read { try $0.columns(in: "covers") }.map { .text($0.name) }, names)
    }
  }

  func testIndexesListColumnsInOrderAndUniqueness() throws {
    forEachEngine { engine in
      guard engine == .postgres else {
        XCTAssertEqual(
          try db.read { try $0.indexes(on: "covers") },
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
        return
      }
      // PostgreSQL names the constraints' indexes `<table>_pkey` and `<table>_<columns>_key`,
      // and every primary key has one.
      XCTAssertEqual(
        try db.read { try $0.indexes(on: "covers") },
        [
          IndexInfo(name: "covers_book_id_key", columns: ["book_id"], isUnique: true),
          IndexInfo(name: "covers_color_size", columns: ["color", "size"], isUnique: false),
          IndexInfo(name: "covers_id_book_id_key", columns: ["id", "book_id"], isUnique: true),
          IndexInfo(name: "covers_lower", columns: [], isUnique: false),
          IndexInfo(name: "covers_pkey", columns: ["id"], isUnique: true),
        ])
      XCTAssertEqual(
        try db.read { try $0.indexes(on: "reviews") },
        [IndexInfo(name: "reviews_pkey", columns: ["stars", "book_id"], isUnique: true)])
      XCTAssertEqual(
        try db.read { try $0.indexes(on: "books") },
        [IndexInfo(name: "books_pkey", columns: ["id"], isUnique: true)])
      XCTAssertEqual(try db.read { try $0.indexes(on: "empty_indexes") }, [])
      XCTAssertEqual(
        try rawRows(
          "SELECT string_agg(indexname, ',' ORDER BY indexname COLLATE \"C\") FROM pg_indexes "
            + "WHERE schemaname = current_schema() AND tablename = 'covers'", in: db),
        [
          [
            .text(
              "covers_book_id_key,covers_color_size,covers_id_book_id_key,covers_lower,covers_pkey")
          ]
        ])
    }
  }

  func testForeignKeysResolveImplicitDestinationColumnsAndActions() throws {
    forEachEngine { engine in
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
      XCTAssertEqual(reviews.count, 2)
      XCTAssertEqual(
        try db.read { try $0.foreignKeys(on: "covers") },
        [
          ForeignKeyInfo(
            destinationTable: "books", columns: ["book_id"], destinationColumns: ["id"],
            onDelete: .cascade, onUpdate: .noAction)
        ])
      XCTAssertEqual(try db.read { try $0.foreignKeys(on: "books") }, [])
      // As many as the engine's catalog lists.
      let sql =
        engine == .postgres
        ? "SELECT count(*) FROM pg_constraint WHERE contype = 'f' "
          + #"AND conrelid = '"reviews"'::regclass"#
        : "SELECT count(DISTINCT id) FROM pragma_foreign_key_list('reviews')"
      XCTAssertEqual(try rawValue(sql, in: db), .integer(2))
    }
  }

  func testUnknownTableIsNoSuchTable() {
    forEachEngine { engine in
      for call in [
        { (tx: ReadTransaction) in _ = try tx.columns(in: "nope") },
        { (tx: ReadTransaction) in _ = try tx.indexes(on: "nope") },
        { (tx: ReadTransaction) in _ = try tx.foreignKeys(on: "nope") },
      ] {
        XCTAssertThrowsError(try db.read { try call($0) }) {
          if engine == .postgres {
            // SQLSTATE 42P01 is PostgreSQL's undefined_table.
            XCTAssertEqual(($0 as? PostgresError)?.sqlState, "42P01")
            XCTAssertEqual(($0 as? PostgresError)?.message, "no such table: nope")
          } else {
            XCTAssertEqual(($0 as? SQLiteError)?.message, "no such table: nope")
          }
        }
      }
    }
  }
}
