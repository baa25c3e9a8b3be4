import Quarry
import XCTest

// Version 1: "books" with an indexed "isbn", a shelf table referring to the book's "isbn", a
// user trigger and a user index. Version 2 renames the table to "volumes" and "isbn" to "code".
private enum BooksV1: MigrationVersion {
  static let table = TableDefinition(
    name: "books",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("isbn", .text, unique: true, indexed: true),
      ColumnDefinition("title", .text),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum LoansV1: MigrationVersion {
  static let table = TableDefinition(
    name: "loans",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition(
        "book_isbn", .text, references: ForeignKey("books", "isbn", onDelete: .cascade)),
    ])
  static let migrations: [GeneratedMigration] = []
}

extension GeneratedMigration {
  fileprivate static let m0002_volumes_rename = GeneratedMigration(
    "0002_volumes_rename_isbn_to_code",
    steps: [
      .renameTable("books", to: "volumes"),
      .renameColumn("isbn", to: "code", in: "volumes"),
    ])
}

private enum BooksV2: MigrationVersion {
  static let table = TableDefinition(
    name: "volumes",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("code", .text, unique: true, indexed: true),
      ColumnDefinition("title", .text),
    ])
  static let migrations: [GeneratedMigration] = [.m0002_volumes_rename]
}

private enum LoansV2: MigrationVersion {
  static let table = TableDefinition(
    name: "loans",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition(
        "book_isbn", .text, references: ForeignKey("volumes", "code", onDelete: .cascade)),
    ])
  static let migrations: [GeneratedMigration] = []
}

final class RenameMigrationTests: MigrationTestCase {
  private let version1: [any TableRecord.Type] = [Evolving<BooksV1>.self, Evolving<LoansV1>.self]
  private let version2: [any TableRecord.Type] = [Evolving<BooksV2>.self, Evolving<LoansV2>.self]

  private func databaseAtVersion1() throws -> Database {
    // PostgreSQL's trigger runs a function; its body is text PostgreSQL does not rewrite on a
    // rename, so it names no column.
    let trigger =
      currentEngine == .postgres
      ? [
        #"CREATE FUNCTION "books_audit"() RETURNS trigger LANGUAGE plpgsql AS "#
          + #"$$BEGIN INSERT INTO "audit" VALUES ('changed'); RETURN NULL; END$$"#,
        #"CREATE TRIGGER "books_audit" AFTER UPDATE OF "isbn" ON "books" "#
          + #"FOR EACH ROW EXECUTE FUNCTION "books_audit"()"#,
      ]
      : [
        #"CREATE TRIGGER "books_audit" AFTER UPDATE OF "isbn" ON "books" BEGIN "#
          + #"INSERT INTO "audit" VALUES (new."isbn"); END"#
      ]
    return try database(
      at: version1,
      sql: [
        #"INSERT INTO "books" ("isbn", "title") VALUES ('111', 'Dune'), ('222', 'Emma')"#,
        #"DELETE FROM "books" WHERE "isbn" = '222'"#,
        #"INSERT INTO "books" ("isbn", "title") VALUES ('333', 'Ulysses')"#,
        #"INSERT INTO "loans" ("id", "book_isbn") VALUES (1, '111'), (2, '333')"#,
        #"CREATE TABLE "audit" ("note" TEXT)"#,
      ] + trigger + [#"CREATE INDEX "by_title" ON "books" ("title")"#])
  }

  func testRenamingATableAndAColumnKeepsRowsSequenceTriggersAndForeignKeys() throws {
    forEachEngine { engine in
      let db = try databaseAtVersion1()

      try db.migrate(version2)

      XCTAssertEqual(
        try probe.rows("volumes", in: db), ["1|'111'|'Dune'", "3|'333'|'Ulysses'"])
      XCTAssertEqual(try probe.rows("loans", in: db), ["1|'111'", "2|'333'"])
      XCTAssertEqual(try probe.sequence(of: "volumes", in: db), 3)
      XCTAssertEqual(
        try probe.objects(on: "volumes", in: db),
        engine == .postgres
          ? [
            "index by_title: CREATE INDEX by_title ON public.volumes USING btree (title)",
            "index volumes_on_code: CREATE INDEX volumes_on_code ON public.volumes USING btree "
              + "(code)",
            "trigger books_audit: CREATE TRIGGER books_audit AFTER UPDATE OF code ON "
              + "public.volumes FOR EACH ROW EXECUTE FUNCTION books_audit()",
          ]
          : [
            #"index by_title: CREATE INDEX "by_title" ON "volumes" ("title")"#,
            #"index volumes_on_code: CREATE INDEX "volumes_on_code" ON "volumes" ("code")"#,
            #"trigger books_audit: CREATE TRIGGER "books_audit" AFTER UPDATE OF "code" ON "#
              + #""volumes" BEGIN INSERT INTO "audit" VALUES (new."code"); END"#,
          ])
      // The other table's foreign key followed both renames, and its cascade still works.
      try db.write { try $0.execute(#"DELETE FROM "volumes" WHERE "code" = '111'"#) }
      XCTAssertEqual(try probe.rows("loans", in: db), ["2|'333'"])
      let fresh = try database(
        at: version2,
        sql: [
          #"CREATE TABLE "audit" ("note" TEXT)"#,
          #"CREATE INDEX "by_title" ON "volumes" ("title")"#,
        ])
      XCTAssertEqual(try probe.schema(of: db), try probe.schema(of: fresh))
      XCTAssertEqual(
        try probe.recorded(in: db), ["quarry.generated/0002_volumes_rename_isbn_to_code"])
      try probe.assertClean(db)
    }
  }

  func testANewDatabaseRecordsTheRenameAndIsCreatedAtTheNewNames() throws {
    forEachEngine { engine in
      let db = try database(at: version2)

      XCTAssertEqual(
        try probe.recorded(in: db), ["quarry.generated/0002_volumes_rename_isbn_to_code"])
      XCTAssertEqual(try probe.tables(in: db), ["loans", "volumes"])
      try db.migrate(version2)
      XCTAssertEqual(
        try probe.recorded(in: db), ["quarry.generated/0002_volumes_rename_isbn_to_code"])
    }
  }

  func testARenameMadeAlreadyByHandIsNotMadeAgain() throws {
    forEachEngine { engine in
      let db = try databaseAtVersion1()
      try db.write {
        try $0.execute(#"ALTER TABLE "books" RENAME TO "volumes""#)
        try $0.execute(#"ALTER TABLE "volumes" RENAME COLUMN "isbn" TO "code""#)
      }

      try db.migrate(version2)

      XCTAssertEqual(
        try probe.rows("volumes", in: db), ["1|'111'|'Dune'", "3|'333'|'Ulysses'"])
      XCTAssertEqual(
        try probe.recorded(in: db), ["quarry.generated/0002_volumes_rename_isbn_to_code"])
    }
  }

  func testARenameOntoAnExistingTableIsRefused() throws {
    forEachEngine { engine in
      let db = try databaseAtVersion1()
      try db.write { try $0.execute(#"CREATE TABLE "volumes" ("x" TEXT)"#) }

      try assertRefused(
        db, to: version2,
        "cannot migrate table 'volumes': table 'books' cannot be renamed 'volumes': both tables "
          + "exist - drop or rename one of them first; nothing was changed")
    }
  }
}
