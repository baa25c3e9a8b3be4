import Quarry
import XCTest

// "items" version 1: key "id", a plain "code", a "nest_id" without foreign key, a "legacy"
// column. Each test's version 2 changes one constraint with a rebuild as the generator writes it.
private enum NestsTable: MigrationVersion {
  static let table = TableDefinition(
    name: "nests", columns: [ColumnDefinition("id", .integer, primaryKey: true)])
  static let migrations: [GeneratedMigration] = []
}

private enum ItemsV1: MigrationVersion {
  static let table = TableDefinition(
    name: "items",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("code", .text),
      ColumnDefinition("nest_id", .integer, nullable: true),
      ColumnDefinition("legacy", .text, nullable: true),
    ])
  static let migrations: [GeneratedMigration] = []
}

/// Version 2 of "items": `columns` and `sources` given by each test.
private func itemsV2(_ columns: [ColumnDefinition], indexes: [IndexDefinition] = [])
  -> TableDefinition
{
  TableDefinition(name: "items", columns: columns, indexes: indexes)
}

private enum UniqueCode: MigrationVersion {
  static let table = itemsV2([
    ColumnDefinition("id", .integer, primaryKey: true),
    ColumnDefinition("code", .text, unique: true),
    ColumnDefinition("nest_id", .integer, nullable: true),
    ColumnDefinition("legacy", .text, nullable: true),
  ])
  static let migrations = [
    GeneratedMigration(
      "0002_items_code_unique",
      steps: [
        .rebuildTable(
          table, columns: [.copy("id"), .copy("code"), .copy("nest_id"), .copy("legacy")])
      ])
  ]
}

private enum NotUniqueAgain: MigrationVersion {
  static let table = ItemsV1.table
  static let migrations =
    UniqueCode.migrations + [
      GeneratedMigration(
        "0003_items_code_not_unique",
        steps: [
          .rebuildTable(
            table, columns: [.copy("id"), .copy("code"), .copy("nest_id"), .copy("legacy")])
        ])
    ]
}

private enum KeyedByCode: MigrationVersion {
  static let table = itemsV2([
    ColumnDefinition("id", .integer),
    ColumnDefinition("code", .text, primaryKey: true),
    ColumnDefinition("nest_id", .integer, nullable: true),
    ColumnDefinition("legacy", .text, nullable: true),
  ])
  static let migrations = [
    GeneratedMigration(
      "0002_items_key_code",
      steps: [
        .rebuildTable(
          table, columns: [.copy("id"), .copy("code"), .copy("nest_id"), .copy("legacy")])
      ])
  ]
}

private enum WithNestReference: MigrationVersion {
  static let table = itemsV2([
    ColumnDefinition("id", .integer, primaryKey: true),
    ColumnDefinition("code", .text),
    ColumnDefinition(
      "nest_id", .integer, nullable: true, references: ForeignKey("nests", "id", onDelete: .cascade)
    ),
    ColumnDefinition("legacy", .text, nullable: true),
  ])
  static let migrations = [
    GeneratedMigration(
      "0002_items_nest_reference",
      steps: [
        .rebuildTable(
          table, columns: [.copy("id"), .copy("code"), .copy("nest_id"), .copy("legacy")])
      ])
  ]
}

private enum NestSetNull: MigrationVersion {
  static let table = itemsV2([
    ColumnDefinition("id", .integer, primaryKey: true),
    ColumnDefinition("code", .text),
    ColumnDefinition(
      "nest_id", .integer, nullable: true, references: ForeignKey("nests", "id", onDelete: .setNull)
    ),
    ColumnDefinition("legacy", .text, nullable: true),
  ])
  static let migrations =
    WithNestReference.migrations + [
      GeneratedMigration(
        "0003_items_nest_set_null",
        steps: [
          .rebuildTable(
            table, columns: [.copy("id"), .copy("code"), .copy("nest_id"), .copy("legacy")])
        ])
    ]
}

private enum LegacyDropped: MigrationVersion {
  static let table = itemsV2(
    [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("code", .text, indexed: true),
      ColumnDefinition("nest_id", .integer, nullable: true),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_items_drop_legacy",
      steps: [.rebuildTable(table, columns: [.copy("id"), .copy("code"), .copy("nest_id")])])
  ]
}

final class ConstraintMigrationTests: MigrationTestCase {
  private func version(_ items: any TableRecord.Type) -> [any TableRecord.Type] {
    [Evolving<NestsTable>.self, items]
  }

