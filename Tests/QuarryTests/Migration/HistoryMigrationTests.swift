import Quarry
import XCTest

// Four versions of one model with an owned child table, as the generator writes them:
// 1: "books" (id, isbn, pages, rating TEXT, legacy) and "books_tags" (owner_id, position, tag?)
// 2: 0002 renames "books" to "volumes", "isbn" to "code", "books_tags" to "volumes_tags";
//    a new column "shelf" with a default needs no migration
// 3: 0003 rebuilds "volumes" ("pages" nullable, "rating" INTEGER, "legacy" dropped) and
//    "volumes_tags" ("tag" NOT NULL, NULLs become 'none')
// 4: 0004 rebuilds "volumes" with "code" UNIQUE and a new nullable "note"
private func tags(_ owner: String, tagNullable: Bool) -> TableDefinition {
  TableDefinition(
    name: owner + "_tags",
    columns: [
      ColumnDefinition("owner_id", .integer, primaryKey: true),
      ColumnDefinition("position", .integer, primaryKey: true),
      ColumnDefinition("tag", .text, nullable: tagNullable),
    ],
    foreignKeys: [
      TableForeignKey(["owner_id"], references: owner, columns: ["id"], onDelete: .cascade)
    ])
}

private enum BookV1: MigrationVersion {
  static let table = TableDefinition(
    name: "books",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("isbn", .text, indexed: true),
      ColumnDefinition("pages", .integer),
      ColumnDefinition("rating", .text),
      ColumnDefinition("legacy", .text, nullable: true),
    ])
  static let ownedDefinitions = [tags("books", tagNullable: true)]
  static let migrations: [GeneratedMigration] = []
}

extension GeneratedMigration {
  fileprivate static let m0002 = GeneratedMigration(
    "0002_volumes_rename_isbn_to_code",
    steps: [
      .renameTable("books", to: "volumes"),
      .renameColumn("isbn", to: "code", in: "volumes"),
      .renameTable("books_tags", to: "volumes_tags"),
    ])
  fileprivate static let m0003 = GeneratedMigration(
    "0003_volumes_rating_to_integer",
    steps: [
      .rebuildTable(
        BookV3.table,
        columns: [
          .copy("id"), .copy("code"), .copy("pages"), .convert("rating"), .copy("shelf"),
        ]),
      .rebuildTable(
        tags("volumes", tagNullable: false),
        columns: [.copy("owner_id"), .copy("position"), .fillNulls("tag", withSQL: "'none'")]),
    ])
  fileprivate static let m0004 = GeneratedMigration(
    "0004_volumes_code_unique",
    steps: [
      .rebuildTable(
        BookV4.table,
        columns: [
          .copy("id"), .copy("code"), .copy("pages"), .copy("rating"), .copy("shelf"),
          .value("note", sql: "NULL"),
        ])
    ])
}

private enum BookV2: MigrationVersion {
  static let table = TableDefinition(
    name: "volumes",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("code", .text, indexed: true),
      ColumnDefinition("pages", .integer),
      ColumnDefinition("rating", .text),
      ColumnDefinition("legacy", .text, nullable: true),
      ColumnDefinition("shelf", .text, defaultSQL: "'A1'"),
    ])
  static let ownedDefinitions = [tags("volumes", tagNullable: true)]
  static let migrations = [GeneratedMigration.m0002]
}

private enum BookV3: MigrationVersion {
  static let table = TableDefinition(
    name: "volumes",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("code", .text, indexed: true),
      ColumnDefinition("pages", .integer, nullable: true),
      ColumnDefinition("rating", .integer),
      ColumnDefinition("shelf", .text, defaultSQL: "'A1'"),
    ])
  static let ownedDefinitions = [tags("volumes", tagNullable: false)]
  static let migrations = [GeneratedMigration.m0002, .m0003]
}

private enum BookV4: MigrationVersion {
  static let table = TableDefinition(
    name: "volumes",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("code", .text, unique: true),
      ColumnDefinition("pages", .integer, nullable: true),
      ColumnDefinition("rating", .integer),
      ColumnDefinition("shelf", .text, defaultSQL: "'A1'"),
      ColumnDefinition("note", .text, nullable: true),
    ])
  static let ownedDefinitions = [tags("volumes", tagNullable: false)]
  static let migrations = [GeneratedMigration.m0002, .m0003, .m0004]
}

final class HistoryMigrationTests: MigrationTestCase {
  private let allRecorded = [
    "quarry.generated/0002_volumes_rename_isbn_to_code",
    "quarry.generated/0003_volumes_rating_to_integer",
    "quarry.generated/0004_volumes_code_unique",
  ]

