import Foundation
import XCTest

@testable import Quarry

/// Issue 23: `db.write` on PostgreSQL keeps SQLite's guarantee that a read-modify-write inside
/// one closure never loses an update, whatever other processes, tasks and clients do.
final class PostgresNoLostUpdateTests: XCTestCase {
  /// Four processes with four tasks each read the counter in Swift and write it back plus one,
  /// each increment one `write` that also logs itself; `psql` meanwhile adds its own increments.
  /// The final counter equals the increments made, counted in raw SQL from the log.
  func testFourProcessesOfFourTasksLoseNoIncrement() throws {
    let conninfo = try PostgresServerForTests.createDatabase()
    let db = try Database(postgres: conninfo)
    try db.write { db in
      try db.execute(#"CREATE TABLE "counters" ("id" BIGINT PRIMARY KEY, "value" BIGINT NOT NULL)"#)
      try db.execute(
        #"CREATE TABLE "increments" ("worker" BIGINT NOT NULL, "task" BIGINT NOT NULL, "#
          + #""n" BIGINT NOT NULL, PRIMARY KEY ("worker", "task", "n"))"#)
      try db.execute(#"INSERT INTO "counters" VALUES (1, 0)"#)
    }
    let increments = isLongRun ? 200 : 25
    let workers = try (1...4).map {
      try StressProcess(["pg-increment", conninfo, "\($0)", "4", "\(increments)"])
    }
    // Another client: plain SQL increments (atomic on their own) racing the processes.
    let psqlIncrements = 20
    let psql = Process()
    psql.executableURL = URL(fileURLWithPath: PostgresServerForTests.psql)
    // Each -c is a transaction of its own.
    let commands = (0..<psqlIncrements).flatMap { n in
      [
        "-c",
        "UPDATE counters SET value = value + 1 WHERE id = 1; "
          + "INSERT INTO increments VALUES (0, 0, \(n));",
      ]
    }
    psql.arguments = ["--no-psqlrc", "-v", "ON_ERROR_STOP=1", "-q", "-d", conninfo] + commands
    psql.standardOutput = FileHandle.nullDevice
    try psql.run()
    for (index, worker) in workers.enumerated() {
      XCTAssertEqual(worker.wait(), 0, worker.standardError)
      XCTAssertEqual(worker.outputLines, ["done \(index + 1)"])
    }
    psql.waitUntilExit()
    XCTAssertEqual(psql.terminationStatus, 0)

    let (value, logged, perWorker) = try db.read { db in
      (
        try db.fetchValue(Int.self, sql: #"SELECT "value" FROM "counters" WHERE "id" = 1"#),
        try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "increments""#),
        try db.fetchValue(
          String.self,
          sql: #"SELECT string_agg(c::text, ',' ORDER BY "worker") FROM "#
            + #"(SELECT "worker", count(*) AS c FROM "increments" GROUP BY "worker") AS per"#)
      )
    }
    let expected = 4 * 4 * increments + psqlIncrements
    XCTAssertEqual(logged, expected)
    XCTAssertEqual(value, expected)
    let perProcess = "\(4 * increments)"
    XCTAssertEqual(
      perWorker, "\(psqlIncrements),\(perProcess),\(perProcess),\(perProcess),\(perProcess)")
  }
}
