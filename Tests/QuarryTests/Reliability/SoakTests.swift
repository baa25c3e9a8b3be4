import Foundation
import Quarry
import XCTest

/// 16 tasks of mixed reads, writes, upserts and deletes on one database file, for a fixed
/// number of operations, with the invariants checked by every read: a counter that never goes
/// back and always equals its log, balances whose sum never changes, an item count that always
/// matches the items.
///
/// 16 × 150 operations by default; `QUARRY_LONG=1` makes it 16 × 3,000.
final class SoakTests: XCTestCase {
  private static let total = 10_000

  private enum Operation: CaseIterable {
    case increment, transfer, upsert, delete, read
  }

  /// What one task did, for the final checks.
  private struct Tally: Sendable {
    var increments = 0
    var reads = 0
    var operations = 0
  }

  private static func check(_ db: ReadTransaction, lastCounter: inout Int) throws {
    let counter = try db.fetchValue(Int.self, sql: #"SELECT "n" FROM "counter""#) ?? -1
    let logged = try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "log""#) ?? -1
    let sum = try db.fetchValue(Int.self, sql: #"SELECT sum("balance") FROM "accounts""#) ?? -1
    let items = try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) ?? -1
    let itemCount = try db.fetchValue(Int.self, sql: #"SELECT "n" FROM "item_count""#) ?? -1
    XCTAssertGreaterThanOrEqual(counter, lastCounter, "the counter went back")
    XCTAssertEqual(counter, logged, "counter and log disagree")
    XCTAssertEqual(sum, total, "money appeared or vanished")
    XCTAssertEqual(items, itemCount, "item count and items disagree")
    lastCounter = counter
  }

  func testSixteenTasksOfMixedOperationsKeepEveryInvariant() async throws {
    let path = try temporaryFolder(for: self).appendingPathComponent("soak.sqlite").path
    let db = try Database(path: path)
    try await db.write { db in
      try db.execute(#"CREATE TABLE "counter" ("n" INTEGER NOT NULL)"#)
      try db.execute(#"INSERT INTO "counter" VALUES (0)"#)
      try db.execute(#"CREATE TABLE "log" ("n" INTEGER PRIMARY KEY)"#)
      try db.execute(#"CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "balance" INTEGER)"#)
      for id in 0..<10 {
        try db.execute(#"INSERT INTO "accounts" VALUES (?, 1000)"#, arguments: [id])
      }
      try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "value" TEXT NOT NULL)"#)
      try db.execute(#"CREATE TABLE "item_count" ("n" INTEGER NOT NULL)"#)
      try db.execute(#"INSERT INTO "item_count" VALUES (0)"#)
    }
    let operationsPerTask = isLongRun ? 3_000 : 150
    let tallies = try await withThrowingTaskGroup(of: Tally.self) { group in
      for task in 0..<16 {
        group.addTask {
          var random = SplitMix(seed: 1_500 + UInt64(task))
          var tally = Tally()
          var lastCounter = 0
          for _ in 0..<operationsPerTask {
            tally.operations += 1
            switch Operation.allCases[Int.random(in: 0..<5, using: &random)] {
            case .increment:
              try await db.write { db in
                try db.execute(#"UPDATE "counter" SET "n" = "n" + 1"#)
                try db.execute(#"INSERT INTO "log" SELECT "n" FROM "counter""#)
              }
              tally.increments += 1
            case .transfer:
              let from = Int.random(in: 0..<10, using: &random)
              let to = Int.random(in: 0..<10, using: &random)
              let amount = Int.random(in: 1...50, using: &random)
              try await db.write { db in
                try db.execute(
                  #"UPDATE "accounts" SET "balance" = "balance" - ? WHERE "id" = ?"#,
                  arguments: [amount, from])
                try db.execute(
                  #"UPDATE "accounts" SET "balance" = "balance" + ? WHERE "id" = ?"#,
                  arguments: [amount, to])
              }
            case .upsert:
              let id = Int.random(in: 0..<40, using: &random)
              try await db.write { db in
                let exists =
                  try db.fetchValue(
                    Int.self, sql: #"SELECT count(*) FROM "items" WHERE "id" = ?"#,
                    arguments: [id]) == 1
                try db.execute(
                  #"INSERT INTO "items" VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "#
                    + #""value" = excluded."value""#, arguments: [id, "task \(task)"])
                if !exists { try db.execute(#"UPDATE "item_count" SET "n" = "n" + 1"#) }
              }
            case .delete:
              let id = Int.random(in: 0..<40, using: &random)
              try await db.write { db in
                try db.execute(#"DELETE FROM "items" WHERE "id" = ?"#, arguments: [id])
                let deleted =
                  try db.fetchValue(Int.self, sql: "SELECT changes()") ?? 0
                try db.execute(
                  #"UPDATE "item_count" SET "n" = "n" - ?"#, arguments: [deleted])
              }
            case .read:
              let seen = lastCounter
              lastCounter = try await db.read { db in
                var last = seen
                try Self.check(db, lastCounter: &last)
                return last
              }
              tally.reads += 1
            }
          }
          return tally
        }
      }
      var all: [Tally] = []
      for try await tally in group { all.append(tally) }
      return all
    }
    let last = try await db.read { db in
      var last = 0
      try Self.check(db, lastCounter: &last)
      return last
    }
    let increments = tallies.map(\.increments).reduce(0, +)
    XCTAssertEqual(last, increments, "an increment was lost")
    XCTAssertEqual(tallies.map(\.operations).reduce(0, +), 16 * operationsPerTask)
    let integrity = try await db.read {
      try $0.fetchValue(String.self, sql: "PRAGMA integrity_check")
    }
    XCTAssertEqual(integrity, "ok")
    print(
      "soak: 16 tasks, \(16 * operationsPerTask) operations, \(increments) increments, "
        + "\(tallies.map(\.reads).reduce(0, +)) checked reads")
  }
}
