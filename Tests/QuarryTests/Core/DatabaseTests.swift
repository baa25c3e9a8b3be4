import Foundation
import XCTest

@testable import Quarry

final class DatabaseTests: DatabaseTestCase {
  private let robin = Bird(
    id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, tags: ["red", "garden"],
    price: Decimal(string: "19.99") ?? 0)

  func testInsertThenFetchOneReturnsTheSameValue() throws {
    try db.write { try $0.insert(robin) }

    let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }

    XCTAssertEqual(fetched, robin)
  }

  func testFetchOneOfAMissingKeyIsNil() throws {
    let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(9)) }
    XCTAssertNil(fetched)
  }

  func testInsertingAnExistingPrimaryKeyThrowsAConstraintError() throws {
    try db.write { try $0.insert(robin) }
    var duplicate = robin
    duplicate.name = "Other"

    XCTAssertThrowsError(try db.write { try $0.insert(duplicate) }) { error in
      guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.code, 19)
      XCTAssertEqual(error.extendedCode, 1555)
      XCTAssertEqual(
        "\(error)",
        "SQLite error 19: UNIQUE constraint failed: birds.id - while executing `INSERT INTO "
          + #""birds" ("id", "name", "wingspan", "kind", "tags", "nest_id", "price") "#
          + "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`")
    }
  }

  func testUpdateWritesEveryColumn() throws {
    try db.write { try $0.insert(robin) }
    var changed = robin
    changed.wingspan = nil
    changed.tags = []
    changed.kind = .raptor

    try db.write { try $0.update(changed) }

    XCTAssertEqual(try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }, changed)
  }

  func testUpdatingAMissingRowThrowsRecordNotFound() throws {
    XCTAssertThrowsError(try db.write { try $0.update(self.robin) }) { error in
      XCTAssertEqual(error as? RecordNotFoundError, RecordNotFoundError(table: "birds"))
    }
  }

  func testUpsertInsertsThenUpdates() throws {
    try db.write { try $0.upsert(robin) }
    var changed = robin
    changed.name = "European robin"
    try db.write { try $0.upsert(changed) }

    let all = try db.read { try $0.fetchAll(Bird.self) }

    XCTAssertEqual(all, [changed])
  }

  func testDeleteReportsWhetherARowWent() throws {
    try db.write { try $0.insert(robin) }

    XCTAssertTrue(try db.write { try $0.delete(robin) })
    XCTAssertFalse(try db.write { try $0.delete(robin) })
    try db.write { try $0.insert(robin) }
    XCTAssertTrue(try db.write { try $0.delete(Bird.self, id: .fixed(1)) })
    XCTAssertFalse(try db.write { try $0.delete(Bird.self, id: .fixed(1)) })
    XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 0)
  }

  func testAutoincrementKeysAreAssignedAndReturned() throws {
    let first = try db.write { try $0.insert(Nest(site: "oak")) }
    let second = try db.write { try $0.insert(Nest(site: "elm")) }

    XCTAssertEqual(first, 1)
    XCTAssertEqual(second, 2)
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Nest.self) },
      [Nest(id: 1, site: "oak"), Nest(id: 2, site: "elm")])
  }

  func testForeignKeysAreEnforced() throws {
    var orphan = robin
    orphan.nestID = 42
    XCTAssertThrowsError(try db.write { try $0.insert(orphan) }) { error in
      XCTAssertEqual((error as? SQLiteError)?.extendedCode, 787)
    }
  }

  func testCompositePrimaryKeys() throws {
    try db.migrate(Membership.self)
    let member = Membership(flock: "north", birdID: .fixed(1), role: "scout")
    try db.write { try $0.insert(member) }
    try db.write { try $0.upsert(Membership(flock: "north", birdID: .fixed(1), role: "lead")) }

    let fetched = try db.read {
      try $0.fetchOne(Membership.self, id: .init(flock: "north", birdID: .fixed(1)))
    }

    XCTAssertEqual(fetched?.role, "lead")
    XCTAssertTrue(
      try db.write { try $0.delete(Membership.self, id: .init(flock: "north", birdID: .fixed(1))) })
  }

  func testWriteRollsBackWhenTheClosureThrows() throws {
    struct Abort: Error {}
    XCTAssertThrowsError(
      try db.write { db in
        try db.insert(self.robin)
        throw Abort()
      })

    XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 0)
    // The connection is usable again: the rollback ended the transaction.
    try db.write { try $0.insert(robin) }
    XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 1)
  }

  func testAFailedStatementRollsBackEarlierWritesOfTheClosure() throws {
    XCTAssertThrowsError(
      try db.write { db in
        try db.insert(self.robin)
        try db.insert(self.robin)
      })
    XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 0)
  }

  func testWriteReturnsTheClosureResult() throws {
    let site = try db.write { db -> String in
      let id = try db.insert(Nest(site: "oak"))
      return try db.fetchOne(Nest.self, id: id)?.site ?? ""
    }
    XCTAssertEqual(site, "oak")
  }

  func testAsyncReadAndWrite() async throws {
    let db = try XCTUnwrap(self.db)
    let rowID = try await db.write { try $0.insert(Nest(site: "oak")) }
    let nests = try await db.read { try $0.fetchAll(Nest.self) }

    XCTAssertEqual(rowID, 1)
    XCTAssertEqual(nests, [Nest(id: 1, site: "oak")])
  }

  func testFileDatabaseUsesWALAndForeignKeys() throws {
    let fileDB = try Database(path: temporaryDatabasePath())
    let mode = try fileDB.read { try $0.fetchValue(String.self, sql: "PRAGMA journal_mode") }
    let foreignKeys = try fileDB.write { try $0.fetchValue(Int.self, sql: "PRAGMA foreign_keys") }
    XCTAssertEqual(mode, "wal")
    XCTAssertEqual(foreignKeys, 1)
  }
}

final class DatabaseConfigurationTests: XCTestCase {
  func testMemoryPathReadsWhatItWrote() throws {
    let db = try Database(path: ":memory:")
    try db.migrate(Nest.self)
    try db.write { try $0.insert(Nest(site: "oak")) }
    XCTAssertEqual(try db.read { try $0.count(Nest.self) }, 1)
  }

  func testTraceSeesPlaceholdersNeverValues() throws {
    let recorder = SQLRecorder()
    let db = try Database.inMemory(configuration: recorder.configuration)
    try db.migrate(Nest.self)
    recorder.reset()

    try db.write { try $0.insert(Nest(site: "secret site")) }

    XCTAssertEqual(
      recorder.recorded,
      [
        "BEGIN IMMEDIATE",
        #"INSERT INTO "nests" ("id", "site") VALUES (?1, ?2)"#,
        "COMMIT",
      ])
  }

  func testEachReadRunsInOneTransaction() throws {
    let recorder = SQLRecorder()
    let db = try Database(path: temporaryPath(), configuration: recorder.configuration)
    try db.migrate(Nest.self)
    _ = try db.read { try $0.count(Nest.self) }  // opens the reader connection
    recorder.reset()

    _ = try db.read { db in (try db.count(Nest.self), try db.fetchAll(Nest.self)) }

    XCTAssertEqual(
      recorder.recorded,
      ["BEGIN", #"SELECT COUNT(*) FROM "nests""#, #"SELECT "id", "site" FROM "nests""#, "COMMIT"])
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
