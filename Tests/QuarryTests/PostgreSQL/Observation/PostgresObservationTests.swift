import Foundation
import XCTest

@testable import Quarry

/// `db.observe` on PostgreSQL: it sees commits of this `Database`, of another process using
/// Quarry and of `psql`, and fetches again only for tables its read read.
final class PostgresObservationTests: XCTestCase {
  private var conninfo = ""

  override func setUpWithError() throws {
    conninfo = try PostgresServerForTests.createDatabase()
    let db = try Database(postgres: conninfo)
    try db.write { db in
      try db.execute(#"CREATE TABLE "birds" ("id" BIGINT PRIMARY KEY, "name" TEXT NOT NULL)"#)
      try db.execute(#"CREATE TABLE "nests" ("id" BIGINT PRIMARY KEY)"#)
    }
  }

  private static func birdCount(_ db: ReadTransaction) throws -> Int {
    try db.fetchValue(Int.self, sql: #"SELECT count(*) FROM "birds""#) ?? -1
  }

  func testFirstValueThenOneAfterEachCommitOfThisDatabase() async throws {
    let db = try Database(postgres: conninfo)
    var iterator = db.observe { try Self.birdCount($0) }.makeAsyncIterator()
    let first = try await iterator.next()
    XCTAssertEqual(first, 0)
    try await db.write { try $0.execute(#"INSERT INTO "birds" VALUES (1, 'robin')"#) }
    let second = try await iterator.next()
    XCTAssertEqual(second, 1)
    try await db.write { try $0.execute(#"INSERT INTO "birds" VALUES (2, 'wren')"#) }
    let third = try await iterator.next()
    XCTAssertEqual(third, 2)
  }

  func testAnObservedTableMadeWithOwnSQLGetsTheTrigger() async throws {
    let db = try Database(postgres: conninfo)
    let collector = ObservationCollector(db.observe { try Self.birdCount($0) })
    await collector.wait { $0 == [0] }
    let triggers = try await db.read { db in
      try db.fetchValue(
        Int.self,
        sql: """
          SELECT count(*) FROM pg_trigger WHERE tgname = 'quarry_notify_changes'
          AND tgrelid = '"birds"'::regclass
          """)
    }
    XCTAssertEqual(triggers, 1)
    await collector.cancel()
  }

  func testCommitsOfAnotherProcessAreSeen() async throws {
    let db = try Database(postgres: conninfo)
    let collector = ObservationCollector(db.observe { try Self.birdCount($0) })
    await collector.wait { $0 == [0] }
    let inserter = try StressProcess(["pg-insert-birds", conninfo, "1", "3"])
    XCTAssertEqual(inserter.wait(), 0, inserter.standardError)
    XCTAssertEqual(inserter.outputLines, ["inserted 1", "inserted 2", "inserted 3"])
    await collector.wait { $0.last == 3 }
    // Values only grow: each fetch saw a later snapshot.
    XCTAssertEqual(collector.values, collector.values.sorted())
    await collector.cancel()
  }

  func testCommitsOfPsqlAreSeen() async throws {
    let db = try Database(postgres: conninfo)
    let collector = ObservationCollector(db.observe { try Self.birdCount($0) })
    await collector.wait { $0 == [0] }
    XCTAssertEqual(try psql(#"INSERT INTO birds VALUES (7, 'psql robin'), (8, 'psql wren')"#), 0)
    await collector.wait { $0 == [0, 2] }
    XCTAssertEqual(try psql("TRUNCATE birds"), 0)
    await collector.wait { $0 == [0, 2, 0] }
    await collector.cancel()
  }

  /// A change rolled back to a savepoint takes its notification with it, a later change in the
  /// same transaction is still announced, and so is each table the transaction changed.
  func testEveryTableOfATransactionIsAnnouncedAfterASavepointRolledBack() async throws {
    let db = try Database(postgres: conninfo)
    let nests = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "nests""#) ?? -1 })
    let birds = ObservationCollector(db.observe { try Self.birdCount($0) })
    await birds.wait { $0 == [0] }
    await nests.wait { $0 == [0] }
    XCTAssertEqual(
      try psql(
        """
        BEGIN; SAVEPOINT a; INSERT INTO birds VALUES (1, 'gone'); ROLLBACK TO SAVEPOINT a;
        INSERT INTO birds VALUES (2, 'kept'); INSERT INTO nests VALUES (1);
        INSERT INTO birds VALUES (3, 'kept too'); COMMIT;
        """), 0)
    await birds.wait { $0 == [0, 2] }
    await nests.wait { $0 == [0, 1] }
    await birds.cancel()
    await nests.cancel()
  }

  func testACommitToAnotherTableCausesNoFetch() async throws {
    let db = try Database(postgres: conninfo)
    let reads = Counter()
    let collector = ObservationCollector(
      db.observe { db -> Int in
        reads.increment()
        return try Self.birdCount(db)
      })
    await collector.wait { $0 == [0] }
    // Read twice: birds got its trigger after the first read, so it was read again after.
    XCTAssertEqual(reads.value, 2)
    // Notifications of one client arrive in commit order: once psql's birds commit is seen,
    // its nests commit before it was heard too, and caused no fetch. This database's own
    // nests commit was reported at commit.
    XCTAssertEqual(try psql(#"INSERT INTO nests VALUES (1)"#), 0)
    try await db.write { try $0.execute(#"INSERT INTO "nests" VALUES (2)"#) }
    XCTAssertEqual(try psql(#"INSERT INTO birds VALUES (1, 'robin')"#), 0)
    await collector.wait { $0 == [0, 1] }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
    XCTAssertEqual(reads.value, 3)
    await collector.cancel()
  }

  func testOwnCommitsAreReportedAtCommitAndTheirEchoIsDropped() async throws {
    let db = try Database(postgres: conninfo)
    let birds = ObservationCollector(db.observe { try Self.birdCount($0) })
    let nests = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "nests""#) ?? -1 })
    await birds.wait { $0 == [0] }
    await nests.wait { $0 == [0] }
    let queued = db.observedFile.queuedFetchCount
    try await db.write { try $0.execute(#"INSERT INTO "birds" VALUES (1, 'robin')"#) }
    // As on SQLite, the fetch was queued before `write` returned: no wait for the listener.
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
    XCTAssertEqual(db.observedFile.queuedFetchCount, queued + 1)
    // psql's commit reaches the listener after any echo of ours would have (commit order):
    // once its fetch came, an echo would have caused one more fetch of birds.
    XCTAssertEqual(try psql(#"INSERT INTO nests VALUES (1)"#), 0)
    await nests.wait { $0 == [0, 1] }
    XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
    XCTAssertEqual(db.observedFile.queuedFetchCount, queued + 2)
    await birds.wait { $0 == [0, 1] }
    await birds.cancel()
    await nests.cancel()
  }

  func testTheWriterListensOnlyWhileObserved() async throws {
    let db = try Database(postgres: conninfo)
    // Runs on the writer connection, after the write's own preparation.
    let sql = "SELECT COALESCE(string_agg(c, ','), '') FROM pg_listening_channels() c"
    let channels = { try db.write { try $0.fetchValue(String.self, sql: sql) } }
    XCTAssertEqual(try channels(), "")
    let collector = ObservationCollector(db.observe { try Self.birdCount($0) })
    await collector.wait { $0 == [0] }
    XCTAssertEqual(try channels(), PostgresChangeListener.channel)
    await collector.cancel()
    XCTAssertEqual(try channels(), "")
  }

  func testADroppedAndRecreatedTableIsSeenAndGetsItsTriggerBack() async throws {
    let db = try Database(postgres: conninfo)
    let collector = ObservationCollector(db.observe { try Self.birdCount($0) })
    await collector.wait { $0 == [0] }
    try await db.write { db in
      try db.execute(#"DROP TABLE "birds""#)
      try db.execute(#"CREATE TABLE "birds" ("id" BIGINT PRIMARY KEY, "name" TEXT NOT NULL)"#)
      try db.execute(#"INSERT INTO "birds" VALUES (1, 'robin'), (2, 'wren')"#)
    }
    await collector.wait { $0 == [0, 2] }
    // The new table got the trigger: another client's commit is heard.
    XCTAssertEqual(try psql(#"INSERT INTO birds VALUES (3, 'jay')"#), 0)
    await collector.wait { $0 == [0, 2, 3] }
    await collector.cancel()
  }

  func testInstallingTriggersIsIdempotentAndCoversEveryTable() throws {
    let db = try Database(postgres: conninfo)
    XCTAssertEqual(
      try db.write { try $0.installChangeTriggers(on: ["birds", "no_such_table"]) }, 1)
    XCTAssertEqual(try db.write { try $0.installChangeTriggers(on: ["birds"]) }, 0)
    XCTAssertEqual(try db.write { try $0.installChangeTriggers(on: nil) }, 1)
    XCTAssertEqual(try db.write { try $0.installChangeTriggers(on: nil) }, 0)
  }

  /// A role that may read "birds" but does not own it cannot give it the change trigger: its
  /// observers end with that error and advice (they would never hear of psql's commits),
  /// every later observer of it too, while a table the role owns is observed as usual.
  func testATableTheRoleCannotTriggerEndsItsObserversWithTheError() async throws {
    let role = "reader_\(UInt32.random(in: 0...UInt32.max))"
    XCTAssertEqual(
      try psql(
        "CREATE ROLE \(role) LOGIN; GRANT SELECT ON birds TO \(role); "
          + "GRANT CREATE ON SCHEMA public TO \(role)"), 0)
    defer { _ = try? psql("DROP OWNED BY \(role); DROP ROLE \(role)") }
    let db = try Database(
      postgres: conninfo.replacingOccurrences(of: "user=quarry", with: "user=\(role)"))
    try await db.write { try $0.execute(#"CREATE TABLE "mine" ("id" BIGINT PRIMARY KEY)"#) }
    let mine = ObservationCollector(
      db.observe { try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "mine""#) ?? -1 })
    await mine.wait { $0 == [0] }

    for attempt in 1...2 {
      var iterator = db.observe { try Self.birdCount($0) }.makeAsyncIterator()
      do {
        let value = try await iterator.next()
        XCTFail("attempt \(attempt): observed \(String(describing: value)) without a trigger")
      } catch let error as ChangeTriggerError {
        XCTAssertEqual(error.table, "birds")
        XCTAssertEqual((error.underlying as? PostgresError)?.sqlState, "42501", "\(error)")
        XCTAssertTrue(
          "\(error)".hasPrefix(
            "cannot observe table 'birds': Quarry's change trigger, through which PostgreSQL "
              + "announces other clients' commits, could not be created (PostgreSQL error "
              + "42501: "), "\(error)")
        XCTAssertTrue(
          "\(error)".hasSuffix(
            " - connect once as a role that owns the table and run migrate (or a "
              + "DatabaseMigrator), which gives every table it migrates the trigger, then "
              + "observe again"), "\(error)")
      }
      let after = try await iterator.next()
      XCTAssertNil(after, "an ended observation yields nothing more")
    }

    // The role's own table got its trigger: psql's commit is heard.
    XCTAssertEqual(try psql(#"INSERT INTO mine VALUES (1)"#), 0)
    await mine.wait { $0 == [0, 1] }
    await mine.cancel()
  }

  /// Runs `psql -c sql` against the test database; returns its exit status.
  private func psql(_ sql: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PostgresServerForTests.psql)
    process.arguments = ["--no-psqlrc", "-v", "ON_ERROR_STOP=1", "-q", "-d", conninfo, "-c", sql]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    guard process.waitUntilExit(timeout: 120) else { return -1 }
    return process.terminationStatus
  }
}
