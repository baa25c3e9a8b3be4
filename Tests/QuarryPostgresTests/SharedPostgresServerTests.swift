import CPostgreSQL
import Foundation
import QuarryTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide test server: one server however many tests ask, one isolated database per
/// test, dropped on request, and servers of crashed test processes cleaned up.
final class SharedPostgresServerTests: XCTestCase {
  func testEveryCallerGetsTheSameServer() throws {
    let first = try SharedPostgresServer.server()
    let second = try SharedPostgresServer.server()
    XCTAssertEqual(first.folder, second.folder)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(first.folder)/data/postmaster.pid"))
    XCTAssertEqual(
      try String(contentsOfFile: "\(first.folder)/owner.pid", encoding: .utf8), "\(getpid())\n")
  }

  func testEachDatabaseIsFreshAndIsolated() throws {
    let first = try SharedPostgresServer.createDatabase()
    let second = try SharedPostgresServer.createDatabase()
    defer {
      first.drop()
      second.drop()
    }
    XCTAssertNotEqual(first.name, second.name)
    let one = try PostgresRawConnection(conninfo: first.conninfo)
    try one.query("CREATE TABLE birds (name TEXT); INSERT INTO birds VALUES ('robin')")
    XCTAssertEqual(try one.query("SELECT name FROM birds").rows, [["robin"]])
    let two = try PostgresRawConnection(conninfo: second.conninfo)
    XCTAssertEqual(
      try two.query("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").rows, [["0"]])
    XCTAssertThrowsError(try two.query("SELECT name FROM birds")) { error in
      XCTAssertEqual((error as? PostgresRawConnection.QueryError)?.sqlState, "42P01")
    }
  }

  func testDropRemovesTheDatabaseEvenWhileConnected() throws {
    let database = try SharedPostgresServer.createDatabase()
    let admin = try PostgresRawConnection(conninfo: database.server.conninfo)
    let exists = "SELECT count(*) FROM pg_database WHERE datname = '\(database.name)'"
    let connected = try PostgresRawConnection(conninfo: database.conninfo)
    XCTAssertEqual(try connected.query("SELECT current_database()").rows, [[database.name]])
    XCTAssertEqual(try admin.query(exists).rows, [["1"]])
    database.drop()
    XCTAssertEqual(try admin.query(exists).rows, [["0"]])
  }

  func testADroppedDatabaseComesBackEmptyUnderANewName() throws {
    let first = try SharedPostgresServer.createDatabase()
    try PostgresRawConnection(conninfo: first.conninfo).query(
      """
      CREATE TABLE birds (name TEXT UNIQUE); CREATE SCHEMA extra; CREATE TABLE extra.t (x INT);
      CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1';
      ALTER DATABASE \(first.name) SET search_path = extra
      """)
    let left = try PostgresRawConnection(conninfo: first.conninfo)
    first.drop()
    XCTAssertThrowsError(try left.query("SELECT 1"), "the left connection was ended")

    let second = try SharedPostgresServer.createDatabase()
    defer { second.drop() }
    XCTAssertNotEqual(second.name, first.name)
    XCTAssertThrowsError(try PostgresRawConnection(conninfo: first.conninfo))
    let raw = try PostgresRawConnection(conninfo: second.conninfo)
    XCTAssertEqual(
      try raw.query(
        """
        SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'),
        (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE nspname = 'public'),
        (SELECT string_agg(nspname, ',') FROM pg_namespace
          WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'),
        current_setting('search_path')
        """
      ).rows, [["0", "0", "public", "\"$user\", public"]])
    try raw.query("CREATE TABLE birds (name TEXT UNIQUE)")
  }

  func testRawResultsCarryColumnTypesAndNulls() throws {
    let database = try SharedPostgresServer.createDatabase()
    defer { database.drop() }
    let raw = try PostgresRawConnection(conninfo: database.conninfo)
    let result = try raw.query("SELECT 1::bigint, 'a'::text, NULL::boolean, 2.5::numeric")
    XCTAssertEqual(result.columnTypes, [20, 25, 16, 1700])
    XCTAssertEqual(result.rows, [["1", "a", nil, "2.5"]])
  }

  func testAServerWhoseOwnerIsGoneIsStoppedAndRemoved() throws {
    let gone = try pidOfAFinishedProcess()
    let abandoned = try PostgresTestServer.start(owner: gone)
    let alive = try PostgresTestServer.start(owner: getpid())
    defer {
      abandoned.stop()
      alive.stop()
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(abandoned.folder)/data"))

    PostgresTestServer.stopAbandonedServers()

    XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.folder))
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(alive.folder)/data/postmaster.pid"))
    let connection = PQconnectdb(alive.conninfo)
    defer { PQfinish(connection) }
    XCTAssertEqual(PQstatus(connection), CONNECTION_OK)
  }

  /// The pid of a child that has exited and been reaped, so no process has it (until the
  /// system wraps around to it, far beyond this test).
  private func pidOfAFinishedProcess() throws -> pid_t {
    var pid = pid_t()
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { arguments.forEach { free($0) } }
    guard posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ) == 0 else {
      throw PostgresTestServer.StartError(description: "cannot run /bin/true")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    XCTAssertEqual(kill(pid, 0), -1)
    return pid
  }
}
