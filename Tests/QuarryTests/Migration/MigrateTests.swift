import Foundation
import XCTest

@testable import Quarry

final class MigrateTests: DatabaseTestCase {
  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    try db.migrate(Versioned<PlacesV1>.self)
  }

  private func insertPlace(_ name: String) throws {
    try db.write { try $0.execute(#"INSERT INTO "places" ("name") VALUES (?)"#, arguments: [name]) }
  }

  /// The table's column names in order, from the engine's own catalog.
  private func columnNames(of table: String) throws -> String? {
    let sql =
      currentEngine == .postgres
      ? "SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM "
        + "information_schema.columns WHERE table_schema = current_schema() "
        + "AND table_name = '\(table)'"
      : "SELECT group_concat(name, ',') FROM pragma_table_info('\(table)')"
    guard case .text(let names) = try rawValue(sql, in: db) else { return nil }
    return names
  }

  /// Whether the table exists, from the engine's own catalog.
  private func tableExists(_ table: String) throws -> Bool {
    let sql =
      currentEngine == .postgres
      ? "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
        + "AND tablename = '\(table)'"
      : "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '\(table)'"
    return try rawValue(sql, in: db) == .integer(1)
  }

  /// The table's SQLite DDL as stored (SQLite only: PostgreSQL keeps no DDL text).
  private func schema(of table: String) throws -> String? {
    // group_concat of no rows is NULL.
    try db.read {
      try $0.fetchValue(
        String?.self,
        sql: "SELECT group_concat(sql, ';\n') FROM sqlite_master WHERE tbl_name = ? "
          + "AND sql IS NOT NULL",
        arguments: [table])
    } ?? nil
  }

  private func assertRefused(
    _ tables: [any TableRecord.Type], _ expected: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try db.migrate(tables), file: file, line: line) { error in
      XCTAssertTrue(error is MigrationError, "\(type(of: error))", file: file, line: line)
      XCTAssertEqual("\(error)", expected, file: file, line: line)
    }
  }

  func testMigratingTwiceChangesNothing() throws {
    forEachEngine { _ in
      try db.migrate(Nest.self, Bird.self, Versioned<PlacesV1>.self)
      XCTAssertEqual(try columnNames(of: "places"), "id,name")
    }
  }

  func testNewColumnsGetTheirDefaultOrNull() throws {
    forEachEngine { engine in
      try insertPlace("Heath")

      try db.migrate(Versioned<PlacesWithOptionalAndDefault>.self)

      XCTAssertEqual(try columnNames(of: "places"), "id,name,note,rank")
      XCTAssertEqual(
        try rawRows(#"SELECT "note", "rank" FROM "places""#, in: db), [[.null, .integer(0)]])
      guard engine == .sqlite else { return }
      XCTAssertEqual(
        try schema(of: "places"),
        """
        CREATE TABLE "places" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "name" TEXT NOT NULL
        , "note" TEXT, "rank" INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX "places_on_rank" ON "places" ("rank")
        """)
    }
  }

  func testARequiredColumnWithoutDefaultIsRefusedWhenTheTableHasRows() throws {
    forEachEngine { _ in
      try insertPlace("Heath")
      assertRefused(
        [Versioned<PlacesWithRequired>.self],
        "cannot migrate table 'places': new column 'country' is NOT NULL without a default and the "
          + "table has rows - make the property optional or give it a default")
      XCTAssertEqual(try columnNames(of: "places"), "id,name")
    }
  }

  func testARequiredColumnOnAnEmptyTableRecreatesItExactly() throws {
    forEachEngine([.sqlite]) { _ in
      try db.migrate(Versioned<PlacesWithRequired>.self)
      XCTAssertEqual(
        try schema(of: "places"),
        """
        CREATE TABLE "places" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "name" TEXT NOT NULL,
          "country" TEXT NOT NULL
        )
        """)
    }
  }

  func testAColumnAddedToAnEmptyTableKeepsItsTriggersIndexesAndSequence() throws {
    // SQLite's trigger syntax and stored DDL.
    forEachEngine([.sqlite]) { _ in
      try db.write {
        try $0.execute(#"INSERT INTO "places" ("name") VALUES ('Heath'), ('Moor')"#)
        try $0.execute(#"DELETE FROM "places""#)
        try $0.execute(#"CREATE TABLE "log" ("name" TEXT)"#)
        try $0.execute(
          #"CREATE TRIGGER "places_log" AFTER INSERT ON "places" BEGIN "#
            + #"INSERT INTO "log" VALUES (new."name"); END"#)
        try $0.execute(#"CREATE INDEX "places_by_name" ON "places" ("name")"#)
      }

      try db.migrate(Versioned<PlacesWithRequired>.self)
      try db.write {
        try $0.execute(#"INSERT INTO "places" ("name", "country") VALUES ('Fen', 'UK')"#)
      }

      XCTAssertEqual(
        try db.read {
          try $0.fetchValue(String.self, sql: #"SELECT "id" || ' ' || "name" FROM "places""#)
        }, "3 Fen")
      XCTAssertEqual(
        try db.read { try $0.fetchValue(String.self, sql: #"SELECT * FROM "log""#) }, "Fen")
      XCTAssertEqual(
        try schema(of: "places"),
        """
        CREATE TABLE "places" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "name" TEXT NOT NULL,
          "country" TEXT NOT NULL
        );
        CREATE TRIGGER "places_log" AFTER INSERT ON "places" BEGIN INSERT INTO "log" VALUES (new."name"); END;
        CREATE INDEX "places_by_name" ON "places" ("name")
        """)
    }
  }

  func testAUniqueColumnIsRefusedWhenTheTableHasRows() throws {
    forEachEngine { _ in
      try insertPlace("Heath")
      assertRefused(
        [Versioned<PlacesWithUnique>.self],
        "cannot migrate table 'places': new column 'code' is UNIQUE and the table has rows - add the "
          + "column without the constraint, or copy the table in a DatabaseMigrator migration")
    }
  }

  func testAChangedTypeIsRefused() throws {
    forEachEngine { engine in
      // The message names the types as the engine does: SQLite's INTEGER is PostgreSQL's BIGINT.
      let newType = engine == .postgres ? "BIGINT" : "INTEGER"
      assertRefused(
        [Versioned<PlacesWithIntegerName>.self],
        "cannot migrate table 'places': column 'name' changed type from TEXT to \(newType) - keep "
          + "the old type, or copy the data into a new column in a DatabaseMigrator migration")
    }
  }

  /// A reference whose actions changed is refused on both engines; the advice is the
  /// engine's: SQLite rebuilds the table, PostgreSQL replaces the named constraint.
  func testChangedForeignKeyActionsAreRefusedWithTheEnginesAdvice() throws {
    forEachEngine { engine in
      try db.migrate(Evolving<AuthorsTable>.self, Evolving<WorksV1>.self)
      let advice =
        engine == .postgres
        ? "PostgreSQL keeps a foreign key's actions in its constraint: register a "
          + "DatabaseMigrator migration that replaces it, before migrate runs (ALTER TABLE "
          + #""works" DROP CONSTRAINT "works_authorID_fkey", ADD FOREIGN KEY ("authorID") "#
          + #"REFERENCES "authors" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)"#
        : "SQLite cannot alter a foreign key: register a DatabaseMigrator migration (such as "
          + "\"rebuild works\") that creates the table anew as \"works_new\", copies the rows, "
          + "drops \"works\" and renames \"works_new\" to it, before migrate runs"
      assertRefused(
        [Evolving<AuthorsTable>.self, Evolving<WorksV2>.self],
        "cannot migrate table 'works': the foreign key of column 'authorID' changed its actions "
          + "from ON DELETE NO ACTION ON UPDATE NO ACTION to ON DELETE CASCADE ON UPDATE NO ACTION"
          + " - " + advice)
      if engine == .postgres {
        // The advice's statement, run as written, is what the new definition needs.
        try db.write { tx in
          try tx.execute(
            #"ALTER TABLE "works" DROP CONSTRAINT "works_authorID_fkey", ADD FOREIGN KEY "#
              + #"("authorID") REFERENCES "authors" ("id") ON DELETE CASCADE ON UPDATE NO ACTION"#)
        }
        try db.migrate(Evolving<AuthorsTable>.self, Evolving<WorksV2>.self)
      }
    }
  }

  func testAChangedNullabilityIsRefused() throws {
    forEachEngine { _ in
      assertRefused(
        [Versioned<PlacesWithOptionalName>.self],
        "cannot migrate table 'places': column 'name' changed from NOT NULL to nullable - keep the "
          + "old type, or copy the data into a new column in a DatabaseMigrator migration")
    }
  }

  func testADroppedColumnIsRefused() throws {
    forEachEngine { _ in
      assertRefused(
        [Versioned<PlacesWithoutName>.self],
        "cannot migrate table 'places': column 'name' exists in the database but not in the struct "
          + "- if the property was renamed, annotate it with column = \"name\" to keep the stored "
          + "column, or rename the column in a DatabaseMigrator migration run before migrate "
          + "(ALTER TABLE … RENAME COLUMN \"name\" TO …, when columnExists(\"name\", in: "
          + "\"places\")); else keep the property (mark it optional), or drop the column in a "
          + "DatabaseMigrator migration")
    }
  }

  func testARefusedMigrationLeavesNothingHalfDone() throws {
    forEachEngine { _ in
      try insertPlace("Heath")
      XCTAssertThrowsError(
        try db.migrate(Versioned<Trails>.self, Versioned<PlacesWithRequired>.self))

      XCTAssertFalse(try tableExists("trails"))
      XCTAssertEqual(try columnNames(of: "places"), "id,name")
    }
  }

  func testMigrateInsideAWriteJoinsItsTransaction() throws {
    forEachEngine { _ in
      struct Abort: Error {}
      XCTAssertThrowsError(
        try db.write { db in
          try db.migrate([Versioned<Trails>.self])
          throw Abort()
        })
      XCTAssertFalse(try tableExists("trails"))
    }
  }
}

/// Issue 15 #8: SQLite names are case-insensitive (ASCII), so a table `ITEM` created by another
/// app is the table `item` to `migrate`, and so are its columns and indexes.
final class CaseInsensitiveMigrateTests: EngineTestCase {
  func testATableCreatedInAnotherCaseIsMigratedNotRecreated() throws {
    // SQLite's case-insensitive names; PostgreSQL folds only unquoted names.
    forEachEngine([.sqlite]) { _ in
      let db = try makeDatabase()
      try db.write { db in
        try db.execute(
          #"CREATE TABLE "PLACES" ("ID" INTEGER PRIMARY KEY AUTOINCREMENT, "NAME" TEXT NOT NULL)"#)
        try db.execute(#"INSERT INTO "PLACES" ("NAME") VALUES ('Oslo')"#)
      }
      try db.migrate(Versioned<PlacesV1>.self)  // was: table "places" already exists
      // Adds note and rank, and the index on rank.
      try db.migrate(Versioned<PlacesWithOptionalAndDefault>.self)
      let columns = try db.read {
        try $0.fetchValue(
          String.self, sql: "SELECT group_concat(name, ',') FROM pragma_table_info('places')")
      }
      XCTAssertEqual(columns, "ID,NAME,note,rank")
      let tables = try db.read {
        try $0.fetchValue(
          String.self,
          sql: "SELECT group_concat(name, ',') FROM sqlite_master WHERE type IN ('table', 'index')"
            + " AND name NOT LIKE 'sqlite%'")
      }
      XCTAssertEqual(tables, "PLACES,places_on_rank")
      XCTAssertEqual(try db.read { try $0.fetchAll(Versioned<PlacesV1>.self).count }, 1)
    }
  }

  func testAnIndexInAnotherCaseIsNotCreatedTwice() throws {
    forEachEngine([.sqlite]) { _ in
      let db = try makeDatabase()
      try db.migrate(Versioned<PlacesV1>.self)
      try db.write { db in
        // A row, so the new columns are added rather than the empty table recreated.
        try db.execute(#"INSERT INTO "places" ("name") VALUES ('Oslo')"#)
        try db.execute(#"CREATE INDEX "PLACES_ON_RANK" ON "places" ("name")"#)
      }
      // Was: index places_on_rank already exists.
      try db.migrate(Versioned<PlacesWithOptionalAndDefault>.self)
      let indexes = try db.read {
        try $0.fetchValue(
          String.self, sql: "SELECT group_concat(name, ',') FROM sqlite_master WHERE type = 'index'"
        )
      }
      XCTAssertEqual(indexes, "PLACES_ON_RANK")
    }
  }

  func testNamesDifferingBeyondASCIICaseStayDistinct() throws {
    XCTAssertEqual(SQLIdentifier.comparisonKey("ITEM_Name"), "item_name")
    XCTAssertEqual(SQLIdentifier.comparisonKey("ÉTÉ"), "ÉtÉ")  // SQLite folds ASCII only
    XCTAssertEqual(SQLIdentifier.comparisonKey("é"), "é")
  }
}

private enum AuthorsTable: MigrationVersion {
  static let table = TableDefinition(
    name: "authors", columns: [ColumnDefinition("id", .integer, primaryKey: true)])
  static let migrations: [GeneratedMigration] = []
}

/// "works" refers to "authors" without actions, then (version 2) deletes with its author.
private enum WorksV1: MigrationVersion {
  static let table = TableDefinition(
    name: "works",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("authorID", .integer, references: ForeignKey("authors", "id")),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum WorksV2: MigrationVersion {
  static let table = TableDefinition(
    name: "works",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition(
        "authorID", .integer, references: ForeignKey("authors", "id", onDelete: .cascade)),
    ])
  static let migrations: [GeneratedMigration] = []
}
