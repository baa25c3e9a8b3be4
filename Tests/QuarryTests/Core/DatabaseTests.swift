import Foundation
import XCTest

@testable import Quarry

final class DatabaseTests: DatabaseTestCase {
  private let robin = Bird(
    id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, tags: ["red", "garden"],
    price: Decimal(string: "19.99") ?? 0)

  func testInsertThenFetchOneReturnsTheSameValue() {
    forEachEngine { _ in
      try db.write { try $0.insert(robin) }

      let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }

      XCTAssertEqual(fetched, robin)
      XCTAssertEqual(
        try rawRows("SELECT name, wingspan, kind, nest_id FROM birds", in: db),
        [[.text("Robin"), .real(0.25), .text("songbird"), .null]])
    }
  }

  func testFetchOneOfAMissingKeyIsNil() {
    forEachEngine { _ in
      let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(9)) }
      XCTAssertNil(fetched)
    }
  }

  func testInsertingAnExistingPrimaryKeyThrowsAConstraintError() {
    forEachEngine { engine in
      try db.write { try $0.insert(robin) }
      var duplicate = robin
      duplicate.name = "Other"

      XCTAssertThrowsError(try db.write { try $0.insert(duplicate) }) { error in
        let insert =
          #"INSERT INTO "birds" ("id", "name", "wingspan", "kind", "tags", "nest_id", "price") "#
          + "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
        switch engine {
        case .sqlite:
          guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
          XCTAssertEqual(error.code, 19)
          XCTAssertEqual(error.extendedCode, 1555)
          XCTAssertEqual(
            "\(error)",
            "SQLite error 19: UNIQUE constraint failed: birds.id - while executing `\(insert)`")
        case .postgres:
          guard let error = error as? PostgresError else { return XCTFail("\(error)") }
          XCTAssertTrue(error.isUniqueViolation)
          XCTAssertEqual(error.constraint, "birds_pkey")
          XCTAssertEqual(
            "\(error)",
            #"PostgreSQL error 23505: duplicate key value violates unique constraint "birds_pkey""#
              + " - while executing `\(insert)`")
        }
      }
      XCTAssertEqual(try rawRows("SELECT name FROM birds", in: db), [[.text("Robin")]])
    }
  }

  func testUpdateWritesEveryColumn() {
    forEachEngine { _ in
      try db.write { try $0.insert(robin) }
      var changed = robin
      changed.wingspan = nil
      changed.tags = []
      changed.kind = .raptor

      try db.write { try $0.update(changed) }

      XCTAssertEqual(try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }, changed)
      XCTAssertEqual(
        try rawRows("SELECT wingspan, kind FROM birds", in: db), [[.null, .text("raptor")]])
    }
  }

  func testUpdatingAMissingRowThrowsRecordNotFound() {
    forEachEngine { _ in
      XCTAssertThrowsError(try db.write { try $0.update(self.robin) }) { error in
        XCTAssertEqual(error as? RecordNotFoundError, RecordNotFoundError(table: "birds"))
      }
    }
  }

  func testUpsertInsertsThenUpdates() {
    forEachEngine { _ in
      try db.write { try $0.upsert(robin) }
      var changed = robin
      changed.name = "European robin"
      try db.write { try $0.upsert(changed) }

      let all = try db.read { try $0.fetchAll(Bird.self) }

      XCTAssertEqual(all, [changed])
      XCTAssertEqual(try rawRows("SELECT name FROM birds", in: db), [[.text("European robin")]])
    }
  }

  func testUpsertMeetingOneRowsKeyAndAnotherRowsUniqueNameUpdatesOneRowAsSQLiteDoes() {
    forEachEngine { _ in
      var wren = robin
      wren.id = .fixed(2)
      wren.name = "Wren"
      try db.write { tx in
        try tx.insert(robin)
        try tx.insert(wren)
      }
      // Robin's key with Wren's name. SQLite checks the unique name before the text key (the
      // index created last first), so it updates Wren's row, which keeps its key; updating
      // both rows would give them one name.
      var clash = robin
      clash.name = "Wren"
      clash.wingspan = 0.5
      try db.write { try $0.upsert(clash) }
      var updatedWren = clash
      updatedWren.id = .fixed(2)
      XCTAssertEqual(
        try db.read { try $0.fetchAll(Bird.all().order(Bird.Columns.name.asc)) },
        [robin, updatedWren])
      XCTAssertEqual(
        try rawRows("SELECT name, wingspan FROM birds ORDER BY name", in: db),
        [[.text("Robin"), .real(0.25)], [.text("Wren"), .real(0.5)]])
    }
  }

  func testUpsertWithoutAKeyUpdatesTheRowWithItsUniqueValueAndSpendsAKeyAsSQLiteDoes() {
    forEachEngine { _ in
      try db.migrate(Ring.self)
      try db.write { tx in
        try tx.insert(Ring(id: nil, band: "A1", site: "oak"))
        try tx.insert(Ring(id: nil, band: "B2", site: "elm"))
        try tx.upsert(Ring(id: nil, band: "A1", site: "ash"))
        try tx.upsert(Ring(id: nil, band: "C3", site: "yew"))
      }
      // The update used up key 3, as SQLite's AUTOINCREMENT does, so the new band got 4.
      XCTAssertEqual(
        try rawRows("SELECT id, band, site FROM rings ORDER BY id", in: db),
        [
          [.integer(1), .text("A1"), .text("ash")], [.integer(2), .text("B2"), .text("elm")],
          [.integer(4), .text("C3"), .text("yew")],
        ])
      // A key of one row and the band of another: the key is checked first (the rowid).
      XCTAssertThrowsError(
        try db.write { try $0.upsert(Ring(id: 1, band: "B2", site: "fir")) })
      try db.write { try $0.upsert(Ring(id: 2, band: "D4", site: "fir")) }
      XCTAssertEqual(
        try db.read { try $0.fetchAll(Ring.self) }.sorted { ($0.id ?? 0) < ($1.id ?? 0) },
        [
          Ring(id: 1, band: "A1", site: "ash"), Ring(id: 2, band: "D4", site: "fir"),
          Ring(id: 4, band: "C3", site: "yew"),
        ])
    }
  }

  func testDeleteReportsWhetherARowWent() {
    forEachEngine { _ in
      try db.write { try $0.insert(robin) }

      XCTAssertTrue(try db.write { try $0.delete(robin) })
      XCTAssertFalse(try db.write { try $0.delete(robin) })
      try db.write { try $0.insert(robin) }
      XCTAssertTrue(try db.write { try $0.delete(Bird.self, id: .fixed(1)) })
      XCTAssertFalse(try db.write { try $0.delete(Bird.self, id: .fixed(1)) })
      XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 0)
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
    }
  }

  func testAutoincrementKeysAreAssignedAndReturned() {
    forEachEngine { _ in
      let first = try db.write { try $0.insert(Nest(site: "oak")) }
      let second = try db.write { try $0.insert(Nest(site: "elm")) }

      XCTAssertEqual(first, 1)
      XCTAssertEqual(second, 2)
      XCTAssertEqual(
        try db.read { try $0.fetchAll(Nest.self) },
        [Nest(id: 1, site: "oak"), Nest(id: 2, site: "elm")])
      XCTAssertEqual(
        try rawRows("SELECT id, site FROM nests ORDER BY id", in: db),
        [[.integer(1), .text("oak")], [.integer(2), .text("elm")]])
    }
  }

  func testForeignKeysAreEnforced() {
    forEachEngine { engine in
      var orphan = robin
      orphan.nestID = 42
      XCTAssertThrowsError(try db.write { try $0.insert(orphan) }) { error in
        switch engine {
        case .sqlite: XCTAssertEqual((error as? SQLiteError)?.extendedCode, 787)
        case .postgres:
          XCTAssertEqual((error as? PostgresError)?.isForeignKeyViolation, true, "\(error)")
        }
      }
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
    }
  }

  func testCompositePrimaryKeys() {
    forEachEngine { _ in
      try db.migrate(Membership.self)
      let member = Membership(flock: "north", birdID: .fixed(1), role: "scout")
      try db.write { try $0.insert(member) }
      try db.write { try $0.upsert(Membership(flock: "north", birdID: .fixed(1), role: "lead")) }

      let fetched = try db.read {
        try $0.fetchOne(Membership.self, id: .init(flock: "north", birdID: .fixed(1)))
      }

      XCTAssertEqual(fetched?.role, "lead")
      XCTAssertEqual(try rawRows("SELECT role FROM memberships", in: db), [[.text("lead")]])
      XCTAssertTrue(
        try db.write {
          try $0.delete(Membership.self, id: .init(flock: "north", birdID: .fixed(1)))
        })
      XCTAssertEqual(try rawValue("SELECT count(*) FROM memberships", in: db), .integer(0))
    }
  }

  func testWriteRollsBackWhenTheClosureThrows() {
    forEachEngine { _ in
      struct Abort: Error {}
      XCTAssertThrowsError(
        try db.write { db in
          try db.insert(self.robin)
          throw Abort()
        })

      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
      // The connection is usable again: the rollback ended the transaction.
      try db.write { try $0.insert(robin) }
      XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 1)
    }
  }

  func testAFailedStatementRollsBackEarlierWritesOfTheClosure() {
    forEachEngine { _ in
      XCTAssertThrowsError(
        try db.write { db in
          try db.insert(self.robin)
          try db.insert(self.robin)
        })
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
    }
  }

  func testWriteReturnsTheClosureResult() {
    forEachEngine { _ in
      let site = try db.write { db -> String in
        let id = try db.insert(Nest(site: "oak"))
        return try db.fetchOne(Nest.self, id: id)?.site ?? ""
      }
      XCTAssertEqual(site, "oak")
    }
  }

  func testAsyncReadAndWrite() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      let rowID = try await db.write { try $0.insert(Nest(site: "oak")) }
      let nests = try await db.read { try $0.fetchAll(Nest.self) }

      XCTAssertEqual(rowID, 1)
      XCTAssertEqual(nests, [Nest(id: 1, site: "oak")])
    }
  }

  func testFileDatabaseUsesWALAndForeignKeys() throws {
    // SQLite only: journal mode and the foreign_keys pragma are SQLite's file settings.
    let fileDB = try Database(path: temporaryDatabasePath())
    let mode = try fileDB.read { try $0.fetchValue(String.self, sql: "PRAGMA journal_mode") }
    let foreignKeys = try fileDB.write { try $0.fetchValue(Int.self, sql: "PRAGMA foreign_keys") }
    XCTAssertEqual(mode, "wal")
    XCTAssertEqual(foreignKeys, 1)
  }
}

