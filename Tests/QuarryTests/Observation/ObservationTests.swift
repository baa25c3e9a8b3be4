import Foundation
import XCTest

@testable import Quarry

/// `db.observe`: first value, refetch after relevant commits only, duplicates, errors, ending.
final class ObservationTests: XCTestCase {
  private func makeDatabase(inMemory: Bool = false) throws -> Database {
    let db: Database
    if inMemory {
      db = try Database.inMemory()
    } else {
      db = try Database(path: temporaryPath())
    }
    try db.write { db in
      try db.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
      try db.execute("CREATE TABLE b (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
    }
    return db
  }

  private func temporaryPath() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-observe-\(UUID().uuidString).sqlite").path
    addTeardownBlock {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }

  private static func count(_ table: String, _ db: ReadTransaction) throws -> Int {
    try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM \(table)") ?? -1
  }

  func testFirstValueComesAtOnceThenOneAfterEachCommit() async throws {
    for inMemory in [false, true] {
      let db = try makeDatabase(inMemory: inMemory)
      var iterator = db.observe { try Self.count("a", $0) }.makeAsyncIterator()
      let first = try await iterator.next()
      XCTAssertEqual(first, 0)
      try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
      let second = try await iterator.next()
      XCTAssertEqual(second, 1)
      try await db.write { try $0.execute("INSERT INTO a (v) VALUES (2)") }
      let third = try await iterator.next()
      XCTAssertEqual(third, 2)
    }
  }

  func testCommitToAnotherTableQueuesNoFetch() async throws {
    for inMemory in [false, true] {
      let db = try makeDatabase(inMemory: inMemory)
      let reads = Counter()
      // A tuple is not Equatable: every fetch would be emitted.
      let collector = ObservationCollector(
        db.observe { db -> (Int, Int) in
          reads.increment()
          return (try Self.count("a", db), 7)
        })
      await collector.wait { $0.count == 1 }
      let queued = db.observedFile.queuedFetchCount
      try await db.write { try $0.execute("INSERT INTO b (v) VALUES (1)") }
      try await db.write { try $0.execute("UPDATE b SET v = 2") }
      db.observedFile.waitForDeliveries()
      XCTAssertEqual(db.observedFile.queuedFetchCount, queued)
      try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
      await collector.wait { $0.count == 2 }
      XCTAssertEqual(collector.values.map(\.0), [0, 1])
      XCTAssertEqual(reads.value, 2)
      await collector.cancel()
    }
  }

  func testRolledBackTransactionQueuesNoFetch() async throws {
    struct Abort: Error {}
    let db = try makeDatabase()
    let collector = ObservationCollector(db.observe { try Self.count("a", $0) })
    await collector.wait { $0 == [0] }
    let queued = db.observedFile.queuedFetchCount
    do {
      try await db.write { db in
        try db.execute("INSERT INTO a (v) VALUES (1)")
        throw Abort()
      }
      XCTFail("expected Abort")
    } catch is Abort {}
    do {
      try await db.write { db in
        try db.execute("INSERT INTO a (v) VALUES (2)")
        try db.execute("INSERT INTO a (id, v) VALUES (1, 3), (1, 4)")  // fails: duplicate key
      }
      XCTFail("expected a constraint error")
    } catch is SQLiteError {}
    db.observedFile.waitForDeliveries()
    XCTAssertEqual(db.observedFile.queuedFetchCount, queued)
    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (5)") }
    await collector.wait { $0 == [0, 1] }
    await collector.cancel()
  }

  func testReadOfNoRowsStillTracksItsTable() async throws {
    let db = try makeDatabase()
    let collector = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: "SELECT v FROM a WHERE id = 3") })
    await collector.wait { $0.count == 1 }
    try await db.write { try $0.execute("INSERT INTO a (id, v) VALUES (3, 30)") }
    await collector.wait { $0 == [nil, 30] }
    await collector.cancel()
  }

  func testWhatIsTrackedFollowsWhatTheLastFetchRead() async throws {
    let db = try makeDatabase()
    // Reads b only once a has a row.
    let collector = ObservationCollector(
      db.observe { db -> Int in
        guard try Self.count("a", db) > 0 else { return -1 }
        return try Self.count("b", db)
      })
    await collector.wait { $0 == [-1] }
    let queued = db.observedFile.queuedFetchCount
    try await db.write { try $0.execute("INSERT INTO b (v) VALUES (1)") }
    db.observedFile.waitForDeliveries()
    XCTAssertEqual(db.observedFile.queuedFetchCount, queued, "b was not read yet")
    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
    await collector.wait { $0 == [-1, 1] }
    try await db.write { try $0.execute("INSERT INTO b (v) VALUES (2)") }
    await collector.wait { $0 == [-1, 1, 2] }
    await collector.cancel()
  }

  func testCachedStatementsCompiledOutsideTheObservationAreTracked() async throws {
    let db = try makeDatabase()
    // Compile the statement on every reader first, so the observed read reuses it.
    for _ in 0..<8 { _ = try await db.read { try Self.count("b", $0) } }
    let collector = ObservationCollector(db.observe { try Self.count("b", $0) })
    await collector.wait { $0 == [0] }
    try await db.write { try $0.execute("INSERT INTO b (v) VALUES (1)") }
    await collector.wait { $0 == [0, 1] }
    await collector.cancel()
  }

  func testEquatableValuesDropRepeatsUnlessAskedNotTo() async throws {
    let db = try makeDatabase()
    let deduplicated = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM a WHERE v > 10") })
    let everyFetch = ObservationCollector(
      db.observe(
        { try $0.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM a WHERE v > 10") },
        removeDuplicates: false))
    await deduplicated.wait { $0 == [0] }
    await everyFetch.wait { $0 == [0] }
    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }  // count unchanged
    await everyFetch.wait { $0 == [0, 0] }
    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (11)") }
    await everyFetch.wait { $0 == [0, 0, 1] }
    await deduplicated.wait { $0 == [0, 1] }
    await deduplicated.cancel()
    await everyFetch.cancel()
  }

  func testReadErrorIsThrownOnceThenTheSequenceEnds() async throws {
    let db = try makeDatabase()
    var iterator = db.observe { try Self.count("missing", $0) }.makeAsyncIterator()
    do {
      _ = try await iterator.next()
      XCTFail("expected an error")
    } catch let error as SQLiteError {
      XCTAssertTrue("\(error)".contains("no such table: missing"), "\(error)")
    }
    let afterError = try await iterator.next()
    XCTAssertNil(afterError)
    XCTAssertEqual(db.observerCount, 0)
  }

  func testLeavingTheLoopOrCancellingFreesTheObserver() async throws {
    let db = try makeDatabase()
    for try await count in db.observe({ try Self.count("a", $0) }) {
      XCTAssertEqual(count, 0)
      XCTAssertEqual(db.observerCount, 1)
      break
    }
    XCTAssertEqual(db.observerCount, 0)
    let collector = ObservationCollector(db.observe { try Self.count("a", $0) })
    await collector.wait { $0 == [0] }
    XCTAssertEqual(db.observerCount, 1)
    await collector.cancel()
    XCTAssertTrue(collector.hasEnded)
    XCTAssertNil(collector.error)
    XCTAssertEqual(db.observerCount, 0)
  }

  func testWritesThroughAnotherDatabaseOnTheSameFileAreSeen() async throws {
    let path = temporaryPath()
    let observed = try Database(path: path)
    try await observed.write {
      try $0.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, v INTEGER)")
    }
    let other = try Database(path: path)
    let collector = ObservationCollector(observed.observe { try Self.count("a", $0) })
    await collector.wait { $0 == [0] }
    try await other.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
    await collector.wait { $0.last == 1 }
    XCTAssertEqual(other.observerCount, 1, "both values share the file's observers")
    await collector.cancel()
  }

  func testDeleteWithoutWhereCascadesAndDroppedTablesAreSeen() async throws {
    let db = try makeDatabase()
    try await db.write { db in
      try db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
      try db.execute(
        "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id REFERENCES parent ON DELETE CASCADE)"
      )
      try db.execute("INSERT INTO parent (id) VALUES (1), (2)")
      try db.execute("INSERT INTO child (parent_id) VALUES (1), (2)")
      try db.execute("INSERT INTO a (v) VALUES (1), (2)")
      try db.execute("INSERT INTO b (v) VALUES (1)")
    }
    let recreated = ObservationCollector(db.observe { try Self.count("b", $0) })
    let children = ObservationCollector(db.observe { try Self.count("child", $0) })
    let rows = ObservationCollector(db.observe { try Self.count("a", $0) })
    await children.wait { $0 == [2] }
    await rows.wait { $0 == [2] }
    try await db.write { try $0.execute("DELETE FROM parent WHERE id = 1") }  // cascades to child
    await children.wait { $0 == [2, 1] }
    try await db.write { try $0.execute("DELETE FROM a") }  // no WHERE: SQLite's truncate path
    await rows.wait { $0 == [2, 0] }
    await recreated.wait { $0 == [1] }
    try await db.write { db in
      // Changes no row the update hook reports; the DROP itself counts as a change of b.
      try db.execute("DROP TABLE b")
      try db.execute("CREATE TABLE b (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
    }
    await recreated.wait { $0 == [1, 0] }
    await recreated.cancel()
    await children.cancel()
    await rows.cancel()
  }
}

#if canImport(Observation)
  /// The `@Observable` model behind the SwiftUI adapter, driven on the main actor.
  final class ObservedValueTests: XCTestCase {
    @MainActor
    func testModelFollowsTheDatabaseUntilItsTaskIsCancelled() async throws {
      let db = try Database.inMemory()
      try await db.write { try $0.execute("CREATE TABLE a (id INTEGER PRIMARY KEY)") }
      let model = ObservedValue(
        db.observe { try $0.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM a") ?? -1 },
        initialValue: -2)
      XCTAssertEqual(model.value, -2)
      XCTAssertEqual(db.observerCount, 0, "nothing runs before run()")
      let task = Task { await model.run() }
      try await waitUntil { model.value == 0 }
      try await db.write { try $0.execute("INSERT INTO a DEFAULT VALUES") }
      try await waitUntil { model.value == 1 }
      task.cancel()
      await task.value
      XCTAssertEqual(db.observerCount, 0)
      XCTAssertNil(model.error)
    }

    @MainActor
    private func waitUntil(_ condition: () -> Bool) async throws {
      for _ in 0..<10_000 where !condition() {
        try await Task.sleep(nanoseconds: 2_000_000)
      }
      XCTAssertTrue(condition())
    }
  }
#endif
