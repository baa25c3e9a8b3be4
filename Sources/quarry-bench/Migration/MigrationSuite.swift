import CSQLite
import Foundation
import Quarry

/// Issue 19's row: rebuilding a large table through a generated migration (`db.migrate`)
/// against the same change in hand-written SQL on a raw sqlite3 connection, in the same run,
/// both on in-memory databases (target ≤ 1.2× raw).
///
/// Two changes: a rename with a dropped and a new column (the rows are copied), and the same
/// with TEXT amounts converted to INTEGER, where the hand-written side checks the values with
/// one query before copying, as a careful developer would.
struct MigrationSuite {
  let rowCount: Int
  let runs: Int
  let log: (String) -> Void

  static let copyOperation = "rebuild table (copy)"
  static let convertOperation = "rebuild table (convert)"

  func run(into results: inout [BenchResult]) throws {
    for (operation, converts) in [(Self.copyOperation, false), (Self.convertOperation, true)] {
      log("migration: \(operation), \(rowCount) rows")
      var samples = (raw: Samples(), generated: Samples())
      for run in 0..<runs {
        for turn in 0..<2 {
          if (run + turn) % 2 == 0 {
            samples.raw.append(try timeRaw(converts: converts))
          } else {
            samples.generated.append(try timeGenerated(converts: converts))
          }
        }
      }
      results += [
        BenchResult(
          suite: "migration", operation: operation, implementation: "raw", storage: "memory",
          rows: rowCount, samples: samples.raw, ratioToRaw: nil, megabytesPerSecond: nil),
        BenchResult(
          suite: "migration", operation: operation, implementation: "generated",
          storage: "memory", rows: rowCount, samples: samples.generated,
          ratioToRaw: samples.generated.median / samples.raw.median, megabytesPerSecond: nil),
      ]
    }
  }

  /// Fills "ledger" at version 1 with `rowCount` rows.
  private var fillSQL: String {
    #"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \#(rowCount)) "#
      + #"INSERT INTO "ledger" ("id", "amount", "label", "legacy") "#
      + #"SELECT i, CAST(i * 7 % 1000 AS TEXT), 'row ' || i, 'old' FROM n"#
  }

  private func timeGenerated(converts: Bool) throws -> Double {
    let db = try Database.inMemory()
    try db.migrate(BenchLedger<LedgerVersion1>.self)
    try db.write { try $0.execute(fillSQL) }
    let seconds = try Stopwatch.time {
      if converts {
        try db.migrate(BenchLedger<LedgerConverted>.self)
      } else {
        try db.migrate(BenchLedger<LedgerCopied>.self)
      }
    }.seconds
    let check = try db.read {
      try $0.fetchValue(
        Int.self,
        sql: #"SELECT count(*) FROM "ledger" WHERE "name" = 'row ' || "id" AND "flag" = 0"#)
    }
    try BenchCheck.equal(check, rowCount, "generated migration rows")
    return seconds
  }

  private func timeRaw(converts: Bool) throws -> Double {
    let raw = try RawConnection()
    try raw.execute(LedgerVersion1.table.createTableSQL)
    for sql in LedgerVersion1.table.createIndexSQL { try raw.execute(sql) }
    try raw.execute(fillSQL)
    let amount = converts ? #"CAST("amount" AS INTEGER)"# : #""amount""#
    let type = converts ? "INTEGER" : "TEXT"
    let seconds = try Stopwatch.time {
      try raw.execute("PRAGMA foreign_keys = OFF")
      try raw.execute("BEGIN IMMEDIATE")
      if converts {
        try raw.expectNoRow(
          #"SELECT "id" FROM "ledger" WHERE CAST(CAST("amount" AS INTEGER) AS TEXT) <> "amount" "#
            + "LIMIT 1")
      }
      try raw.execute(#"ALTER TABLE "ledger" RENAME COLUMN "label" TO "name""#)
      try raw.execute(
        #"CREATE TABLE "ledger_new" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "#
          + #""amount" \#(type) NOT NULL, "name" TEXT NOT NULL, "flag" INTEGER NOT NULL DEFAULT 0)"#
      )
      try raw.execute(
        #"INSERT INTO "ledger_new" ("id", "amount", "name", "flag") "#
          + #"SELECT "id", \#(amount), "name", 0 FROM "ledger""#)
      try raw.execute(#"DROP TABLE "ledger""#)
      try raw.execute(#"ALTER TABLE "ledger_new" RENAME TO "ledger""#)
      try raw.execute(#"CREATE INDEX "ledger_on_name" ON "ledger" ("name")"#)
      try raw.expectNoRow("PRAGMA foreign_key_check")
      try raw.execute("COMMIT")
      try raw.execute("PRAGMA foreign_keys = ON")
    }.seconds
    try BenchCheck.equal(
      try raw.count(#"SELECT count(*) FROM "ledger" WHERE "name" = 'row ' || "id""#), rowCount,
      "raw migration rows")
    return seconds
  }
}

/// A bare sqlite3 connection to a new in-memory database, with foreign keys on as Quarry's.
private final class RawConnection {
  private var connection: OpaquePointer?

  init() throws {
    guard sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK
    else { throw BenchCheckFailure(description: "raw: cannot open") }
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit { sqlite3_close_v2(connection) }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchCheckFailure(
        description: "raw: \(String(cString: sqlite3_errmsg(connection))) in \(sql)")
    }
  }

  /// Runs a query that must return no row (a check).
  func expectNoRow(_ sql: String) throws {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
      throw BenchCheckFailure(description: "raw: cannot prepare \(sql)")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw BenchCheckFailure(description: "raw: \(sql) returned a row")
    }
  }

  func count(_ sql: String) throws -> Int {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
      throw BenchCheckFailure(description: "raw: cannot prepare \(sql)")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { return -1 }
    return Int(sqlite3_column_int64(statement, 0))
  }
}
