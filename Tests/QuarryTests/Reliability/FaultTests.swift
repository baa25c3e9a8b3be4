import CSQLite
import Foundation
import Quarry
import XCTest

/// Bad files and a hostile environment: each a clear error, no crash, and the file as it was.
final class FaultTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try temporaryFolder(for: self)
  }

  /// A database file holding `rows` rows of 200 bytes in table `items`, closed.
  private func makeDatabase(_ name: String, rows: Int) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Self.fill(path, rows: rows)
    return path
  }

  private static func fill(_ path: String, rows: Int) throws {
    try write(path, rows: rows)
    // The last connection closed has folded the WAL back into the file, which alone now holds
    // the data.
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
  }

  private static func write(_ path: String, rows: Int) throws {
    let db = try Database(path: path)
    try db.write { db in
      try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL)"#)
      for id in 0..<rows {
        try db.execute(
          #"INSERT INTO "items" VALUES (?, ?)"#,
          arguments: [id, String(repeating: "x", count: 200)])
      }
    }
  }

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Opens and reads everything; returns the error, or nil when all went well.
  private func openAndReadAll(_ path: String) -> Error? {
    do {
      let db = try Database(path: path)
      _ = try db.read {
        try $0.fetchValue(Int.self, sql: #"SELECT sum(length("text")) FROM "items""#)
      }
      return nil
    } catch {
      return error
    }
  }

  func testNotADatabaseIsAClearErrorAndTheFileIsUntouched() throws {
    let path = folder.appendingPathComponent("notes.txt").path
    let text = Data(String(repeating: "Dear diary, this is not SQLite.\n", count: 200).utf8)
    try text.write(to: URL(fileURLWithPath: path))
    let error = try XCTUnwrap(openAndReadAll(path))
    XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_NOTADB, "\(error)")
    XCTAssertTrue("\(error)".contains("file is not a database"), "\(error)")
    XCTAssertEqual(try bytes(path), text)
  }

  func testATruncatedDatabaseIsAClearError() throws {
    let path = try makeDatabase("truncated.sqlite", rows: 500)
    let full = try bytes(path)
    let truncated = full.prefix(full.count / 3)
    try truncated.write(to: URL(fileURLWithPath: path))
    let error = try XCTUnwrap(openAndReadAll(path))
    XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_CORRUPT, "\(error)")
    XCTAssertTrue("\(error)".contains("malformed"), "\(error)")
    XCTAssertEqual(try bytes(path), truncated)
  }

  func testACorruptedDatabaseIsAClearError() throws {
    let path = try makeDatabase("corrupted.sqlite", rows: 500)
    var damaged = try bytes(path)
    // Page 2 onwards: the table's b-tree pages, overwritten with noise.
    let pageSize = 4096
    for offset in pageSize..<min(damaged.count, pageSize * 8) {
      damaged[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ 7)
    }
    try damaged.write(to: URL(fileURLWithPath: path))
    let error = try XCTUnwrap(openAndReadAll(path))
    XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_CORRUPT, "\(error)")
    let db = try Database(path: path)
    XCTAssertNotEqual(
      try db.read { try $0.fetchValue(String.self, sql: "PRAGMA integrity_check") }, "ok")
    XCTAssertEqual(try bytes(path), damaged)
  }

  func testAWriteLockedPastTheBusyTimeoutIsAClearErrorAndLosesNothing() throws {
    let path = try makeDatabase("locked.sqlite", rows: 3)
    let holder = try Database(path: path)
    var configuration = Database.Configuration()
    configuration.busyTimeout = 0.2
    let db = try Database(path: path, configuration: configuration)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let thread = Thread {
      try? holder.write { db in
        try db.execute(#"INSERT INTO "items" VALUES (100, 'held')"#)
        entered.signal()
        release.wait()
      }
    }
    thread.start()
    entered.wait()
    XCTAssertThrowsError(
      try db.write { try $0.execute(#"INSERT INTO "items" VALUES (101, 'late')"#) }
    ) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_BUSY, "\(error)")
      XCTAssertTrue("\(error)".contains("database is locked"), "\(error)")
    }
    // Readers are not blocked by the writer in WAL mode.
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 3)
    release.signal()
    try db.write { try $0.execute(#"INSERT INTO "items" VALUES (101, 'late')"#) }
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 5)
  }

  // MARK: Faults that need a mount (root); skipped with a message otherwise

  /// Mounts a tmpfs of `size` at a new folder, or skips the test.
  private func mountTmpfs(size: String) throws -> URL {
    let point = folder.appendingPathComponent("mnt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
    guard getuid() == 0,
      Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", point.path])
    else {
      throw XCTSkip("mount -t tmpfs is not allowed here (needs root): fault not simulated")
    }
    addTeardownBlock { _ = Self.run("/bin/umount", [point.path]) }
    return point
  }

  @discardableResult
  private static func run(_ tool: String, _ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  func testAFullDiskIsAClearErrorAndKeepsEveryCommittedRow() throws {
    let point = try mountTmpfs(size: "512k")
    let path = point.appendingPathComponent("full.sqlite").path
    // Room to give back once the disk is full.
    let filler = point.appendingPathComponent("filler")
    try Data(count: 128 * 1024).write(to: filler)
    let db = try Database(path: path)
    try db.write {
      try $0.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "text" TEXT)"#)
    }
    var committed = 0
    var failure: Error?
    while failure == nil && committed < 10_000 {
      do {
        try db.write { db in
          for _ in 0..<10 {
            try db.execute(
              #"INSERT INTO "items" ("text") VALUES (?)"#,
              arguments: [String(repeating: "y", count: 1000)])
          }
        }
        committed += 10
      } catch {
        failure = error
      }
    }
    let error = try XCTUnwrap(failure, "512 KB never filled up")
    XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_FULL, "\(error)")
    XCTAssertTrue("\(error)".contains("database or disk is full"), "\(error)")
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, committed)
    XCTAssertEqual(
      try db.read { try $0.fetchValue(String.self, sql: "PRAGMA integrity_check") }, "ok")
    // Space freed: writing works again.
    try FileManager.default.removeItem(at: filler)
    try db.write { try $0.execute(#"INSERT INTO "items" ("text") VALUES ('again')"#) }
  }

  func testAReadOnlyFileSystemIsAClearErrorAndTheFileIsIntact() throws {
    let point = try mountTmpfs(size: "4m")
    let path = point.appendingPathComponent("readonly.sqlite").path
    try Self.fill(path, rows: 20)
    let before = try bytes(path)
    XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", point.path]), "remount ro")
    defer { Self.run("/bin/mount", ["-o", "remount,rw", point.path]) }
    // SQLite opens a write-protected file read-only; then the first write is the error.
    do {
      let db = try Database(path: path)
      XCTAssertThrowsError(
        try db.write { try $0.execute(#"INSERT INTO "items" ("text") VALUES ('no')"#) }
      ) { error in
        XCTAssertEqual((error as? SQLiteError)?.code, SQLITE_READONLY, "\(error)")
      }
    } catch {
      let code = (error as? SQLiteError)?.code
      XCTAssertTrue(
        code == SQLITE_READONLY || code == SQLITE_CANTOPEN, "unexpected error: \(error)")
    }
    XCTAssertEqual(try bytes(path), before)
  }
}
