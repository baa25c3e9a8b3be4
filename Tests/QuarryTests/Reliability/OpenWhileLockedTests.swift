import CSQLite
import Foundation
import Quarry
import XCTest

/// Opening a database while another connection holds a lock on it (issue 15 #1).
final class OpenWhileLockedTests: XCTestCase {
  /// A raw connection holding a write lock on a new, not yet WAL, database file.
  // Unchecked: a connection from sqlite3_open is in serialized mode, safe from any thread.
  private final class LockHolder: @unchecked Sendable {
    let handle: OpaquePointer

    init(path: String) throws {
      var handle: OpaquePointer?
      guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
        throw XCTSkip("cannot open \(path)")
      }
      self.handle = handle
      // Its COMMIT waits for the opener's brief shared locks, as any app's connection would.
      sqlite3_busy_timeout(handle, 10_000)
      try run(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY)"#)
      try run("BEGIN IMMEDIATE")
      try run(#"INSERT INTO "items" ("id") VALUES (1)"#)
    }

    func run(_ sql: String) throws {
      let code = sqlite3_exec(handle, sql, nil, nil, nil)
      XCTAssertEqual(code, SQLITE_OK, String(cString: sqlite3_errmsg(handle)))
    }

    deinit { sqlite3_close(handle) }
  }

  /// Before the fix, `PRAGMA journal_mode = WAL` failed with "database is locked" at once,
  /// without waiting for the busy timeout.
  func testOpeningWaitsForAWriteLockToGo() throws {
    let path = try temporaryFolder(for: self).appendingPathComponent("locked.sqlite").path
    let holder = try LockHolder(path: path)
    let released = expectation(description: "lock released")
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
      try? holder.run("COMMIT")
      released.fulfill()
    }
    let db = try Database(path: path)  // waits, within the default 5 s busy timeout
    wait(for: [released], timeout: 10)
    XCTAssertEqual(
      try db.read { try $0.fetchValue(String.self, sql: "PRAGMA journal_mode") }, "wal")
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 1)
  }

  /// Locked past the busy timeout: a clear `SQLITE_BUSY` error, and the file is intact.
  func testALockHeldPastTheBusyTimeoutIsAClearError() throws {
    let path = try temporaryFolder(for: self).appendingPathComponent("locked.sqlite").path
    let holder = try LockHolder(path: path)
    var configuration = Database.Configuration()
    configuration.busyTimeout = 0.2
    XCTAssertThrowsError(try Database(path: path, configuration: configuration)) { error in
      let sqliteError = error as? SQLiteError
      XCTAssertEqual(sqliteError?.code, SQLITE_BUSY)
      XCTAssertEqual(
        "\(error)",
        "SQLite error 5: database is locked - while executing `PRAGMA journal_mode = WAL`")
    }
    try holder.run("COMMIT")
    let db = try Database(path: path)
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 1)
  }
}
