import Foundation
import XCTest

@testable import Quarry

/// Observation under real concurrency: many writing tasks, several observers, cancellation in
/// the middle of a burst, other processes writing.
final class ObservationConcurrencyTests: XCTestCase {
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

  func testBurstsFromManyTasksEndOnTheFinalStateAndFreeEveryObserver() async throws {
    let db = try Database(path: temporaryPath())
    try await db.write { db in
      try db.execute("CREATE TABLE a (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
      try db.execute("CREATE TABLE b (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)")
      try db.execute("CREATE TABLE quiet (id INTEGER PRIMARY KEY)")
    }
    let counts = ObservationCollector(db.observe { try Self.count("a", $0) })
    let sums = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: "SELECT COALESCE(SUM(v), 0) FROM a") ?? -1 })
    // Not Equatable: every fetch is emitted, so a fetch for `a` or `b` would show.
    let quietReads = Counter()
    let quiet = ObservationCollector(
      db.observe { db -> (Int, Bool) in
        quietReads.increment()
        return (try Self.count("quiet", db), true)
      })
    let both = ObservationCollector(
      db.observe { db -> [Int] in [try Self.count("a", db), try Self.count("b", db)] })
    let cancelledMidBurst = ObservationCollector(db.observe { try Self.count("a", $0) })
    for collector in [counts, cancelledMidBurst] { await collector.wait { $0 == [0] } }
    await sums.wait { $0 == [0] }
    await quiet.wait { $0.count == 1 }
    await both.wait { $0 == [[0, 0]] }
    XCTAssertEqual(db.observerCount, 5)

    let writers = 8
    let writesPerWriter = 40
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          for index in 0..<writesPerWriter {
            try await db.write { db in
              try db.execute("INSERT INTO a (v) VALUES (?)", arguments: [1])
              if index % 4 == 0 {
                try db.execute("INSERT INTO b (v) VALUES (?)", arguments: [writer])
              }
            }
            if index % 10 == 9 {
              // Rolled back: changes nothing anyone may see.
              _ = try? await db.write { db -> Void in
                try db.execute("INSERT INTO a (v) VALUES (1000)")
                throw CancellationError()
              }
            }
          }
        }
      }
      group.addTask {
        await cancelledMidBurst.wait { $0.count >= 2 || $0.last == writers * writesPerWriter }
        await cancelledMidBurst.cancel()
      }
      try await group.waitForAll()
    }

    let total = writers * writesPerWriter
    let fresh = try await db.read { [try Self.count("a", $0), try Self.count("b", $0)] }
    XCTAssertEqual(fresh, [total, writers * writesPerWriter / 4])
    await counts.wait { $0.last == total }
    await sums.wait { $0.last == total }
    await both.wait { $0.last == fresh }
    for values in [counts.values, sums.values] {
      XCTAssertEqual(values, values.sorted(), "snapshots only move forward")
      XCTAssertEqual(values.count, Set(values).count, "no repeated value")
      XCTAssertFalse(values.contains { $0 > total }, "a rolled-back row was seen")
    }
    XCTAssertEqual(quiet.values.count, 1, "no fetch for commits to other tables")
    XCTAssertEqual(quietReads.value, 1)
    XCTAssertTrue(cancelledMidBurst.hasEnded)

    for collector in [counts, sums] { await collector.cancel() }
    await quiet.cancel()
    await both.cancel()
    XCTAssertEqual(db.observerCount, 0)
  }

  func testSlowConsumerGetsTheNewestValueWithoutHoldingWritersOrOtherObservers() async throws {
    let db = try Database(path: temporaryPath())
    try await db.write { try $0.execute("CREATE TABLE a (id INTEGER PRIMARY KEY)") }
    var slow = db.observe { try Self.count("a", $0) }.makeAsyncIterator()
    let first = try await slow.next()
    XCTAssertEqual(first, 0)
    let fast = ObservationCollector(db.observe { try Self.count("a", $0) })
    await fast.wait { $0 == [0] }
    // The slow consumer asks for nothing while 200 commits happen.
    for _ in 0..<200 {
      try await db.write { try $0.execute("INSERT INTO a DEFAULT VALUES") }
    }
    await fast.wait { $0.last == 200 }
    // Its one waiting value is the newest state once the last fetch ran.
    var seen = try await slow.next()
    while seen != 200 {
      let next = try await slow.next()
      XCTAssertGreaterThan(next ?? 0, seen ?? 0)
      seen = next
    }
    XCTAssertEqual(seen, 200)
    await fast.cancel()
  }

  func testWritesByAnotherProcessAreSeen() async throws {
    let path = temporaryPath()
    let db = try Database(path: path)
    try await db.write { db in
      // The table the quarry-stress inserter writes (same definition as its schema).
      try db.execute(
        #"CREATE TABLE IF NOT EXISTS "items" ("id" INTEGER PRIMARY KEY, "worker" INTEGER NOT NULL, "#
          + #""n" INTEGER NOT NULL)"#)
      try db.execute("CREATE TABLE local (id INTEGER PRIMARY KEY)")
    }
    let items = ObservationCollector(db.observe { try Self.count("items", $0) })
    let localReads = Counter()
    let local = ObservationCollector(
      db.observe { db -> (Int, Int) in
        localReads.increment()
        return (try Self.count("local", db), 0)
      })
    await items.wait { $0 == [0] }
    await local.wait { $0.count == 1 }
    // Writes of this process to another table cause no poll-driven fetch for `local`.
    for _ in 0..<5 {
      try await db.write { try $0.execute(#"INSERT INTO "items" ("worker", "n") VALUES (0, 0)"#) }
      try await Task.sleep(nanoseconds: 30_000_000)
    }
    await items.wait { $0.last == 5 }
    let child = try StressProcess(["inserter", path, "1", "20"])
    XCTAssertEqual(child.wait(), 0, child.standardError)
    await items.wait { $0.last == 25 }
    await local.wait { $0.count == 2 }  // another process wrote: unknown tables, one fetch
    XCTAssertEqual(local.values.map(\.0), [0, 0])
    await items.cancel()
    await local.cancel()
    XCTAssertEqual(db.observerCount, 0)
  }

  func testWritesByTheSQLiteShellAreSeen() async throws {
    let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let shell else { throw XCTSkip("the sqlite3 shell is not installed") }
    let path = temporaryPath()
    let db = try Database(path: path)
    try await db.write { try $0.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)") }
    let texts = ObservationCollector(
      db.observe {
        try $0.fetchValue(String.self, sql: "SELECT COALESCE(group_concat(text), '') FROM notes")
      })
    await texts.wait { $0 == [""] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = [path, "INSERT INTO notes (text) VALUES ('from the shell')"]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    await texts.wait { $0.last == "from the shell" }
    await texts.cancel()
  }
}
