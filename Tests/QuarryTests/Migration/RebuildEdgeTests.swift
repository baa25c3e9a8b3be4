import Quarry
import XCTest

// Cases of the rebuild beyond one kind of change: a table referring to one that `migrate`
// creates after the migrations, a view over a dropped column, and a column the database has
// not got yet because a later version's `migrate` adds it.
private enum Parts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("bin", .text, nullable: true),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum IndexedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("bin", .text, nullable: true, indexed: true),
    ])
  static let migrations: [GeneratedMigration] = []
}

// The index removed again: the migration's table is column for column `IndexedParts`', as
// the generator writes it for an index removed.
private enum UnindexedParts: MigrationVersion {
  static let table = Parts.table
  static let migrations = [
    GeneratedMigration(
      "0002_parts_rebuild", steps: [.rebuildTable(table, columns: [.copy("id"), .copy("bin")])])
  ]
}

private enum UniquelyListedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts", columns: Parts.table.columns,
    indexes: [IndexDefinition(["bin", "id"], unique: true)])
  static let migrations: [GeneratedMigration] = []
}

// `unique = [bin, id]` made `index = [bin, id]`: the same index name, no longer unique.
private enum ListedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts", columns: Parts.table.columns, indexes: [IndexDefinition(["bin", "id"])])
  static let migrations = [
    GeneratedMigration(
      "0002_parts_rebuild", steps: [.rebuildTable(table, columns: [.copy("id"), .copy("bin")])])
  ]
}

private enum Bins: MigrationVersion {
  static let table = TableDefinition(
    name: "bins", columns: [ColumnDefinition("code", .text, primaryKey: true)])
  static let migrations: [GeneratedMigration] = []
}

private enum PartsInBins: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("bin", .text, nullable: true, references: ForeignKey("bins", "code")),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_parts_bin_reference",
      steps: [.rebuildTable(table, columns: [.copy("id"), .copy("bin")])])
  ]
}

private enum PartsWithoutBin: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("count", .integer, defaultSQL: "1"),
    ])
  // "count" came with a version whose migrate added it; this rebuild's frozen definition has
  // it, so on a database that skipped that version the rebuild gives it its default.
  static let migrations = [
    GeneratedMigration(
      "0003_parts_drop_bin",
      steps: [.rebuildTable(table, columns: [.copy("id"), .copy("count")])])
  ]
}

// Only the default of "count" changed: SQLite's table SQL differs, PostgreSQL's columns do not.
private enum RecountedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("count", .integer, defaultSQL: "2"),
    ])
  static let migrations =
    PartsWithoutBin.migrations + [
      GeneratedMigration(
        "0004_parts_rebuild",
        steps: [.rebuildTable(table, columns: [.copy("id"), .copy("count")])])
    ]
}

// "tally" added on the end with a default: the version's migrate adds it by itself, so it
// has no migration of its own.
private enum TalliedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: Parts.table.columns + [ColumnDefinition("tally", .real, defaultSQL: "3.5")])
  static let migrations: [GeneratedMigration] = []
}

// Then made optional without a default: the rebuild carries the default "tally" was added
// with, for a database that skipped `TalliedParts`.
private enum LooselyTalliedParts: MigrationVersion {
  static let table = TableDefinition(
    name: "parts",
    columns: Parts.table.columns + [ColumnDefinition("tally", .real, nullable: true)])
  static let migrations = [
    GeneratedMigration(
      "0002_parts_rebuild",
      steps: [
        .rebuildTable(
          table,
          columns: [.copy("id"), .copy("bin"), .copy("tally").addedWithDefault(sql: "3.5")])
      ])
  ]
}

private enum Counters: MigrationVersion {
  static let table = TableDefinition(
    name: "counters",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("name", .text),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum NotedCounters: MigrationVersion {
  static let table = TableDefinition(
    name: "counters",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("name", .text), ColumnDefinition("note", .text, nullable: true),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_counters_rebuild",
      steps: [
        .rebuildTable(table, columns: [.copy("id"), .copy("name"), .value("note", sql: "NULL")])
      ])
  ]
}

/// A row of `NotedCounters`' table, bound as generated code binds it: a nil key is the
/// identity's to choose, any other is the application's.
private struct CounterRow: TableRecord, Equatable {
  typealias PrimaryKey = Int64
  var id: Int64?
  var name: String

