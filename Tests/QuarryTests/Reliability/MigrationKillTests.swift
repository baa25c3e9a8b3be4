import Foundation
import Quarry
import XCTest

/// `quarry-stress migration-victim` runs a generated migration that rebuilds a large table and
/// is SIGKILLed at random moments of it; after each kill the table must be wholly at the old
/// schema or wholly at the new, with every row, and the next `migrate` must succeed.
///
/// 50 kills; the seed is printed, so a failing run can be repeated with
/// `QUARRY_CRASH_SEED=<seed>`. The table is sized so one migration takes about 100-300 ms.
final class MigrationKillTests: XCTestCase {
  private let rowCount = 60_000

  private let oldColumns = "id INTEGER,amount TEXT,label TEXT"
  private let newColumns = "id INTEGER,amount INTEGER,name TEXT,flag INTEGER"
  private let migrationName = "quarry.generated/0002_ledger_rows_amount_to_integer"

  func testAGeneratedMigrationKilledAtRandomMomentsIsWhollyOldOrWhollyNew() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["QUARRY_CRASH_SEED"].flatMap(UInt64.init) ?? 20_261_219
    var random = SplitMix(seed: seed)
    let folder = try temporaryFolder(for: self)
    let pristine = folder.appendingPathComponent("pristine.sqlite").path
    let work = folder.appendingPathComponent("work.sqlite").path
    let seeder = try StressProcess(["migration-seed", pristine, "\(rowCount)"])
    XCTAssertEqual(seeder.wait(), 0, seeder.standardError)

    // One whole migration first, to know how long a kill may wait and still land inside it.
    try copy(pristine, to: work)
    let duration = try migrateToTheEnd(work)
    try checkNewSchema(work, "calibration")
    var (old, new) = (0, 0)
    for kill in 1...50 {
      try copy(pristine, to: work)
      let victim = try StressProcess(["migration-victim", work])
      victim.waitForOutput(timeout: 30)  // "migrating": the database is open
      Thread.sleep(forTimeInterval: Double.random(in: 0...(duration * 1.2), using: &random))
      victim.kill()
      let context = "seed \(seed), kill \(kill)"
      XCTAssertEqual(victim.standardError, "", context)

      let columns = try self.columns(work)
      if columns == oldColumns {
        old += 1
        try checkOldSchema(work, context)
      } else {
        XCTAssertEqual(columns, newColumns, "half a migration; \(context)")
        new += 1
        try checkNewSchema(work, context)
      }
      _ = try migrateToTheEnd(work)
      try checkNewSchema(work, "after the next migrate; \(context)")
    }
    XCTAssertGreaterThan(old, 0, "no kill landed before the migration committed; seed \(seed)")
    print(
      "migration kill: 50 SIGKILLs in a \(Int(duration * 1000)) ms migration of \(rowCount) rows: "
        + "\(old) left the old schema, \(new) the new; every row kept")
  }

  private func copy(_ source: String, to target: String) throws {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: target + suffix)
    }
    try FileManager.default.copyItem(atPath: source, toPath: target)
  }

  /// Runs the victim to its end; returns how long the migration took, in seconds.
  private func migrateToTheEnd(_ path: String) throws -> Double {
    let victim = try StressProcess(["migration-victim", path])
    victim.waitForOutput(timeout: 30)
    let start = Date()
    XCTAssertEqual(victim.wait(), 0, victim.standardError)
    XCTAssertEqual(victim.outputLines, ["migrating", "migrated"])
    return Date().timeIntervalSince(start)
  }

  private func columns(_ path: String) throws -> String? {
    try Database(path: path).read {
      try $0.fetchValue(
        String.self,
        sql: "SELECT group_concat(name || ' ' || type, ',') FROM pragma_table_info('ledger_rows')")
    }
  }

  private func checkOldSchema(_ path: String, _ context: String) throws {
    let db = try Database(path: path)
    let (integrity, exact, total, recorded) = try db.read { db in
      (
        try db.fetchValue(String.self, sql: "PRAGMA integrity_check"),
        try db.fetchValue(
          Int.self,
          sql: "SELECT count(*) FROM ledger_rows WHERE typeof(amount) = 'text' "
            + "AND amount = CAST(id * 7 % 1000 AS TEXT) AND label = 'row' || id"),
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM ledger_rows"),
        try recordedCount(db)
      )
    }
    XCTAssertEqual(integrity, "ok", context)
    XCTAssertEqual(exact, rowCount, context)
    XCTAssertEqual(total, rowCount, context)
    XCTAssertEqual(recorded, 0, "old schema but the migration is recorded; \(context)")
  }

  private func checkNewSchema(_ path: String, _ context: String) throws {
    let db = try Database(path: path)
    let (integrity, exact, total, recorded) = try db.read { db in
      (
        try db.fetchValue(String.self, sql: "PRAGMA integrity_check"),
        try db.fetchValue(
          Int.self,
          sql: "SELECT count(*) FROM ledger_rows WHERE typeof(amount) = 'integer' "
            + "AND amount = id * 7 % 1000 AND name = 'row' || id AND flag = 0"),
        try db.fetchValue(Int.self, sql: "SELECT count(*) FROM ledger_rows"),
        try recordedCount(db)
      )
    }
    XCTAssertEqual(integrity, "ok", context)
    XCTAssertEqual(exact, rowCount, context)
    XCTAssertEqual(total, rowCount, context)
    XCTAssertEqual(recorded, 1, "new schema but the migration is not recorded; \(context)")
    XCTAssertEqual(try columns(path), newColumns, context)
  }

  private func recordedCount(_ db: ReadTransaction) throws -> Int? {
    guard try db.tableExists("quarry_migrations") else { return 0 }
    return try db.fetchValue(
      Int.self, sql: #"SELECT count(*) FROM "quarry_migrations" WHERE "name" = ?"#,
      arguments: [migrationName])
  }
}
