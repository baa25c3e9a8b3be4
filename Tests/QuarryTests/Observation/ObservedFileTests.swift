import Foundation
import XCTest

@testable import Quarry

/// The fetch lane of `ObservedFile`: rounds share one read transaction, commits during a round
/// coalesce into one more fetch, writers never wait for a fetch, and one failing read leaves the
/// other observers of its round alone.
final class ObservedFileTests: XCTestCase {
  private func temporaryPath() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-lane-\(UUID().uuidString).sqlite").path
    addTeardownBlock {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }

  private func makeDatabase(trace: (@Sendable (String) -> Void)? = nil) throws -> Database {
    var configuration = Database.Configuration()
    configuration.trace = trace
    let db = try Database(path: temporaryPath(), configuration: configuration)
    try db.write { db in
      try db.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
      try db.execute("CREATE TABLE b (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
    }
    return db
  }

  private static func count(_ table: String, _ db: ReadTransaction) throws -> Int {
    try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM \(table)") ?? -1
  }

  func testOneCommitFetchesEveryObserverInOneReadTransaction() async throws {
    let log = SQLLog()
    let db = try makeDatabase(trace: { log.append($0) })
    let counts = ObservationCollector(db.observe { try Self.count("a", $0) })
    let sums = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: "SELECT COALESCE(SUM(v), 0) FROM a") ?? -1 })
    let both = ObservationCollector(
      db.observe { db -> [Int] in [try Self.count("a", db), try Self.count("b", db)] })
    await counts.wait { $0 == [0] }
    await sums.wait { $0 == [0] }
    await both.wait { $0 == [[0, 0]] }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
    log.removeAll()

    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (?)", arguments: [5]) }
    await counts.wait { $0 == [0, 1] }
    await sums.wait { $0 == [0, 5] }
    await both.wait { $0 == [[0, 0], [1, 0]] }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")

    // The poller's pragma runs on its own schedule; everything else is the write and one round.
    let statements = log.statements.filter { $0 != "PRAGMA data_version" }
    XCTAssertEqual(
      statements.sorted(),
      [
        "BEGIN", "BEGIN IMMEDIATE", "COMMIT", "COMMIT", "INSERT INTO a (v) VALUES (?)",
        "SELECT COALESCE(SUM(v), 0) FROM a", "SELECT COUNT(*) FROM a", "SELECT COUNT(*) FROM a",
        "SELECT COUNT(*) FROM b",
      ])
    XCTAssertEqual(
      Array(statements.prefix(3)), ["BEGIN IMMEDIATE", "INSERT INTO a (v) VALUES (?)", "COMMIT"])
    XCTAssertEqual(statements[3], "BEGIN")
    XCTAssertEqual(statements.last, "COMMIT")
    for collector in [counts, sums] { await collector.cancel() }
    await both.cancel()
    XCTAssertEqual(db.observerCount, 0)
  }

  func testCommitsDuringAFetchCoalesceIntoOneMoreFetchAndNeverWait() async throws {
    let db = try makeDatabase()
    let gate = Gate()
    let reads = Counter()
    let counts = ObservationCollector(
      db.observe { db -> Int in
        let value = try Self.count("a", db)
        reads.increment()
        // The second fetch holds its round (and the lane) until the test opens the gate.
        if reads.value == 2 { gate.enterAndWait() }
        return value
      })
    await counts.wait { $0 == [0] }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
    let fetchesBefore = db.observedFile.queuedFetchCount

    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
    await gate.waitUntilEntered()
    // 50 commits while the fetch is stuck: none of them waits for it.
    for value in 2...51 {
      try await db.write { try $0.execute("INSERT INTO a (v) VALUES (?)", arguments: [value]) }
    }
    gate.open()
    await counts.wait { $0.last == 51 }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")

    // The stuck fetch read its snapshot (1 row); the 50 commits made one more fetch, not 50.
    XCTAssertEqual(counts.values, [0, 1, 51])
    XCTAssertEqual(reads.value, 3)
    XCTAssertEqual(db.observedFile.queuedFetchCount - fetchesBefore, 2)
    await counts.cancel()
    XCTAssertEqual(db.observerCount, 0)
  }

  func testAFailingReadLeavesTheOtherObserversOfItsRoundAlone() async throws {
    struct Refused: Error {}
    let db = try makeDatabase()
    let gate = Gate()
    // Holds the lane in its first fetch, so the observers below start in one later round.
    let holder = ObservationCollector(
      db.observe { db -> Int in
        gate.enterAndWait()
        return try Self.count("b", db)
      })
    await gate.waitUntilEntered()
    let before = ObservationCollector(db.observe { try Self.count("a", $0) })
    let missing = ObservationCollector(db.observe { try Self.count("missing", $0) })
    // Ends the shared transaction before throwing: the reads after it need a new one.
    let rollback = ObservationCollector(
      db.observe { db -> Int in
        _ = try db.fetchValue(Int.self, sql: "ROLLBACK")
        throw Refused()
      })
    let after = ObservationCollector(db.observe { try Self.count("a", $0) })
    for _ in 0..<15_000 where db.observerCount < 5 { try await Task.sleep(nanoseconds: 1_000_000) }
    XCTAssertEqual(db.observerCount, 5)
    gate.open()

    await missing.wait { _ in missing.hasEnded }
    await rollback.wait { _ in rollback.hasEnded }
    XCTAssertTrue("\(missing.error.map { "\($0)" } ?? "")".contains("no such table: missing"))
    XCTAssertTrue(rollback.error is Refused, "\(String(describing: rollback.error))")
    XCTAssertEqual(missing.values, [])
    XCTAssertEqual(rollback.values, [])
    await holder.wait { $0 == [0] }
    await before.wait { $0 == [0] }
    await after.wait { $0 == [0] }
    try await db.write { try $0.execute("INSERT INTO a (v) VALUES (1)") }
    await before.wait { $0 == [0, 1] }
    await after.wait { $0 == [0, 1] }
    for collector in [holder, before, after] { await collector.cancel() }
    XCTAssertEqual(db.observerCount, 0)
  }

  func testBurstGapIsAtLeastTwoMillisecondsAndFourTimesTheRound() {
    XCTAssertEqual(ObservedFile.burstGap(after: 0), 0.002)
    XCTAssertEqual(ObservedFile.burstGap(after: 0.0001), 0.002)
    XCTAssertEqual(ObservedFile.burstGap(after: 0.01), 0.04)
  }
}

/// SQL texts a connection's trace reported, in order.
private final class SQLLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  var statements: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func append(_ sql: String) {
    lock.lock()
    stored.append(sql)
    lock.unlock()
  }

  func removeAll() {
    lock.lock()
    stored = []
    lock.unlock()
  }
}

/// Holds a read until the test opens it.
private final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false
  private var hasEntered = false

  /// Called by the read: notes that it arrived, then waits for ``open()`` (a minute at most, so
  /// a test that failed before opening the gate does not leave the lane stuck).
  func enterAndWait() {
    condition.lock()
    hasEntered = true
    let deadline = Date().addingTimeInterval(60)
    while !isOpen, condition.wait(until: deadline) {}
    condition.unlock()
  }

  private var entered: Bool {
    condition.lock()
    defer { condition.unlock() }
    return hasEntered
  }

  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits (without blocking a thread) until a read is held at the gate.
  func waitUntilEntered() async {
    for _ in 0..<15_000 {
      if entered { return }
      try? await Task.sleep(nanoseconds: 2_000_000)
    }
    XCTFail("no read reached the gate")
  }
}