  /// A database made at `version`, with the same two books (as that version stores them).
  private func database(atVersion version: Int) throws -> Database {
    let book = version == 1 ? "books" : "volumes"
    let code = version == 1 ? "isbn" : "code"
    let tables: [any TableRecord.Type] = [
      Evolving<BookV1>.self, Evolving<BookV2>.self, Evolving<BookV3>.self, Evolving<BookV4>.self,
    ]
    let rating = version < 3 ? ["'5'", "'4'"] : ["5", "4"]
    let extra = version < 3 ? (", \"legacy\"", ", 'L1'", ", NULL") : ("", "", "")
    return try database(
      at: [tables[version - 1]],
      sql: [
        "INSERT INTO \"\(book)\" (\"id\", \"\(code)\", \"pages\", \"rating\"\(extra.0)) VALUES "
          + "(1, '111', 100, \(rating[0])\(extra.1)), (2, '222', 200, \(rating[1])\(extra.2))",
        "INSERT INTO \"\(book)_tags\" VALUES (1, 0, 'sf'), (1, 1, "
          + (version < 3 ? "NULL" : "'none'") + "), (2, 0, 'classic')",
        "INSERT INTO \"\(book)\" (\"id\", \"\(code)\", \"pages\", \"rating\"\(extra.0)) VALUES "
          + "(9, '999', 1, \(rating[0])\(extra.1))",
        "DELETE FROM \"\(book)\" WHERE \"id\" = 9",
      ])
  }

  func testDatabasesMadeAtEveryVersionEndAtTheLastWithEveryRow() throws {
    forEachEngine { engine in
      for version in 1...4 {
        let db = try database(atVersion: version)

        try db.migrate([Evolving<BookV4>.self])

        XCTAssertEqual(
          try probe.rows("volumes", in: db),
          ["1|'111'|100|5|'A1'|NULL", "2|'222'|200|4|'A1'|NULL"], "version \(version)")
        XCTAssertEqual(
          try probe.rows("volumes_tags", in: db), ["1|0|'sf'", "1|1|'none'", "2|0|'classic'"],
          "version \(version)")
        // SQLite's sequence counts the key 9 inserted by hand (and deleted); PostgreSQL's
        // identity hands out only the keys it makes, and a rebuild continues it after the
        // largest key: 2 kept, and nothing handed out on the database made at version 4.
        let sequence = engine == .postgres ? (version == 4 ? 0 : 2) : 9
        XCTAssertEqual(
          try probe.sequence(of: "volumes", in: db), sequence, "version \(version)")
        XCTAssertEqual(try probe.recorded(in: db), allRecorded, "version \(version)")
        try assertSchemaIsNew(db, at: [Evolving<BookV4>.self])
        // The owned rows still follow their owner.
        try db.write { try $0.execute(#"DELETE FROM "volumes" WHERE "id" = 1"#) }
        XCTAssertEqual(try probe.rows("volumes_tags", in: db), ["2|0|'classic'"])
      }
    }
  }

  func testANewDatabaseRecordsEveryMigrationWithoutRunningAny() throws {
    forEachEngine { engine in
      let db = try database(at: [Evolving<BookV4>.self])
      XCTAssertEqual(try probe.recorded(in: db), allRecorded)
      // The stored DDL text is SQLite's; PostgreSQL keeps none.
      guard engine == .sqlite else { return }
      XCTAssertEqual(
        try rawValue("SELECT sql FROM sqlite_master WHERE name = 'volumes'", in: db),
        .text(BookV4.table.createTableSQL))
    }
  }

  func testMigrationsRunInIdentifierOrderWhateverOrderTheTablesListThem() throws {
    forEachEngine { engine in
      let db = try database(atVersion: 1)
      try db.migrate([Evolving<ShuffledBookV4>.self])
      XCTAssertEqual(
        try probe.rows("volumes", in: db),
        ["1|'111'|100|5|'A1'|NULL", "2|'222'|200|4|'A1'|NULL"])
      try assertSchemaIsNew(db, at: [Evolving<BookV4>.self])
    }
  }

  func testARefusedMigrationKeepsTheEarlierOnesUnappliedToo() throws {
    forEachEngine { engine in
      let db = try database(atVersion: 2)
      try db.write { try $0.execute(#"UPDATE "volumes" SET "rating" = 'five' WHERE "id" = 2"#) }
      try assertRefused(
        db, to: [Evolving<BookV4>.self],
        "cannot migrate table 'volumes': column 'rating' of row 'id' = 2 holds 'five', which is "
          + "not an integer - fix that row (and any like it) before migrating, or keep the old "
          + "type; nothing was changed")
      XCTAssertEqual(try probe.recorded(in: db), [allRecorded[0]])
    }
  }

  func testAMigrationListedTwiceWithDifferentStepsIsRefused() throws {
    forEachEngine { engine in
      let db = try database(atVersion: 4)
      try assertRefused(
        db, to: [Evolving<BookV4>.self, Evolving<ClashingMigration>.self],
        "cannot migrate: migration '0004_volumes_code_unique' is listed twice with "
          + "different steps - give every generated migration its own identifier")
    }
  }
}

private enum ShuffledBookV4: MigrationVersion {
  static let table = BookV4.table
  static let ownedDefinitions = BookV4.ownedDefinitions
  static let migrations = [GeneratedMigration.m0004, .m0002, .m0003, .m0002]
}

private enum ClashingMigration: MigrationVersion {
  static let table = TableDefinition(
    name: "other", columns: [ColumnDefinition("id", .integer, primaryKey: true)])
  static let migrations = [GeneratedMigration("0004_volumes_code_unique", steps: [])]
}
