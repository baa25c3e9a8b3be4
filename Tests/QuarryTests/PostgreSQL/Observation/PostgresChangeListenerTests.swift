import CPostgreSQL
import Foundation
import QuarryTestSupport
import XCTest

@testable import Quarry

/// The change listener on a real server: commits of any client reach it, by table, once per
/// transaction; rolled-back work and the writer's own commits after its marker do not; a broken
/// connection is re-established and reported as an unknown change.
///
/// Notifications from one session arrive in commit order, so "this did not arrive" is shown by
/// a later commit arriving first, never by waiting for a while.
final class PostgresChangeListenerTests: XCTestCase {
  private var conninfo = ""
  private var client: OpaquePointer?

  /// A fresh database per test on the process's shared server, holding `birds` and `Nests`
  /// with Quarry's triggers.
  override func setUpWithError() throws {
    do {
      conninfo = try SharedPostgresServer.createDatabase().conninfo
    } catch {
      XCTFail("the PostgreSQL test server did not start: \(error)")
      throw CancellationError()
    }
    client = try connect(conninfo)
    try exec(client, #"CREATE TABLE birds (id BIGINT PRIMARY KEY, name TEXT)"#)
    try exec(client, #"CREATE TABLE "Nests" (id BIGINT PRIMARY KEY)"#)
    try exec(client, PostgresChangeTriggers.createFunction)
    try exec(client, PostgresChangeTriggers.createTrigger(on: "birds"))
    try exec(client, PostgresChangeTriggers.createTrigger(on: "Nests"))
  }

  override func tearDown() {
    PQfinish(client)
    client = nil
    super.tearDown()
  }

  func testCommitsOfAnotherConnectionArriveByTable() throws {
    let heard = Heard()
    let listener = PostgresChangeListener(conninfo: conninfo) { heard.append($0) }
    listener.start()
    defer { listener.stop() }
    try exec(client, "BEGIN")
    try exec(client, "INSERT INTO birds VALUES (1, 'robin')")
    try exec(client, "INSERT INTO birds VALUES (2, 'wren')")
    try exec(client, #"INSERT INTO "Nests" VALUES (1)"#)
    try exec(client, "COMMIT")
    XCTAssertEqual(heard.wait(forTables: 1), [["birds", "Nests"]])
    // One commit at a time: commits that arrive together are reported together.
    try exec(client, "UPDATE birds SET name = 'jay' WHERE id = 1")
    XCTAssertEqual(heard.wait(forTables: 2).last, ["birds"])
    try exec(client, "DELETE FROM birds WHERE id = 2")
    XCTAssertEqual(heard.wait(forTables: 3).last, ["birds"])
    try exec(client, #"TRUNCATE "Nests""#)
    XCTAssertEqual(heard.wait(forTables: 4).last, ["Nests"])
    // A statement that changes no row still ran the statement-level trigger.
    try exec(client, "DELETE FROM birds WHERE id = 99")
    XCTAssertEqual(heard.wait(forTables: 5).last, ["birds"])
  }

  func testCommitsThatArriveTogetherAreReportedTogether() throws {
    let heard = Heard()
    let listener = PostgresChangeListener(conninfo: conninfo) { heard.append($0) }
    listener.start()
    defer { listener.stop() }
    // Two commits sent in one round trip reach the listener at nearly the same time: in one
    // report or two, together they name both tables and nothing else.
    try exec(client, #"INSERT INTO birds VALUES (1, 'robin'); INSERT INTO "Nests" VALUES (1)"#)
    var union: Set<String> = []
    var count = 1
    while union != ["birds", "Nests"], count <= 2 {
      union.formUnion(heard.wait(forTables: count).compactMap { $0 }.joined())
      count += 1
    }
    XCTAssertEqual(union, ["birds", "Nests"])
  }

  func testRolledBackWorkIsNotHeard() throws {
    let heard = Heard()
    let listener = PostgresChangeListener(conninfo: conninfo) { heard.append($0) }
    listener.start()
    defer { listener.stop() }
    try exec(client, "BEGIN")
    try exec(client, "INSERT INTO birds VALUES (1, 'robin')")
    try exec(client, "ROLLBACK")
    try exec(client, #"INSERT INTO "Nests" VALUES (1)"#)
    XCTAssertEqual(heard.wait(forTables: 1), [["Nests"]])
  }

  func testTheWritersCommitsAreSkippedFromItsMarkerOnAndItHearsThemAtCommit() throws {
    let writer = try connect(conninfo)
    defer { PQfinish(writer) }
    try exec(writer, "LISTEN \(PostgresChangeListener.channel)")
    let heard = Heard()
    let listener = PostgresChangeListener(conninfo: conninfo) { heard.append($0) }
    listener.start()
    defer { listener.stop() }
    XCTAssertTrue(listener.isListening)
    listener.skipNotifications(fromBackendAfterMarker: PQbackendPID(writer))
    // Before its marker the writer's commits come through: it may not have heard them.
    try exec(writer, #"INSERT INTO "Nests" VALUES (1)"#)
    XCTAssertEqual(heard.wait(forTables: 1), [["Nests"]])
    try exec(writer, "SELECT pg_notify('\(PostgresChangeListener.channel)', '')")
    _ = notifications(writer)
    try exec(writer, "BEGIN")
    try exec(writer, "INSERT INTO birds VALUES (1, 'robin')")
    XCTAssertEqual(
      PostgresChangeListener.tables(in: notifications(writer), ignoringBackend: 0), [],
      "nothing before the commit")
    try exec(writer, "COMMIT")
    // Delivered to the committing session before its COMMIT result: no wait, no socket read.
    XCTAssertEqual(
      PostgresChangeListener.tables(in: notifications(writer), ignoringBackend: 0), ["birds"])
    // Another session's marker names no table and starts no skipping.
    try exec(client, "SELECT pg_notify('\(PostgresChangeListener.channel)', '')")
    try exec(client, #"INSERT INTO "Nests" VALUES (2)"#)
    // The writer's birds commit came before this one, and was skipped.
    XCTAssertEqual(heard.wait(forTables: 2), [["Nests"], ["Nests"]])
  }

  func testABrokenConnectionIsReopenedAndReportedAsAnUnknownChange() throws {
    let heard = Heard()
    let listener = PostgresChangeListener(conninfo: conninfo) { heard.append($0) }
    listener.start()
    defer { listener.stop() }
    try exec(
      client,
      """
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
      """)
    XCTAssertEqual(heard.wait(forTables: 1), [nil])
    try exec(client, "INSERT INTO birds VALUES (1, 'robin')")
    XCTAssertEqual(heard.wait(forTables: 2), [nil, ["birds"]])
  }

  func testStopBeforeStartAndTwiceIsHarmless() {
    let listener = PostgresChangeListener(conninfo: conninfo) { _ in }
    listener.stop()
    listener.stop()
    listener.start()
  }

  // MARK: - Helpers

  /// What the listener reported, in order.
  private final class Heard: @unchecked Sendable {
    private let condition = NSCondition()
    private var reports: [Set<String>?] = []

    func append(_ tables: Set<String>?) {
      condition.lock()
      reports.append(tables)
      condition.broadcast()
      condition.unlock()
    }

    /// The first `count` reports, waiting for them (a minute at most, so a broken listener
    /// fails the test instead of hanging it).
    func wait(forTables count: Int) -> [Set<String>?] {
      condition.lock()
      defer { condition.unlock() }
      let deadline = Date().addingTimeInterval(60)
      while reports.count < count, condition.wait(until: deadline) {}
      return reports
    }
  }

  /// The notifications libpq already read on `connection`, without reading the socket.
  private func notifications(_ connection: OpaquePointer) -> [PostgresNotification] {
    var notifications: [PostgresNotification] = []
    while let notify = PQnotifies(connection) {
      notifications.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname),
          payload: String(cString: notify.pointee.extra), processID: notify.pointee.be_pid))
      PQfreemem(notify)
    }
    return notifications
  }

  private func connect(_ conninfo: String) throws -> OpaquePointer {
    guard let connection = PQconnectdb(conninfo), PQstatus(connection) == CONNECTION_OK else {
      XCTFail("cannot connect to \(conninfo)")
      throw CancellationError()
    }
    return connection
  }

  private func exec(_ connection: OpaquePointer?, _ sql: String) throws {
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      XCTFail("\(sql): \(String(cString: PQresultErrorMessage(result)))")
      throw CancellationError()
    }
  }
}
