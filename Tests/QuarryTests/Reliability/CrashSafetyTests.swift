import Foundation
import Quarry
import XCTest

/// A writer process is SIGKILLed at random moments; after each kill the database must be
/// intact, hold every transaction the writer reported committed, and no part of any other.
///
/// 25 kills by default; `QUARRY_LONG=1` makes it 100. The seed is printed, so a failing run
/// can be repeated with `QUARRY_CRASH_SEED=<seed>`.
final class CrashSafetyTests: XCTestCase {
  /// Rows per transaction in `quarry-stress crash-writer`.
  private let batchSize = 5

  func testCommittedTransactionsSurviveSIGKILL() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["QUARRY_CRASH_SEED"].flatMap(UInt64.init) ?? 20_261_201
    var random = SplitMix(seed: seed)
    let kills = isLongRun ? 100 : 25
    let path = try temporaryFolder(for: self).appendingPathComponent("crash.sqlite").path
    // The helper creates the same table; made here so a kill before that still leaves one.
    try Database(path: path).write { db in
      try db.execute(
        #"CREATE TABLE "batches" ("batch" INTEGER NOT NULL, "seq" INTEGER NOT NULL, "#
          + #""payload" TEXT NOT NULL, PRIMARY KEY ("batch", "seq"))"#)
    }
    var reported = Set<Int>()
    var nextBatch = 0
    var killsAfterCommits = 0
    for kill in 1...kills {
      let writer = try StressProcess(["crash-writer", path, "\(nextBatch)"])
      // One kill in four at a random moment from the start (opening, creating the table);
      // the others mid-write: once the writer reported its first commit, however long the
      // start took on a loaded machine.
      if kill % 4 != 0 { writer.waitForOutput(timeout: 30) }
      Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.05, using: &random))
      writer.kill()
      let printed = writer.outputLines.compactMap { line -> Int? in
        guard line.hasPrefix("committed ") else { return nil }
        return Int(line.dropFirst("committed ".count))
      }
      XCTAssertEqual(writer.standardError, "", "seed \(seed), kill \(kill)")
      if !printed.isEmpty { killsAfterCommits += 1 }
      reported.formUnion(printed)

      let db = try Database(path: path)
      let (integrity, batches, partial) = try db.read { db in
        (
          try db.fetchValue(String.self, sql: "PRAGMA integrity_check"),
          try db.fetchValue(
            Int.self, sql: #"SELECT count(DISTINCT "batch") FROM "batches""#) ?? 0,
          try db.fetchValue(
            Int.self,
            sql: #"SELECT count(*) FROM (SELECT "batch" FROM "batches" GROUP BY "batch" "#
              + #"HAVING count(*) != ?)"#, arguments: [batchSize]) ?? -1
        )
      }
      XCTAssertEqual(integrity, "ok", "seed \(seed), kill \(kill)")
      XCTAssertEqual(partial, 0, "a transaction is partly there; seed \(seed), kill \(kill)")
      let missing = try db.read { db in
        try reported.filter { batch in
          try db.fetchValue(
            Int.self, sql: #"SELECT count(*) FROM "batches" WHERE "batch" = ?"#,
            arguments: [batch]) != batchSize
        }
      }
      XCTAssertEqual(missing, [], "reported committed but missing; seed \(seed), kill \(kill)")
      XCTAssertGreaterThanOrEqual(batches, reported.count)
      nextBatch =
        try db.read {
          try $0.fetchValue(Int.self, sql: #"SELECT coalesce(max("batch") + 1, 0) FROM "batches""#)
        } ?? 0
    }
    // The kills landed mid-write, not only before the first commit.
    XCTAssertGreaterThanOrEqual(killsAfterCommits, kills / 2, "seed \(seed)")
    print("crash safety: \(kills) SIGKILLs survived, \(reported.count) reported transactions kept")
  }
}
