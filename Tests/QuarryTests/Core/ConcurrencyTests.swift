import Foundation
import XCTest

@testable import Quarry

/// Writers and readers at once on both engines: a SQLite file in WAL mode (an in-memory
/// database has one connection), a PostgreSQL database with its writer and reader pool.
final class ConcurrencyTests: DatabaseTestCase {
  private var fileDB: Database!

  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    fileDB = engine == .sqlite ? try Database(path: temporaryDatabasePath()) : db
    try fileDB.write { db in
      try db.execute(
        #"CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "balance" INTEGER NOT NULL)"#)
      try db.execute(#"INSERT INTO "accounts" VALUES (1, 1000), (2, 0)"#)
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    if let fileDB { XCTAssertFalse(fileDB.hasBusyStatements) }
    fileDB = nil
    try super.tearDownEngine(engine)
  }

  /// The balance of account `id` as the engine itself reads it.
  private func rawBalance(_ id: Int) throws -> DatabaseValue {
    try rawValue(#"SELECT "balance" FROM "accounts" WHERE "id" = \#(id)"#, in: fileDB)
  }

  private static func balance(_ id: Int, in db: ReadTransaction) throws -> Int {
    try db.fetchValue(
      Int.self, sql: #"SELECT "balance" FROM "accounts" WHERE "id" = ?"#, arguments: [id]) ?? -1
  }

  func testConcurrentReadModifyWritesLoseNoUpdate() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(fileDB)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<20 {
          group.addTask {
            for _ in 0..<25 {
              try await db.write { db in
                // Read, then write from what was read: a lost update would show in the total.
                let balance = try Self.balance(2, in: db)
                try db.execute(
                  #"UPDATE "accounts" SET "balance" = ? WHERE "id" = 2"#, arguments: [balance + 1])
              }
            }
          }
        }
        try await group.waitForAll()
      }
      let final = try await db.read { try Self.balance(2, in: $0) }
      XCTAssertEqual(final, 500)
      XCTAssertEqual(try rawBalance(2), .integer(500))
    }
  }

  func testEachReadSeesOneSnapshotWhileWritersMoveMoney() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(fileDB)
      let totals = try await withThrowingTaskGroup(of: [Int].self) { group in
        for _ in 0..<4 {
          group.addTask {
            for _ in 0..<50 {
              try await db.write { db in
                try db.execute(#"UPDATE "accounts" SET "balance" = "balance" - 1 WHERE "id" = 1"#)
                try db.execute(#"UPDATE "accounts" SET "balance" = "balance" + 1 WHERE "id" = 2"#)
              }
            }
            return []
          }
        }
        for _ in 0..<8 {
          group.addTask {
            var seen: [Int] = []
            for _ in 0..<50 {
              let total = try await db.read { db in
                let first = try Self.balance(1, in: db)
                let second = try Self.balance(2, in: db)
                return first + second
              }
              seen.append(total)
            }
            return seen
          }
        }
        var all: [Int] = []
        for try await totals in group { all += totals }
        return all
      }
      XCTAssertEqual(totals.count, 400)
      XCTAssertEqual(Set(totals), [1000])
    }
  }

  func testReadsDoNotWaitForAnOpenWriteTransaction() {
    forEachEngine { _ in
      let db = try XCTUnwrap(fileDB)
      let insideWrite = DispatchSemaphore(value: 0)
      let releaseWrite = DispatchSemaphore(value: 0)
      let writerDone = expectation(description: "writer finished")
      DispatchQueue.global().async {
        _ = try? db.write { db in
          try db.execute(#"UPDATE "accounts" SET "balance" = 0 WHERE "id" = 1"#)
          insideWrite.signal()
          releaseWrite.wait()
        }
        writerDone.fulfill()
      }
      insideWrite.wait()

      // The writer holds its transaction open; the reader sees the last commit (SQLite in WAL
      // mode, PostgreSQL's snapshot).
      let balance = try db.read { try Self.balance(1, in: $0) }
      releaseWrite.signal()

      XCTAssertEqual(balance, 1000)
      wait(for: [writerDone], timeout: 10)
      XCTAssertEqual(try db.read { try Self.balance(1, in: $0) }, 0)
      XCTAssertEqual(try rawBalance(1), .integer(0))
    }
  }

  func testReadConnectionsAreReadOnly() {
    forEachEngine { engine in
      XCTAssertThrowsError(
        try fileDB.read { db in
          try db.fetchValue(Int.self, sql: #"DELETE FROM "accounts" RETURNING 1"#)
        }
      ) { error in
        switch engine {
        case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, 8)
        // read_only_sql_transaction: reads run in READ ONLY transactions.
        case .postgres: XCTAssertEqual((error as? PostgresError)?.sqlState, "25006", "\(error)")
        }
      }
      XCTAssertEqual(try rawValue(#"SELECT count(*) FROM "accounts""#, in: fileDB), .integer(2))
    }
  }
}
