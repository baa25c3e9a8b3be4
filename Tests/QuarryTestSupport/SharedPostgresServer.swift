import CPostgreSQL
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one PostgreSQL server of a test process: started by the first test that asks for a
/// database, stopped when the process exits, so a whole test run pays for one `initdb`.
///
/// Each test gets its own empty database under a name never used before in the process, so
/// tests never see each other's tables, and a connection a test left open can never reach the
/// next test's data.
///
/// ```swift
/// let database = try SharedPostgresServer.createDatabase()
/// defer { database.drop() }
/// let conn = PQconnectdb(database.conninfo)
/// ```
///
/// `CREATE DATABASE` costs a second on a loaded machine, so a dropped database is recycled:
/// its connections are ended and it is renamed aside, and the next `createDatabase()` renames
/// it to the new name and empties it (every schema dropped, `public` made again, settings
/// reset), a few milliseconds, instead of creating one.
///
/// A server left behind by a test process that crashed (so its exit handler never ran) is
/// stopped by the next process that starts one: each server's folder names its owner's pid.
public enum SharedPostgresServer {
  private struct State {
    var server: PostgresTestServer?
    var startError: PostgresTestServer.StartError?
    /// A connection to the `postgres` database, for CREATE, ALTER and DROP DATABASE.
    var admin: PostgresRawConnection?
    var databaseCount = 0
    /// Dropped databases renamed aside for reuse, each already without connections.
    var spares: [String] = []
  }

  // NSLock, not Mutex: Mutex needs macOS 15 and the package supports macOS 13.
  private static let lock = NSLock()
  nonisolated(unsafe) private static var state = State()

  /// The running server, started on first use; the same start failure for every caller after
  /// a failed start (so a machine without PostgreSQL fails each test quickly, with the cause).
  ///
  /// - Throws: ``PostgresTestServer/StartError`` when the server cannot start.
  public static func server() throws -> PostgresTestServer {
    try lock.withLock { try startedServer() }
  }

  /// Creates a fresh, empty database on the shared server for one test.
  ///
  /// ```swift
  /// let database = try SharedPostgresServer.createDatabase()
  /// print(database.conninfo)  // host=/tmp/quarry-pg-… port=5432 dbname=quarry_test_7 user=quarry
  /// ```
  ///
  /// - Throws: ``PostgresTestServer/StartError`` when the server cannot start, or
  ///   ``PostgresRawConnection/QueryError`` when the database cannot be made.
  public static func createDatabase() throws -> PostgresTestDatabase {
    try lock.withLock {
      let server = try startedServer()
      let admin = try adminConnection(to: server)
      state.databaseCount += 1
      let database = PostgresTestDatabase(
        server: server, name: "quarry_test_\(state.databaseCount)")
      if let spare = state.spares.popLast() {
        try admin.query("ALTER DATABASE \(quoted(spare)) RENAME TO \(database.quotedName)")
        try admin.query("ALTER DATABASE \(database.quotedName) RESET ALL")
        try PostgresRawConnection(conninfo: database.conninfo).query(emptyingSQL)
      } else {
        // template0, not template1: nothing a test added to template1 leaks into later ones.
        try admin.query("CREATE DATABASE \(database.quotedName) TEMPLATE template0")
      }
      return database
    }
  }

  /// Ends the connections to `database` and renames it aside for reuse; drops it instead when a
  /// client reconnects in between.
  static func release(_ database: PostgresTestDatabase) {
    lock.withLock {
      guard let admin = state.admin else { return }
      let spare = "quarry_spare_\(database.name)"
      do {
        let sessions = "FROM pg_stat_activity WHERE datname = '\(database.name)'"
        try admin.query("SELECT pg_terminate_backend(pid) \(sessions)")
        // Ending a session is asynchronous: wait (up to a second) until they are gone.
        for _ in 0..<100 where try admin.query("SELECT count(*) \(sessions)").rows != [["0"]] {
          usleep(10_000)
        }
        try admin.query("ALTER DATABASE \(database.quotedName) RENAME TO \(quoted(spare))")
        state.spares.append(spare)
      } catch {
        _ = try? admin.query("DROP DATABASE IF EXISTS \(database.quotedName) WITH (FORCE)")
      }
    }
  }

  /// Drops every object a test may have left: all schemas but PostgreSQL's own, then a new
  /// empty `public`.
  private static let emptyingSQL = """
    DO $$
    DECLARE
      name text;
    BEGIN
      FOR name IN SELECT nspname FROM pg_namespace
        WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
      LOOP
        EXECUTE format('DROP SCHEMA %I CASCADE', name);
      END LOOP;
    END $$;
    CREATE SCHEMA public;
    """

  private static func startedServer() throws -> PostgresTestServer {
    if let server = state.server { return server }
    if let error = state.startError { throw error }
    PostgresTestServer.stopAbandonedServers()
    do {
      let server = try PostgresTestServer.start(owner: getpid())
      state.server = server
      // XCTest leaves through exit(), which runs this; a crash does not (see above).
      atexit { SharedPostgresServer.stopAtExit() }
      return server
    } catch {
      let startError =
        error as? PostgresTestServer.StartError
        ?? PostgresTestServer.StartError(description: "\(error)")
      state.startError = startError
      throw startError
    }
  }

  private static func adminConnection(to server: PostgresTestServer) throws
    -> PostgresRawConnection
  {
    if let admin = state.admin { return admin }
    let admin = try PostgresRawConnection(conninfo: server.conninfo)
    state.admin = admin
    return admin
  }

  private static func quoted(_ name: String) -> String { "\"\(name)\"" }

  private static func stopAtExit() {
    let server = lock.withLock {
      defer {
        state.admin = nil
        state.server = nil
      }
      return state.server
    }
    server?.stop()
  }
}

/// One test's database on the ``SharedPostgresServer``.
///
/// ```swift
/// let database = try SharedPostgresServer.createDatabase()
/// let db = try Database(postgres: database.conninfo)
/// ```
public struct PostgresTestDatabase: Sendable {
  /// The server the database lives on.
  public let server: PostgresTestServer
  /// The database's name, unique in the process.
  public let name: String

  /// libpq connection string for this database.
  public var conninfo: String {
    "host=\(server.folder) port=5432 dbname=\(name) user=quarry"
  }

  var quotedName: String { "\"\(name)\"" }

  /// Ends every connection to the database and removes it under this name (it is kept aside,
  /// emptied, for a later test). Failures are ignored: the server goes away with the process.
  public func drop() {
    SharedPostgresServer.release(self)
  }
}
