import CSQLite
import Foundation
import Quarry
import XCTest

/// Issue 20: open errors said only "unable to open database file". Each now names the path and
/// the cause; a path is a path even when it looks like a URI.
final class OpenFailureTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try temporaryFolder(for: self)
  }

  /// The error `open` throws, as an `SQLiteError`.
  private func openError(
    _ open: () throws -> Database, file: StaticString = #filePath, line: UInt = #line
  ) -> SQLiteError? {
    do {
      _ = try open()
      XCTFail("the database opened", file: file, line: line)
      return nil
    } catch {
      XCTAssertTrue(error is SQLiteError, "\(error)", file: file, line: line)
      return error as? SQLiteError
    }
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

  /// A tmpfs mounted in the test's folder (root only), unmounted at teardown.
  private func mountTmpfs() throws -> URL {
    let point = folder.appendingPathComponent("mnt")
    try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
    guard getuid() == 0,
      Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", point.path])
    else {
      throw XCTSkip("mount -t tmpfs is not allowed here (needs root): medium not simulated")
    }
    addTeardownBlock { Self.run("/bin/umount", [point.path]) }
    return point
  }

  func testADirectoryIsNamed() {
    let error = openError { try Database(path: folder.path) }
    XCTAssertEqual(error?.code, SQLITE_CANTOPEN)
    XCTAssertEqual(
      error?.description,
      "SQLite error 14: cannot open '\(folder.path)': it is a directory, not a database file")
  }

  func testAMissingFolderIsNamed() {
    let path = folder.appendingPathComponent("missing/birds.sqlite").path
    let error = openError { try Database(path: path) }
    XCTAssertEqual(error?.code, SQLITE_CANTOPEN)
    XCTAssertEqual(
      error?.message,
      "cannot open '\(path)': the folder '\(folder.path)/missing' does not exist")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
  }

  func testANameTooLongIsNamed() {
    let name = String(repeating: "b", count: 300) + ".sqlite"
    let path = folder.appendingPathComponent(name).path
    let error = openError { try Database(path: path) }
    XCTAssertEqual(error?.code, SQLITE_CANTOPEN)
    XCTAssertEqual(
      error?.message,
      "cannot open '\(path)': the file name 'bbbbbbbbbbbbbbbb…' is 307 bytes long, more than "
        + "the 255 a file system allows")
  }

  func testAMissingFileOpenedReadOnlyIsNamed() {
    let path = folder.appendingPathComponent("absent.sqlite").path
    let error = openError { try Database(path: path, readOnly: true) }
    XCTAssertEqual(error?.code, SQLITE_CANTOPEN)
    XCTAssertEqual(
      error?.message,
      "cannot open '\(path)': the file does not exist (a read-only open does not create it)")
  }

  func testAFileOnAReadOnlyMediumIsAnErrorAtOpenNotAtTheFirstWrite() throws {
    let point = try mountTmpfs()
    let path = point.appendingPathComponent("birds.sqlite").path
    do {
      let db = try Database(path: path)
      try db.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    }
    XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", point.path]), "remount ro")
    defer { Self.run("/bin/mount", ["-o", "remount,rw", point.path]) }

    let error = openError { try Database(path: path) }
    XCTAssertEqual(error?.code, SQLITE_READONLY)
    XCTAssertEqual(
      error?.message,
      "cannot open '\(path)' for writing: the file system is read-only; pass 'readOnly: true' "
        + "to read it")
    let newPath = point.appendingPathComponent("new.sqlite").path
    XCTAssertEqual(
      openError { try Database(path: newPath) }?.message,
      "cannot open '\(newPath)': the file does not exist, and the file system is read-only")
  }

  func testAReadOnlyWALDatabaseWithoutItsSHMIsNamed() throws {
    let point = try mountTmpfs()
    let path = point.appendingPathComponent("wal.sqlite").path
    do {
      let db = try Database(path: path)
      try db.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    }
    // Closed cleanly: the header still says WAL, and -wal and -shm are gone.
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"))
    XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", point.path]), "remount ro")
    defer { Self.run("/bin/mount", ["-o", "remount,rw", point.path]) }

    let error = openError { try Database(path: path, readOnly: true) }
    XCTAssertEqual(error?.code, SQLITE_CANTOPEN)
    XCTAssertEqual(
      error?.message,
      "cannot open '\(path)': the database is in WAL mode and its '-shm' file is missing, "
        + "which a read-only open cannot create here; open it read-write once where it can be "
        + "written (which folds the WAL into the file), or copy it with its '-wal' to a "
        + "writable folder")
  }

  func testAPathThatLooksLikeAURIIsAFileOfThatName() throws {
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    do {
      let db = try Database(path: "file:has?query.db")
      try db.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    XCTAssertEqual(names, ["file:has?query.db"])
  }

  func testAURIIsOpenedAsOneWhenAskedFor() throws {
    let path = folder.appendingPathComponent("uri.sqlite").path
    do {
      let db = try Database(uri: "file:\(path)?mode=rwc")
      try db.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    let readOnly = try Database(uri: "file:\(path)?mode=ro", readOnly: true)
    XCTAssertEqual(
      try readOnly.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "birds""#) }, 0)
    // A shared in-memory URI is private to its connection, as ":memory:" is.
    let memory = try Database(uri: "file:birds?mode=memory&cache=shared")
    try memory.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    XCTAssertEqual(
      try memory.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "birds""#) }, 0)
  }
}