  static var table: TableDefinition { NotedCounters.table }

  init(id: Int64?, name: String) {
    self.id = id
    self.name = name
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    name = try row.decode(at: 1)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(name, at: 2)
    try statement.bind(String?.none, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

final class RebuildEdgeTests: MigrationTestCase {
  /// A key the application picks below the rebuilt identity's next one (a gap a deleted row
  /// left) must not move the identity back onto keys that are taken: SQLite hands out 5 next,
  /// PostgreSQL handed out 3 again (a duplicate key) when its sequence was restarted unused.
  func testAnExplicitKeyBelowTheNextOneAfterARebuildDoesNotMoveTheSequenceBack() {
    forEachEngine { _ in
      let db = try database(
        at: [Evolving<Counters>.self],
        sql: [
          #"INSERT INTO "counters" ("name") VALUES ('a'), ('b'), ('c'), ('d')"#,
          #"DELETE FROM "counters" WHERE "id" IN (2, 4)"#,
        ])
      try db.migrate([Evolving<NotedCounters>.self])
      try db.write { tx in
        try tx.insert(CounterRow(id: 2, name: "x"))
        try tx.insert(CounterRow(id: nil, name: "y"))
      }
      XCTAssertEqual(
        try rawRows(#"SELECT "id", "name" FROM "counters" ORDER BY "id""#, in: db),
        [
          [.integer(1), .text("a")], [.integer(2), .text("x")], [.integer(3), .text("c")],
          [.integer(5), .text("y")],
        ])
    }
  }

  /// Keys of 0 and below are the application's to use on both engines, and the identity goes
  /// on from 1: PostgreSQL refused them (setval out of bounds) while its sequence was unused.
  func testAnExplicitKeyOfZeroOrBelowIsStoredAndTheIdentityStartsAtOne() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate([Evolving<NotedCounters>.self])
      try db.write { tx in
        try tx.insert(CounterRow(id: 0, name: "zero"))
        try tx.insert(CounterRow(id: -5, name: "minus"))
        try tx.insert(CounterRow(id: nil, name: "first"))
      }
      XCTAssertEqual(
        try rawRows(#"SELECT "id", "name" FROM "counters" ORDER BY "id""#, in: db),
        [
          [.integer(-5), .text("minus")], [.integer(0), .text("zero")],
          [.integer(1), .text("first")],
        ])
    }
  }

  func testTheKeysOfDeletedRowsAreNotHandedOutAgainAfterARebuild() throws {
    forEachEngine { _ in
      let db = try database(
        at: [Evolving<Counters>.self],
        sql: [
          #"INSERT INTO "counters" ("name") VALUES ('a'), ('b'), ('c')"#,
          #"DELETE FROM "counters" WHERE "id" > 1"#,
        ])
      try db.migrate([Evolving<NotedCounters>.self])
      try db.write { try $0.execute(#"INSERT INTO "counters" ("name") VALUES ('d')"#) }
      XCTAssertEqual(
        try rawRows(#"SELECT "id", "name" FROM "counters" ORDER BY "id""#, in: db),
        [[.integer(1), .text("a")], [.integer(4), .text("d")]])
      try assertSchemaIsNew(db, at: [Evolving<NotedCounters>.self])
    }
  }

  private func partsDatabase() throws -> Database {
    try database(
      at: [Evolving<Parts>.self],
      sql: [#"INSERT INTO "parts" VALUES (1, NULL), (2, NULL)"#])
  }

  func testARebuiltTableMayReferToATableMigrateCreatesAfterIt() throws {
    forEachEngine { engine in
      let db = try partsDatabase()
      let version2: [any TableRecord.Type] = [Evolving<PartsInBins>.self, Evolving<Bins>.self]

      try db.migrate(version2)

      XCTAssertEqual(try probe.rows("parts", in: db), ["1|NULL", "2|NULL"])
      try assertSchemaIsNew(db, at: version2)
    }
  }

  func testAnOrphanOfATableCreatedInTheSameMigrateIsStillFound() throws {
    forEachEngine { engine in
      let db = try database(
        at: [Evolving<Parts>.self], sql: [#"INSERT INTO "parts" VALUES (1, NULL), (2, 'B7')"#])
      try assertRefused(
        db, to: [Evolving<PartsInBins>.self, Evolving<Bins>.self],
        "cannot migrate table 'parts': row 'id' = 2 refers by 'bin' = 'B7' to no row of table "
          + "'bins' - delete that row or add the row it refers to before migrating; nothing was "
          + "changed")
    }
  }

  func testAViewOverADroppedColumnIsRefusedByName() throws {
    forEachEngine { engine in
      let db = try partsDatabase()
      try db.write { try $0.execute(#"CREATE VIEW "binned" AS SELECT "bin" FROM "parts""#) }
      // The engine's own words for the missing column.
      let reason = engine == .postgres ? "column parts.bin does not exist" : "no such column: bin"
      try assertRefused(
        db, to: [Evolving<PartsWithoutBin>.self],
        "cannot migrate table 'parts': after the rebuild, error in view binned: \(reason) - drop "
          + "or rewrite it in a DatabaseMigrator migration run before migrate; nothing was "
          + "changed")
    }
  }

  func testAColumnALaterVersionAddedGetsItsDefaultWhenTheDatabaseHasNotGotIt() throws {
    forEachEngine { engine in
      let db = try partsDatabase()
      try db.migrate([Evolving<PartsWithoutBin>.self])
      XCTAssertEqual(try probe.rows("parts", in: db), ["1|1", "2|1"])
      try assertSchemaIsNew(db, at: [Evolving<PartsWithoutBin>.self])
    }
  }

  /// A database that skipped the version whose migrate added a column ends with the rows of
  /// one that did not: the default the column was added with, not the later definition's.
  func testAColumnAnEarlierVersionAddedGetsTheDefaultItWasAddedWith() throws {
    forEachEngine { engine in
      let stepwise = try partsDatabase()
      try stepwise.migrate([Evolving<TalliedParts>.self])
      try stepwise.migrate([Evolving<LooselyTalliedParts>.self])
      let skipping = try partsDatabase()
      try skipping.migrate([Evolving<LooselyTalliedParts>.self])
      for db in [stepwise, skipping] {
        XCTAssertEqual(
          try rawValue(#"SELECT CAST(sum("tally") AS DOUBLE PRECISION) FROM "parts""#, in: db),
          .real(7))
        try assertSchemaIsNew(db, at: [Evolving<LooselyTalliedParts>.self])
      }
    }
  }

  func testAnIndexRemovedOrMadeNotUniqueOnATableOtherwiseUnchangedFollows() throws {
    forEachEngine { engine in
      for (before, after) in [
        (Evolving<IndexedParts>.self, Evolving<UnindexedParts>.self),
        (Evolving<UniquelyListedParts>.self, Evolving<ListedParts>.self),
      ] as [(any TableRecord.Type, any TableRecord.Type)] {
        let db = try partsDatabase()
        try db.migrate([before])
        try db.write { try $0.execute(#"CREATE INDEX "mine" ON "parts" ("bin")"#) }

        try db.migrate([after])

        // The user's own index is still there; without it, a new database's schema.
        try db.write { try $0.execute(#"DROP INDEX "mine""#) }
        try assertSchemaIsNew(db, at: [after])
        XCTAssertEqual(try probe.rows("parts", in: db), ["1|NULL", "2|NULL"])
      }
    }
  }

  func testAChangedDefaultFollows() throws {
    forEachEngine { engine in
      let db = try partsDatabase()
      try db.migrate([Evolving<PartsWithoutBin>.self])
      try db.migrate([Evolving<RecountedParts>.self])
      XCTAssertEqual(try probe.rows("parts", in: db), ["1|1", "2|1"])
      try assertSchemaIsNew(db, at: [Evolving<RecountedParts>.self])
    }
  }

  func testAViewOverKeptColumnsSurvivesTheRebuild() throws {
    forEachEngine { engine in
      let db = try partsDatabase()
      try db.write { try $0.execute(#"CREATE VIEW "ids" AS SELECT "id" FROM "parts""#) }
      try db.migrate([Evolving<PartsWithoutBin>.self])
      XCTAssertEqual(
        try rawValue(#"SELECT CAST(sum("id") AS BIGINT) FROM "ids""#, in: db), .integer(3))
      try assertSchemaIsNew(db, at: [Evolving<PartsWithoutBin>.self])
    }
  }
}
