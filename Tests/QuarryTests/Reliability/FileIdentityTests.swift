import CSQLite
import Foundation
import XCTest

@testable import Quarry

/// Issue 20: the `-wal` and `-shm` files deleted while a database is open (every later write
/// said ok, and after exit the table and its rows were gone), and the database file replaced
/// under an open `Database` (a restore whose rows were then lost). Both are now an error at the
/// next `read` or `write`. The files are changed by other processes (`rm`, `mv`), as a user or
/// a backup tool would.
final class FileIdentityTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try temporaryFolder(for: self)
  }

  /// Runs `tool arguments…` as another process and waits for it.
  private func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
  }

  /// A new database at `name` holding table `items` with `rows` rows, still open.
  private func database(_ name: String, rows: Int) throws -> (Database, String) {
    let path = folder.appendingPathComponent(name).path
    let db = try Database(path: path)
    try db.write { db in
      try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL)"#)
      for id in 0..<rows {
        try db.execute(
          #"INSERT INTO "items" ("id", "text") VALUES (?, 'row')"#, arguments: [id])
      }
    }
    return (db, path)
  }

  private func count(_ path: String) throws -> Int? {
    try Database(path: path).read {
      try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#)
    }
  }

  func testDeletedWALFilesAreAnErrorAndTheCommittedRowsSurvive() throws {
    let (db, path) = try database("birds.sqlite", rows: 300)
    XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
    try run("/bin/rm", ["-f", path + "-wal", path + "-shm"])

    XCTAssertThrowsError(
      try db.write { try $0.execute(#"INSERT INTO "items" ("id", "text") VALUES (300, 'x')"#) }
    ) { error in
      XCTAssertEqual(
        error as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path + "-wal", change: .deleted, committedChangesWereSaved: true))
      XCTAssertEqual(
        "\(error)",
        "the file '\(path)-wal' was deleted while the database was open; the changes committed "
          + "so far were copied into '\(path)'; nothing more is read or written: open a new "
          + "Database on '\(path)'")
    }
    // Reads are refused too, and keep being refused: the Database never says ok again.
    XCTAssertThrowsError(try db.read { try $0.fetchValue(Int.self, sql: "SELECT 1") }) {
      XCTAssertEqual(($0 as? DatabaseFileChangedError)?.change, .deleted)
    }
    XCTAssertThrowsError(try db.write { try $0.execute("SELECT 1") })
    // The 300 committed rows were in the deleted WAL: the checkpoint put them in the file.
    XCTAssertEqual(try count(path), 300)
  }

  func testADeletedSHMAloneIsAnError() throws {
    let (db, path) = try database("birds.sqlite", rows: 10)
    try run("/bin/rm", [path + "-shm"])
    XCTAssertThrowsError(try db.read { try $0.fetchValue(Int.self, sql: "SELECT 1") }) {
      XCTAssertEqual(
        $0 as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path + "-shm", change: .deleted, committedChangesWereSaved: false))
    }
  }

  func testADatabaseFileReplacedByARestoreIsAnErrorAndTheRestoredRowsStay() throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    let reader = try Database(path: path, readOnly: true)
    XCTAssertEqual(try reader.read { try $0.fetchValue(Int.self, sql: "SELECT 1") }, 1)
    // The backup: another database with 5 rows, closed, moved over the open one.
    let backupPath = try {
      let (backup, backupPath) = try database("backup.sqlite", rows: 5)
      _ = backup
      return backupPath
    }()
    try run("/bin/mv", [backupPath, path])

    XCTAssertThrowsError(
      try db.write { try $0.execute(#"INSERT INTO "items" ("id", "text") VALUES (9, 'x')"#) }
    ) { error in
      XCTAssertEqual(
        error as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path, change: .replaced, committedChangesWereSaved: false))
      XCTAssertEqual(
        "\(error)",
        "the file '\(path)' was replaced while the database was open; this Database still has "
          + "the old file, so nothing more is read or written: open a new Database on "
          + "'\(path)' to use the file now there")
    }
    XCTAssertThrowsError(try db.read { try $0.fetchValue(Int.self, sql: "SELECT 1") })
    XCTAssertThrowsError(try reader.read { try $0.fetchValue(Int.self, sql: "SELECT 1") }) {
      XCTAssertEqual(($0 as? DatabaseFileChangedError)?.change, .replaced)
    }
    // The old WAL no longer hides the restored rows, now or once the old Database is gone.
    XCTAssertEqual(try count(path), 5)
    let fresh = try Database(path: path)
    try fresh.write { try $0.execute(#"INSERT INTO "items" ("id", "text") VALUES (5, 'new')"#) }
    _ = consume db
    _ = consume reader
    XCTAssertEqual(
      try fresh.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }, 6)
    XCTAssertEqual(try count(path), 6)
  }

  func testADatabaseFileDeletedWhileOpenIsAnError() throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    try run("/bin/rm", [path])
    XCTAssertThrowsError(try db.write { try $0.execute("SELECT 1") }) {
      XCTAssertEqual(
        $0 as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path, change: .deleted, committedChangesWereSaved: false))
    }
  }

  /// Moves a closed 5-row database over `path`, as a restore from a backup does.
  private func restore(over path: String) throws {
    let backupPath = try {
      let (backup, backupPath) = try database("restored.sqlite", rows: 5)
      _ = backup
      return backupPath
    }()
    try run("/bin/mv", [backupPath, path])
  }

  func testABackupOfAReplacedOrDeletedFileIsAnErrorAndWritesNothing() throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    let copy = folder.appendingPathComponent("copy.sqlite").path
    try restore(over: path)
    XCTAssertThrowsError(try db.backup(to: copy)) {
      XCTAssertEqual(
        $0 as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path, change: .replaced, committedChangesWereSaved: false))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
    let memory = try Database.inMemory()
    XCTAssertThrowsError(try db.backup(to: memory)) {
      XCTAssertEqual(($0 as? DatabaseFileChangedError)?.change, .replaced)
    }
    XCTAssertEqual(
      try memory.read { try $0.fetchValue(Int.self, sql: "SELECT count(*) FROM sqlite_schema") },
      0)

    // Into a Database whose file was deleted: the copy would go to a file nobody can open.
    let (target, targetPath) = try database("target.sqlite", rows: 1)
    try run("/bin/rm", [targetPath])
    XCTAssertThrowsError(try memory.backup(to: target)) {
      XCTAssertEqual(
        $0 as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: targetPath, file: targetPath, change: .deleted, committedChangesWereSaved: false))
    }
  }

  func testVacuumIntoAfterTheWALWasDeletedIsAnErrorAndWritesNothing() throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    let copy = folder.appendingPathComponent("compact.sqlite").path
    try run("/bin/rm", ["-f", path + "-wal", path + "-shm"])
    XCTAssertThrowsError(try db.vacuum(into: copy)) {
      XCTAssertEqual(
        $0 as? DatabaseFileChangedError,
        DatabaseFileChangedError(
          path: path, file: path + "-wal", change: .deleted, committedChangesWereSaved: false))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
  }

  func testObservationsEndWithTheErrorWhenTheFileIsReplaced() async throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    let counts = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) })
    await counts.wait { $0 == [3] }
    try restore(over: path)
    // Nobody writes through `db` again: only its poller can notice. A bound only a hang
    // reaches (the poll interval is 0.1 s).
    let deadline = Date().addingTimeInterval(30)
    while !counts.hasEnded, Date() < deadline {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    XCTAssertTrue(counts.hasEnded, "the observation went on watching the replaced file")
    XCTAssertEqual(
      counts.error as? DatabaseFileChangedError,
      DatabaseFileChangedError(
        path: path, file: path, change: .replaced, committedChangesWereSaved: false))
    XCTAssertEqual(counts.values, [3])
    await counts.cancel()
    XCTAssertEqual(db.observerCount, 0)
  }

  /// What SQLite itself does to the files (checkpoints, other connections closing, a WAL
  /// truncated) keeps their identity: no false alarm.
  func testCheckpointsAndOtherConnectionsClosingAreNotAChange() throws {
    let (db, path) = try database("birds.sqlite", rows: 3)
    for _ in 0..<3 {
      let other = try Database(path: path)
      try other.write {
        try $0.execute(#"INSERT INTO "items" ("text") VALUES ('other')"#)
      }
      _ = try other.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }
    }
    // A checkpoint that empties the WAL, from a raw connection that then closes.
    var raw: OpaquePointer?
    XCTAssertEqual(sqlite3_open(path, &raw), SQLITE_OK)
    XCTAssertEqual(sqlite3_exec(raw, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil), SQLITE_OK)
    sqlite3_close(raw)
    try db.write { try $0.execute(#"INSERT INTO "items" ("text") VALUES ('again')"#) }
    let rows = try db.read { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) }
    XCTAssertEqual(rows, 7)
  }
}
