import Foundation
import Quarry

// The PostgreSQL modes of quarry-stress (issue 23): other processes for the multi-process
// tests. The test creates the tables first (with Quarry's migrate, so they carry the observation
// triggers); these only read and write.

/// Opens `conninfo` or exits with the reason.
func openPostgres(_ conninfo: String) -> Database {
  do {
    return try Database(postgres: conninfo)
  } catch {
    fail("cannot open \(conninfo): \(error)")
  }
}

/// `pg-increment <conninfo> <worker> <tasks> <increments>`: `tasks` concurrent tasks, each doing
/// `increments` read-modify-write increments of `counters.value` (id 1), one `write` each: read
/// the value in Swift, write it back plus one, and log the increment in `increments`. Prints
/// `done <worker>` when every write committed.
func postgresIncrementer(conninfo: String, worker: Int, tasks: Int, increments: Int) async {
  let db = openPostgres(conninfo)
  do {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for n in 0..<increments {
            try await db.write { db in
              let value =
                try db.fetchValue(Int.self, sql: #"SELECT "value" FROM "counters" WHERE "id" = 1"#)
                ?? 0
              try db.execute(
                #"UPDATE "counters" SET "value" = ? WHERE "id" = 1"#, arguments: [value + 1])
              try db.execute(
                #"INSERT INTO "increments" ("worker", "task", "n") VALUES (?, ?, ?)"#,
                arguments: [worker, task, n])
            }
          }
        }
      }
      try await group.waitForAll()
    }
  } catch {
    fail("worker \(worker): \(error)")
  }
  say("done \(worker)")
}

/// `pg-insert-birds <conninfo> <first-id> <count>`: inserts `count` birds with ids from
/// `first-id`, one `write` each, and prints `inserted <id>` after each commit.
func postgresBirdInserter(conninfo: String, firstID: Int, count: Int) {
  let db = openPostgres(conninfo)
  for id in firstID..<(firstID + count) {
    do {
      try db.write { db in
        try db.execute(
          #"INSERT INTO "birds" ("id", "name") VALUES (?, ?)"#, arguments: [id, "bird \(id)"])
      }
    } catch {
      fail("insert \(id): \(error)")
    }
    say("inserted \(id)")
  }
}