  private func databaseWithItems(_ values: String) throws -> Database {
    try database(
      at: version(Evolving<ItemsV1>.self),
      sql: [
        #"INSERT INTO "nests" ("id") VALUES (1), (2)"#,
        #"INSERT INTO "items" ("id", "code", "nest_id", "legacy") VALUES "# + values,
      ])
  }

  private let rows = "(1, 'a', 1, 'old'), (2, 'b', NULL, NULL), (3, 'c', 2, 'x')"
  private let expectedRows = ["1|'a'|1|'old'", "2|'b'|NULL|NULL", "3|'c'|2|'x'"]

  func testAddingUniqueKeepsTheRowsAndEnforcesIt() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<UniqueCode>.self))
      XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
      try assertSchemaIsNew(db, at: version(Evolving<UniqueCode>.self))
      XCTAssertThrowsError(
        try db.write { try $0.execute(#"INSERT INTO "items" VALUES (9, 'a', NULL, NULL)"#) })
    }
  }

  func testAddingUniqueOverDuplicatesNamesTheFirstDuplicate() throws {
    forEachEngine { engine in
      let db = try databaseWithItems("(1, 'a', 1, NULL), (2, 'b', 1, NULL), (3, 'b', 1, NULL)")
      try assertRefused(
        db, to: version(Evolving<UniqueCode>.self),
        "cannot migrate table 'items': unique column(s) ('code') would hold ('b') in more than one "
          + "row - remove or change the duplicate rows before migrating; nothing was changed")
    }
  }

  func testRemovingUniqueFromADatabaseAtEitherVersion() throws {
    forEachEngine { engine in
      let atVersion1 = try databaseWithItems(rows)
      let atVersion2 = try databaseWithItems(rows)
      try atVersion2.migrate(version(Evolving<UniqueCode>.self))

      for db in [atVersion1, atVersion2] {
        try db.migrate(version(Evolving<NotUniqueAgain>.self))
        XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
        try assertSchemaIsNew(db, at: version(Evolving<NotUniqueAgain>.self))
      }
    }
  }

  func testChangingThePrimaryKeyRekeysTheTable() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<KeyedByCode>.self))
      XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
      try assertSchemaIsNew(db, at: version(Evolving<KeyedByCode>.self))
    }
  }

  func testAChangedPrimaryKeyWithDuplicatesNamesTheKeyAndTheFirstDuplicate() throws {
    forEachEngine { engine in
      let db = try databaseWithItems("(1, 'A', 1, NULL), (2, 'B', 1, NULL), (3, 'A', 1, NULL)")
      try assertRefused(
        db, to: version(Evolving<KeyedByCode>.self),
        "cannot migrate table 'items': new primary key ('code') would hold ('A') in more than one "
          + "row - remove or change the duplicate rows before migrating; nothing was changed")
    }
  }

  func testAddingAForeignKeyKeepsRowsAndItsActionWorks() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<WithNestReference>.self))
      XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
      try assertSchemaIsNew(db, at: version(Evolving<WithNestReference>.self))
      try db.write { try $0.execute(#"DELETE FROM "nests" WHERE "id" = 1"#) }
      XCTAssertEqual(try probe.rows("items", in: db), ["2|'b'|NULL|NULL", "3|'c'|2|'x'"])
    }
  }

  func testAddingAForeignKeyOverOrphansNamesTheFirstOrphan() throws {
    forEachEngine { engine in
      let db = try databaseWithItems("(1, 'a', 1, NULL), (2, 'b', 7, NULL), (3, 'c', 8, NULL)")
      try assertRefused(
        db, to: version(Evolving<WithNestReference>.self),
        "cannot migrate table 'items': row 'id' = 2 refers by 'nest_id' = 7 to no row of table "
          + "'nests' - delete that row or add the row it refers to before migrating; nothing was "
          + "changed")
    }
  }

  func testChangingAForeignKeyActionFromEitherEarlierVersion() throws {
    forEachEngine { engine in
      let atVersion1 = try databaseWithItems(rows)
      let atVersion2 = try databaseWithItems(rows)
      try atVersion2.migrate(version(Evolving<WithNestReference>.self))

      for db in [atVersion1, atVersion2] {
        try db.migrate(version(Evolving<NestSetNull>.self))
        try assertSchemaIsNew(db, at: version(Evolving<NestSetNull>.self))
        try db.write { try $0.execute(#"DELETE FROM "nests" WHERE "id" = 1"#) }
        XCTAssertEqual(
          try probe.rows("items", in: db),
          ["1|'a'|NULL|'old'", "2|'b'|NULL|NULL", "3|'c'|2|'x'"])
      }
    }
  }

  func testDroppingAColumnKeepsTheOthers() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<LegacyDropped>.self))
      XCTAssertEqual(try probe.rows("items", in: db), ["1|'a'|1", "2|'b'|NULL", "3|'c'|2"])
      try assertSchemaIsNew(db, at: version(Evolving<LegacyDropped>.self))
    }
  }

  func testATriggerUsingADroppedColumnIsRefusedByName() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      guard engine == .postgres else {
        try db.write {
          try $0.execute(
            #"CREATE TRIGGER "keep_legacy" AFTER INSERT ON "items" BEGIN "#
              + #"UPDATE "items" SET "legacy" = 'new' WHERE "id" = new."id"; END"#)
        }
        try assertRefused(
          db, to: version(Evolving<LegacyDropped>.self),
          "cannot migrate table 'items': trigger 'keep_legacy' uses column 'legacy', which the "
            + "rebuild drops - drop or rewrite it in a DatabaseMigrator migration run before "
            + "migrate; nothing was changed")
        return
      }
      // PostgreSQL's trigger names the column in `UPDATE OF`; a function's body is opaque text
      // that PostgreSQL checks only when it runs.
      try db.write {
        try $0.execute(
          #"CREATE FUNCTION "keep_legacy"() RETURNS trigger LANGUAGE plpgsql AS "#
            + #"$$BEGIN RETURN NULL; END$$"#)
        try $0.execute(
          #"CREATE TRIGGER "keep_legacy" AFTER UPDATE OF "legacy" ON "items" "#
            + #"FOR EACH ROW EXECUTE FUNCTION "keep_legacy"()"#)
      }
      try assertRefused(
        db, to: version(Evolving<LegacyDropped>.self),
        "cannot migrate table 'items': 'keep_legacy' cannot be re-created after the rebuild: "
          + #"column "legacy" of relation "items" does not exist - drop or rewrite it in a "#
          + "DatabaseMigrator migration run before migrate; nothing was changed")
    }
  }

  func testAUserIndexOnADroppedColumnIsRefusedByName() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.write { try $0.execute(#"CREATE INDEX "by_legacy" ON "items" ("legacy")"#) }
      // The engine's own words for the missing column.
      let reason =
        engine == .postgres ? #"column "legacy" does not exist"# : "no such column: legacy"
      try assertRefused(
        db, to: version(Evolving<LegacyDropped>.self),
        "cannot migrate table 'items': 'by_legacy' cannot be re-created after the rebuild: "
          + "\(reason) - drop or rewrite it in a DatabaseMigrator migration run before migrate; "
          + "nothing was changed")
    }
  }

  func testRebuildingAReferencedTableLeavesItsChildrenAlone() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<WithNestReference>.self))

      // Dropping "nests" with foreign keys on would cascade to every item.
      try db.migrate([Evolving<NamedNests>.self, Evolving<WithNestReference>.self])

      XCTAssertEqual(try probe.rows("nests", in: db), ["1|'?'", "2|'?'"])
      XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
      try assertSchemaIsNew(db, at: [Evolving<NamedNests>.self, Evolving<WithNestReference>.self])
    }
  }

  func testInsideAWriteThatEnforcesForeignKeysARebuildOfAReferencedTableIsRefused() throws {
    forEachEngine { engine in
      let db = try databaseWithItems(rows)
      try db.migrate(version(Evolving<WithNestReference>.self))
      guard engine == .sqlite else {
        // PostgreSQL drops the other tables' foreign keys around the rebuild and adds them back
        // checking every row, so the rebuild works inside any transaction.
        try db.write {
          try $0.migrate([Evolving<NamedNests>.self, Evolving<WithNestReference>.self])
        }
        XCTAssertEqual(try probe.rows("nests", in: db), ["1|'?'", "2|'?'"])
        XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
        try assertSchemaIsNew(
          db, at: [Evolving<NamedNests>.self, Evolving<WithNestReference>.self])
        return
      }
      XCTAssertThrowsError(
        try db.write {
          try $0.migrate([Evolving<NamedNests>.self, Evolving<WithNestReference>.self])
        }
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot migrate table 'nests': the table must be rebuilt, other tables refer to it and "
            + "foreign keys are enforced in this transaction - call Database.migrate, which turns "
            + "foreign keys off around the rebuild and checks them before committing")
      }
      XCTAssertEqual(try probe.rows("items", in: db), expectedRows)
    }
  }
}

private enum NamedNests: MigrationVersion {
  static let table = TableDefinition(
    name: "nests",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("name", .text, defaultSQL: "'?'"),
    ])
  static let migrations = [
    GeneratedMigration(
      "0003_nests_name",
      steps: [.rebuildTable(table, columns: [.copy("id"), .value("name", sql: "'?'")])])
  ]
}
