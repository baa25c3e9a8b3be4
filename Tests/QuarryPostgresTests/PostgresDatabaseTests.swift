import Foundation
import XCTest

@testable import Quarry

/// `Database(postgres:)` end to end on the engine's own behaviour: keys from RETURNING,
/// upserts, transactions, errors. Every answer is checked with plain SQL on another connection.
final class PostgresDatabaseTests: PostgresDatabaseTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try raw(Gadget.postgresDDL)
    try raw(Crate.postgresDDL)
  }

  func testInsertReturnsGeneratedKeysAndReadsBackEveryColumn() throws {
    var first = Gadget.sample(1)
    first.photo = Data([0, 1, 2, 255])
    let keys = try db.write { tx in
      [try tx.insert(first), try tx.insert(Gadget.sample(2))]
    }
    XCTAssertEqual(keys, [1, 2])
    XCTAssertEqual(
      try raw(
        #"SELECT "id", "name", "price", "isActive", "serial", "amount", "tags", "photo", "count" "#
          + #"FROM "gadgets" ORDER BY "id""#),
      [
        [
          "1", "gadget 1", "2.5", "f", "00000000-0000-4000-8000-000000000001", "1.25",
          #"["t1", "shared"]"#, "\\x000102ff", "1",
        ],
        [
          "2", "gadget 2", "5", "t", "00000000-0000-4000-8000-000000000002", "2.25",
          #"["t2", "shared"]"#, nil, "2",
        ],
      ])
    let fetched = try db.read { try $0.fetchAll(Gadget.self) }
    first.id = 1
    var second = Gadget.sample(2)
    second.id = 2
    XCTAssertEqual(fetched, [first, second])
    XCTAssertEqual(try db.read { try $0.fetchOne(Gadget.self, id: 2) }, second)
    XCTAssertNil(try db.read { try $0.fetchOne(Gadget.self, id: 3) })
    XCTAssertEqual(try db.read { try $0.count(Gadget.self) }, 2)
  }

  func testInsertInoutSetsTheKeyAndExplicitKeysKeepTheSequenceAhead() throws {
    var gadget = Gadget.sample(1)
    try db.write { try $0.insert(&gadget) }
    XCTAssertEqual(gadget.id, 1)
    var explicit = Gadget.sample(2)
    explicit.id = 10
    XCTAssertEqual(try db.write { try $0.insert(explicit) }, 10)
    // SQLite would take the largest key + 1; the identity sequence was moved past 10.
    XCTAssertEqual(try db.write { try $0.insert(Gadget.sample(3)) }, 11)
    XCTAssertEqual(try raw(#"SELECT "id" FROM "gadgets" ORDER BY "id""#), [["1"], ["10"], ["11"]])
  }

  func testUpdateSaveAndDeleteReportMissingRows() throws {
    var gadget = Gadget.sample(1)
    try db.write { try $0.insert(&gadget) }
    gadget.price = 99.5
    gadget.isActive = true
    try db.write { try $0.update(gadget) }
    XCTAssertEqual(
      try raw(#"SELECT "price", "isActive" FROM "gadgets""#), [["99.5", "t"]])
    var missing = Gadget.sample(5)
    missing.id = 42
    XCTAssertThrowsError(try db.write { try $0.update(missing) }) { error in
      XCTAssertTrue(error is RecordNotFoundError, "\(error)")
    }
    XCTAssertTrue(try db.write { try $0.delete(gadget) })
    XCTAssertFalse(try db.write { try $0.delete(Gadget.self, id: 1) })
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "gadgets""#), [["0"]])
  }

  func testUpsertByKeyInsertsThenUpdates() throws {
    let id = UUID()
    try db.write { try $0.upsert(Crate(id: id, label: "first", weight: nil)) }
    try db.write { try $0.upsert(Crate(id: id, label: "second", weight: 2.5)) }
    try db.write { try $0.upsert(Crate(id: UUID(), label: "other", weight: nil)) }
    XCTAssertEqual(
      try raw(#"SELECT "id", "label", "weight" FROM "crates" WHERE "id" = '\#(id)'"#),
      [[id.uuidString.lowercased(), "second", "2.5"]])
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "crates""#), [["2"]])
    XCTAssertEqual(
      try db.read { try $0.fetchOne(Crate.self, id: id) },
      Crate(id: id, label: "second", weight: 2.5))
  }

  func testUpsertOfATableWithUniqueColumnsUpdatesTheRowThatConflictsOnEither() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    // Same unique name, no key: updates row 1 (which keeps its key).
    var renamed = Gadget.sample(1)
    renamed.price = 7
    try db.write { try $0.upsert(renamed) }
    // Same key, new name: updates row 1 again.
    var byKey = Gadget.sample(2)
    byKey.id = 1
    try db.write { try $0.upsert(byKey) }
    // Neither: inserts, under key 3: the keyless upsert that updated row 1 used up key 2, as
    // SQLite's AUTOINCREMENT does.
    try db.write { try $0.upsert(Gadget.sample(3)) }
    XCTAssertEqual(
      try raw(#"SELECT "id", "name", "price" FROM "gadgets" ORDER BY "id""#),
      [["1", "gadget 2", "5"], ["3", "gadget 3", "7.5"]])
  }

  func testUpsertOnConflictColumns() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    var changed = Gadget.sample(1)
    changed.count = 77
    try db.write { try $0.upsert(changed, onConflict: Gadget.Columns.name) }
    XCTAssertEqual(try raw(#"SELECT "id", "count" FROM "gadgets""#), [["1", "77"]])
  }

  func testUniqueViolationIsRecognisableAndCarriesNoValues() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    XCTAssertThrowsError(try db.write { try $0.insert(Gadget.sample(1)) }) { error in
      guard let error = error as? PostgresError else { return XCTFail("\(error)") }
      XCTAssertTrue(error.isUniqueViolation)
      XCTAssertEqual(error.constraint, "gadgets_name_key")
      XCTAssertFalse("\(error)".contains("gadget 1"), "\(error)")
      XCTAssertTrue(error.sql?.hasPrefix(#"INSERT INTO "gadgets""#) ?? false)
    }
    // The failed write rolled back and the writer works on.
    XCTAssertEqual(try db.write { try $0.insert(Gadget.sample(2)) }, 3)
  }

  func testAStatementThatFailsInsideAWriteAbortsItEvenWhenCaught() throws {
    XCTAssertThrowsError(
      try db.write { tx in
        try tx.insert(Gadget.sample(1))
        _ = try? tx.insert(Gadget.sample(1))
        try tx.insert(Gadget.sample(2))
      }
    ) { error in
      XCTAssertEqual((error as? PostgresError)?.sqlState, "25P02", "\(error)")
    }
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "gadgets""#), [["0"]])
  }

  func testWritesRunSerializableAfterTheWriteLockAndReadsRepeatableRead() throws {
    traced.removeAll()
    try db.write { try $0.insert(Gadget.sample(1)) }
    _ = try db.read { try $0.count(Gadget.self) }
    let statements = traced.all.filter { !$0.hasPrefix("INSERT") && !$0.hasPrefix("SELECT setval") }
    XCTAssertEqual(
      statements,
      [
        "SELECT pg_advisory_lock(1364349529, hashtext(current_database()))",
        "BEGIN ISOLATION LEVEL SERIALIZABLE", "COMMIT",
        "SELECT pg_advisory_unlock(1364349529, hashtext(current_database()))",
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        #"SELECT COUNT(*) FROM "gadgets""#, "COMMIT",
      ])
  }

  func testAWriteThatRunsNoStatementSendsNothingAndLeavesTheLockFree() throws {
    struct Stop: Error {}
    traced.removeAll()
    try db.write { _ in }
    XCTAssertThrowsError(try db.write { _ in throw Stop() }) { XCTAssertTrue($0 is Stop) }
    XCTAssertEqual(traced.all, [])
    // Another session takes the write lock at once, so no write left it held.
    XCTAssertEqual(
      try raw(
        "SELECT pg_try_advisory_lock(1364349529, hashtext(current_database())),"
          + " pg_advisory_unlock(1364349529, hashtext(current_database()))"),
      [["t", "t"]])
    // The next write that runs a statement begins as always: lock, then BEGIN.
    try db.write { try $0.insert(Gadget.sample(1)) }
    XCTAssertEqual(
      traced.all.filter { !$0.hasPrefix("INSERT") && !$0.hasPrefix("SELECT setval") },
      [
        "SELECT pg_advisory_lock(1364349529, hashtext(current_database()))",
        "BEGIN ISOLATION LEVEL SERIALIZABLE", "COMMIT",
        "SELECT pg_advisory_unlock(1364349529, hashtext(current_database()))",
      ])
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "gadgets""#), [["1"]])
  }

  func testTheServersNoticesAreNotPrintedToStandardError() throws {
    let captured = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-notices-\(UUID().uuidString)").path
    let file = open(captured, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(file, 0)
    defer { unlink(captured) }
    let original = dup(STDERR_FILENO)
    dup2(file, STDERR_FILENO)
    // Each statement makes the server send a NOTICE, which libpq prints unless told otherwise.
    let ran = Result {
      try db.write { tx in
        try tx.execute(#"CREATE TABLE IF NOT EXISTS "gadgets" ("id" BIGINT)"#)
        try tx.execute(#"DROP TABLE IF EXISTS "no such table""#)
        try tx.execute(#"DROP TABLE "gadgets""#)  // made by hand above: migrate makes its own
      }
      try db.migrate([Gadget.self])
      try db.migrate([Gadget.self])  // "relation "quarry_migrations" already exists, skipping"
    }
    dup2(original, STDERR_FILENO)
    close(original)
    close(file)
    XCTAssertNoThrow(try ran.get())
    XCTAssertEqual(try String(contentsOfFile: captured, encoding: .utf8), "")
  }

  func testAReadSeesOneSnapshot() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    let counts = try db.read { tx in
      let before = try tx.count(Gadget.self)
      try raw(
        #"INSERT INTO "gadgets" ("name", "price", "isActive", "serial", "amount", "madeAt", "#
          + #""tags", "count") VALUES ('x', 1, true, gen_random_uuid(), 1, 0, '[]', 0)"#)
      return (before, try tx.count(Gadget.self))
    }
    XCTAssertEqual(counts.0, 1)
    XCTAssertEqual(counts.1, 1)
    XCTAssertEqual(try db.read { try $0.count(Gadget.self) }, 2)
  }

  func testAWriteThatAnotherClientConflictsWithRunsAgainAndLosesNoUpdate() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    var attempts = 0
    try db.write { tx in
      attempts += 1
      let gadget = try XCTUnwrap(try tx.fetchOne(Gadget.self, id: 1))
      if attempts == 1 {
        // Another client commits an increment after this transaction read the row.
        try raw(#"UPDATE "gadgets" SET "count" = "count" + 10 WHERE "id" = 1"#)
      }
      var incremented = gadget
      incremented.count += 1
      try tx.update(incremented)
    }
    XCTAssertEqual(attempts, 2)
    XCTAssertEqual(try raw(#"SELECT "count" FROM "gadgets""#), [["12"]])
  }

  func testClosuresRunAgainWhenASchemaChangeMadeTheirPreparedStatementsStale() throws {
    var configuration = Database.Configuration()
    // One reader, so the second read runs on the connection that prepared the first's query.
    configuration.maximumReaderCount = 1
    let db = try Database(postgres: conninfo, configuration: configuration)
    let crate = Crate(id: UUID(), label: "first", weight: 2.5)
    try db.write { try $0.insert(crate) }
    XCTAssertEqual(try db.read { try $0.fetchAll(Crate.self) }, [crate])
    XCTAssertEqual(try db.write { try $0.fetchAll(Crate.self) }, [crate])
    // Another client changes the type of a returned column: both connections' prepared
    // SELECTs now have a stale result type, which PostgreSQL refuses (SQLSTATE 0A000).
    try raw(#"ALTER TABLE "crates" ALTER COLUMN "label" TYPE VARCHAR(40)"#)
    var readAttempts = 0
    let read = try db.read { tx in
      readAttempts += 1
      return try tx.fetchAll(Crate.self)
    }
    XCTAssertEqual(read, [crate])
    XCTAssertEqual(readAttempts, 2)
    var writeAttempts = 0
    let written = try db.write { tx in
      writeAttempts += 1
      return try tx.fetchAll(Crate.self)
    }
    XCTAssertEqual(written, [crate])
    XCTAssertEqual(writeAttempts, 2)
    // Prepared again: the next closures run once.
    readAttempts = 0
    _ = try db.read { tx in
      readAttempts += 1
      return try tx.fetchAll(Crate.self)
    }
    XCTAssertEqual(readAttempts, 1)
    XCTAssertEqual(
      try raw(
        "SELECT data_type FROM information_schema.columns "
          + "WHERE table_name = 'crates' AND column_name = 'label'"),
      [["character varying"]])
  }

  func testStalePlanErrorsAreRecognisable() throws {
    let stale = PostgresError(
      sqlState: "0A000", message: "cached plan must not change result type")
    XCTAssertTrue(stale.isStalePlan)
    XCTAssertFalse(
      PostgresError(sqlState: "0A000", message: "unsupported frontend protocol").isStalePlan)
    XCTAssertFalse(
      PostgresError(sqlState: "40001", message: "cached plan must not change result type")
        .isStalePlan)
  }

  func testAConflictTheClosureCaughtStillRunsItAgain() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    var attempts = 0
    var caught: [String] = []
    try db.write { tx in
      attempts += 1
      let gadget = try XCTUnwrap(try tx.fetchOne(Gadget.self, id: 1))
      if attempts == 1 {
        try raw(#"UPDATE "gadgets" SET "count" = "count" + 10 WHERE "id" = 1"#)
      }
      var incremented = gadget
      incremented.count += 1
      // The update conflicts with the other client's (40001); the closure swallows the error
      // and returns, and PostgreSQL has aborted the transaction all the same.
      do {
        try tx.update(incremented)
      } catch let error as PostgresError {
        caught.append(error.sqlState)
      }
    }
    XCTAssertEqual(attempts, 2)
    XCTAssertEqual(caught, ["40001"])
    XCTAssertEqual(try raw(#"SELECT "count" FROM "gadgets""#), [["12"]])
  }

  func testAConflictCaughtAndReplacedByAnotherErrorStillRunsTheClosureAgain() throws {
    struct Gave: Error {}
    try db.write { try $0.insert(Gadget.sample(1)) }
    var attempts = 0
    try db.write { tx in
      attempts += 1
      let gadget = try XCTUnwrap(try tx.fetchOne(Gadget.self, id: 1))
      if attempts == 1 {
        try raw(#"UPDATE "gadgets" SET "count" = "count" + 10 WHERE "id" = 1"#)
      }
      var incremented = gadget
      incremented.count += 1
      do {
        try tx.update(incremented)
      } catch {
        throw Gave()
      }
    }
    XCTAssertEqual(attempts, 2)
    XCTAssertEqual(try raw(#"SELECT "count" FROM "gadgets""#), [["12"]])
  }

  func testAnErrorOtherThanAConflictIsNotRunAgain() throws {
    try db.write { try $0.insert(Gadget.sample(1)) }
    var attempts = 0
    XCTAssertThrowsError(
      try db.write { tx in
        attempts += 1
        _ = try? tx.insert(Gadget.sample(1))
      }
    ) { error in
      XCTAssertEqual((error as? PostgresError)?.sqlState, "25P02", "\(error)")
    }
    XCTAssertEqual(attempts, 1)
  }

  func testAsyncOverloads() async throws {
    let key = try await db.write { try $0.insert(Gadget.sample(4)) }
    let names = try await db.read { try $0.fetchAll(Gadget.self).map(\.name) }
    XCTAssertEqual(key, 1)
    XCTAssertEqual(names, ["gadget 4"])
  }

  func testSQLiteFileAPIsThrowNamingTheAPIAndTheEngine() throws {
    XCTAssertThrowsError(try db.backup(to: "/tmp/never.sqlite")) { error in
      XCTAssertEqual(
        "\(error)",
        "backup(to:) is not available on PostgreSQL: it copies a SQLite database file; use "
          + "pg_dump or the server's backups")
    }
    XCTAssertThrowsError(try db.backup(to: try Database.inMemory())) { error in
      XCTAssertEqual((error as? PostgresUnsupportedError)?.api, "backup(to:)")
    }
    XCTAssertThrowsError(try db.vacuum(into: "/tmp/never.sqlite")) { error in
      XCTAssertEqual((error as? PostgresUnsupportedError)?.api, "vacuum(into:)")
    }
    XCTAssertThrowsError(try db.add(function: DatabaseFunction("f", argumentCount: 0) { _ in nil }))
    { error in
      XCTAssertEqual((error as? PostgresUnsupportedError)?.api, "add(function:)")
    }
    XCTAssertThrowsError(
      try db.add(collation: DatabaseCollation("c") { _, _ in .orderedSame })
    ) { error in
      XCTAssertEqual((error as? PostgresUnsupportedError)?.api, "add(collation:)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.sqlite"))
  }
}