final class DatabaseConfigurationTests: EngineTestCase {
  func testMemoryPathReadsWhatItWrote() throws {
    let db = try Database(path: ":memory:")
    try db.migrate(Nest.self)
    try db.write { try $0.insert(Nest(site: "oak")) }
    XCTAssertEqual(try db.read { try $0.count(Nest.self) }, 1)
  }

  func testTraceSeesPlaceholdersNeverValues() {
    forEachEngine { engine in
      let recorder = SQLRecorder()
      let db = try makeDatabase(configuration: recorder.configuration)
      try db.migrate(Nest.self)
      recorder.reset()

      try db.write { try $0.insert(Nest(site: "secret site")) }

      // PostgreSQL takes the autoincrement key from the identity sequence when it is nil.
      let insert =
        engine == .postgres
        ? #"INSERT INTO "nests" ("id", "site") VALUES (COALESCE(?1, "#
          + #"nextval(pg_get_serial_sequence('"nests"', 'id'))), ?2) RETURNING "id""#
        : #"INSERT INTO "nests" ("id", "site") VALUES (?1, ?2)"#
      // PostgreSQL's write takes the writers' advisory lock around its transaction.
      let lock = "(1364349529, hashtext(current_database()))"
      XCTAssertEqual(
        recorder.recorded,
        engine == .postgres
          ? [
            "SELECT pg_advisory_lock\(lock)", "BEGIN ISOLATION LEVEL SERIALIZABLE", insert,
            "COMMIT", "SELECT pg_advisory_unlock\(lock)",
          ]
          : ["BEGIN IMMEDIATE", insert, "COMMIT"])
      XCTAssertFalse(recorder.recorded.contains { $0.contains("secret") })
      XCTAssertEqual(try rawValue(#"SELECT "site" FROM "nests""#, in: db), .text("secret site"))
    }
  }

  func testEachReadRunsInOneTransaction() {
    forEachEngine { engine in
      let recorder = SQLRecorder()
      // A file on SQLite, whose reads run on a reader connection of their own.
      let db =
        engine == .postgres
        ? try makeDatabase(configuration: recorder.configuration)
        : try Database(path: temporaryPath(), configuration: recorder.configuration)
      try db.migrate(Nest.self)
      _ = try db.read { try $0.count(Nest.self) }  // opens the reader connection
      recorder.reset()

      _ = try db.read { db in (try db.count(Nest.self), try db.fetchAll(Nest.self)) }

      XCTAssertEqual(
        recorder.recorded,
        [
          engine == .postgres ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN",
          #"SELECT COUNT(*) FROM "nests""#, #"SELECT "id", "site" FROM "nests""#, "COMMIT",
        ])
    }
  }

  /// Keys inserted by SQL of one's own (psql, an import) do not stop a later insert without a
  /// key: SQLite's AUTOINCREMENT goes past them, and on PostgreSQL `write` moves the identity
  /// past them and runs the closure again.
  func testAnInsertWithoutAKeyGoesPastKeysInsertedBySQL() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(Ring.self)
      try db.write {
        try $0.execute(
          literal: """
            INSERT INTO "rings" ("id", "band", "site") VALUES (1, 'A1', 'oak'), (7, 'A7', 'elm')
            """)
      }
      var runs = 0
      let id = try db.write { tx -> Int64 in
        runs += 1
        try tx.insert(Ring(id: nil, band: "B1", site: "ash"))
        return try tx.insert(Ring(id: nil, band: "B2", site: "fir"))
      }
      XCTAssertEqual(id, 9)
      XCTAssertLessThanOrEqual(runs, 2)
      XCTAssertEqual(
        try rawRows(#"SELECT "id", "band" FROM "rings" ORDER BY "id""#, in: db),
        [
          [.integer(1), .text("A1")], [.integer(7), .text("A7")], [.integer(8), .text("B1")],
          [.integer(9), .text("B2")],
        ])
    }
  }

  /// A unique violation of another column is the caller's: the closure does not run again.
  func testAUniqueViolationOfAnotherColumnIsStillThrown() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(Ring.self)
      try db.write { try $0.insert(Ring(id: nil, band: "A1", site: "oak")) }
      var runs = 0
      XCTAssertThrowsError(
        try db.write { tx in
          runs += 1
          try tx.insert(Ring(id: nil, band: "A1", site: "elm"))
        }
      ) { error in
        XCTAssertTrue(
          (error as? PostgresError)?.isUniqueViolation
            ?? ((error as? SQLiteError).map { $0.code & 0xFF == 19 } ?? false),
          "\(error)")
      }
      XCTAssertEqual(runs, 1)
      // 2 on SQLite; 3 on PostgreSQL, whose failed insert had taken 2 from the sequence.
      let next = try db.write { try $0.insert(Ring(id: nil, band: "A2", site: "elm")) }
      XCTAssertTrue((2...3).contains(next), "\(next)")
    }
  }

  private func temporaryPath() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-\(UUID().uuidString).sqlite").path
    addTeardownBlock {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }
}

/// A bird ring: an autoincrement key and a unique band, the shape whose upsert PostgreSQL runs
/// as one `ON CONFLICT ("band")` statement when the value has no key.
private struct Ring: Sendable, Equatable {
  var id: Int64?
  var band: String
  var site: String
}

// Written as the generator writes a conformance (see Fixtures/Nest+Quarry.swift).
extension Ring: TableRecord {
  typealias PrimaryKey = Int64

  static let table = TableDefinition(
    name: "rings",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("band", .text, unique: true),
      ColumnDefinition("site", .text),
    ]
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    band = try row.decode(at: 1)
    site = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(band, at: 2)
    try statement.bind(site, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }

  mutating func didInsert(rowID: Int64) {
    id = rowID
  }
}
