import Foundation
import Quarry
import XCTest

/// Several processes opening and writing one new database file at once.
final class MultiProcessTests: XCTestCase {
  /// 4 processes × 2,000 inserts into a new file, started together, with a reader process
  /// checking that it never sees half a transaction (each insert also bumps a ledger total).
  func testFourProcessesInsertIntoOneNewFile() throws {
    let path = try temporaryFolder(for: self).appendingPathComponent("shared.sqlite").path
    let inserters = try (1...4).map { try StressProcess(["inserter", path, "\($0)", "2000"]) }
    let reader = try StressProcess(["reader", path, "2000"])
    for (index, inserter) in inserters.enumerated() {
      XCTAssertEqual(inserter.wait(), 0, inserter.standardError)
      XCTAssertEqual(inserter.outputLines, ["done \(index + 1)"])
    }
    XCTAssertEqual(reader.wait(), 0, reader.standardError)
    XCTAssertEqual(reader.outputLines, ["consistent 2000"])

    let db = try Database(path: path)
    let (rows, total, perWorker) = try db.read { db in
      (
        try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#),
        try db.fetchValue(Int.self, sql: #"SELECT "total" FROM "ledger""#),
        try db.fetchValue(
          String.self,
          sql: #"SELECT group_concat("c") FROM (SELECT count(*) AS "c" FROM "items" "#
            + #"GROUP BY "worker" ORDER BY "worker")"#)
      )
    }
    XCTAssertEqual(rows, 8000)
    XCTAssertEqual(total, 8000)
    XCTAssertEqual(perWorker, "2000,2000,2000,2000")
  }

  /// Issue 15 #1: a second process opening a file that is not yet in WAL mode got "database is
  /// locked" from `PRAGMA journal_mode = WAL` within a millisecond, ignoring the busy timeout.
  /// Ten rounds of four processes racing to create one file: every open must succeed.
  func testProcessesCreatingOneFileAtOnceAllOpen() throws {
    let folder = try temporaryFolder(for: self)
    for round in 1...10 {
      let path = folder.appendingPathComponent("race-\(round).sqlite").path
      let inserters = try (1...4).map { try StressProcess(["inserter", path, "\($0)", "5"]) }
      for inserter in inserters {
        XCTAssertEqual(inserter.wait(), 0, "round \(round): \(inserter.standardError)")
      }
      let db = try Database(path: path)
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 20)
      XCTAssertEqual(
        try db.read { try $0.fetchValue(String.self, sql: "PRAGMA journal_mode") }, "wal")
    }
  }
}
