// A helper for the runtime's crash-safety and multi-process tests (Tests/QuarryTests/Reliability).
//
//   quarry-stress crash-writer <path> <first-batch>
//       Writes batches of `batchSize` rows, one transaction each, forever, and prints
//       `committed <batch>` after each commit. The test SIGKILLs it at random moments.
//   quarry-stress inserter <path> <worker> <count>
//       Opens (creating if needed) the database and inserts `count` rows, one transaction
//       each; every transaction also bumps the ledger, so readers can check atomicity.
//       Prints `done <worker>`.
//   quarry-stress reader <path> <reads>
//       Reads the row count and the ledger in one read transaction `reads` times; exits 1
//       (printing what it saw) if they ever disagree. Prints `consistent <reads>`.
//   quarry-stress migration-seed <path> <rows>
//       Creates the database at version 1 of MigrationVictim.swift's table, with `rows` rows.
//   quarry-stress migration-victim <path>
//       Prints `migrating`, migrates the database to version 2 (a generated migration that
//       rebuilds the table), prints `migrated`. The kill test SIGKILLs it at random moments.
//   quarry-stress pg-increment <conninfo> <worker> <tasks> <increments>
//       PostgreSQL: `tasks` concurrent tasks each make `increments` read-modify-write increments
//       of counters.value, one `write` each, logged in increments. Prints `done <worker>`.
//   quarry-stress pg-insert-birds <conninfo> <first-id> <count>
//       PostgreSQL: inserts `count` birds, one `write` each, printing `inserted <id>` after each.
//
// Every failure is printed to standard error and exits with status 1.

import Foundation
import Quarry

/// Rows written by each crash-writer transaction.
let batchSize = 5

let schema = [
  #"CREATE TABLE IF NOT EXISTS "batches" ("batch" INTEGER NOT NULL, "seq" INTEGER NOT NULL, "#
    + #""payload" TEXT NOT NULL, PRIMARY KEY ("batch", "seq"))"#,
  #"CREATE TABLE IF NOT EXISTS "items" ("id" INTEGER PRIMARY KEY, "worker" INTEGER NOT NULL, "#
    + #""n" INTEGER NOT NULL)"#,
  #"CREATE TABLE IF NOT EXISTS "ledger" ("id" INTEGER PRIMARY KEY, "total" INTEGER NOT NULL)"#,
  #"INSERT OR IGNORE INTO "ledger" ("id", "total") VALUES (1, 0)"#,
]

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("quarry-stress: \(message)\n".utf8))
  exit(1)
}

func say(_ line: String) {
  // One write per line, unbuffered, so a kill never leaves a committed id unprinted after it
  // was reported, nor a line half-printed in a way the test could misread.
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func open(_ path: String) -> Database {
  do {
    var configuration = Database.Configuration()
    configuration.busyTimeout = 30
    let db = try Database(path: path, configuration: configuration)
    try db.write { db in
      for statement in schema { try db.execute(statement) }
    }
    return db
  } catch {
    fail("cannot open \(path): \(error)")
  }
}

func crashWriter(path: String, firstBatch: Int) -> Never {
  let db = open(path)
  var batch = firstBatch
  let payload = String(repeating: "x", count: 200)
  while true {
    do {
      try db.write { db in
        for seq in 0..<batchSize {
          try db.execute(
            #"INSERT INTO "batches" ("batch", "seq", "payload") VALUES (?, ?, ?)"#,
            arguments: [batch, seq, payload])
        }
      }
    } catch {
      fail("batch \(batch): \(error)")
    }
    say("committed \(batch)")
    batch += 1
  }
}

func inserter(path: String, worker: Int, count: Int) {
  let db = open(path)
  for n in 0..<count {
    do {
      try db.write { db in
        try db.execute(
          #"INSERT INTO "items" ("worker", "n") VALUES (?, ?)"#, arguments: [worker, n])
        try db.execute(#"UPDATE "ledger" SET "total" = "total" + 1 WHERE "id" = 1"#)
      }
    } catch {
      fail("worker \(worker), insert \(n): \(error)")
    }
  }
  say("done \(worker)")
}

func reader(path: String, reads: Int) {
  let db = open(path)
  for _ in 0..<reads {
    do {
      let (rows, total) = try db.read { db in
        (
          try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "items""#) ?? -1,
          try db.fetchValue(Int.self, sql: #"SELECT "total" FROM "ledger" WHERE "id" = 1"#) ?? -1
        )
      }
      if rows != total { fail("saw \(rows) rows but a ledger total of \(total)") }
    } catch {
      fail("read: \(error)")
    }
  }
  say("consistent \(reads)")
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.count) {
case ("crash-writer", 3):
  guard let first = Int(arguments[arguments.startIndex + 2]) else { fail("bad first batch") }
  crashWriter(path: arguments[arguments.startIndex + 1], firstBatch: first)
case ("inserter", 4):
  guard let worker = Int(arguments[arguments.startIndex + 2]),
    let count = Int(arguments[arguments.startIndex + 3])
  else { fail("bad worker or count") }
  inserter(path: arguments[arguments.startIndex + 1], worker: worker, count: count)
case ("reader", 3):
  guard let reads = Int(arguments[arguments.startIndex + 2]) else { fail("bad read count") }
  reader(path: arguments[arguments.startIndex + 1], reads: reads)
case ("migration-seed", 3):
  guard let rows = Int(arguments[arguments.startIndex + 2]) else { fail("bad row count") }
  migrationSeed(path: arguments[arguments.startIndex + 1], rows: rows)
case ("migration-victim", 2):
  migrationVictim(path: arguments[arguments.startIndex + 1])
case ("pg-increment", 5):
  guard let worker = Int(arguments[arguments.startIndex + 2]),
    let tasks = Int(arguments[arguments.startIndex + 3]),
    let increments = Int(arguments[arguments.startIndex + 4])
  else { fail("bad worker, task or increment count") }
  await postgresIncrementer(
    conninfo: arguments[arguments.startIndex + 1], worker: worker, tasks: tasks,
    increments: increments)
case ("pg-insert-birds", 4):
  guard let first = Int(arguments[arguments.startIndex + 2]),
    let count = Int(arguments[arguments.startIndex + 3])
  else { fail("bad first id or count") }
  postgresBirdInserter(conninfo: arguments[arguments.startIndex + 1], firstID: first, count: count)
default:
  fail(
    "usage: quarry-stress crash-writer|inserter|reader|migration-seed|migration-victim"
      + "|pg-increment|pg-insert-birds …")
}
