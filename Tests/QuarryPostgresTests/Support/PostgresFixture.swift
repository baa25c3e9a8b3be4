import CPostgreSQL
import Foundation
import QuarryTestSupport
import XCTest

/// The engine tests' server: one per test process, started by the first test that asks for a
/// database and stopped at exit; each test gets a fresh database on it.
///
/// (Engineer H's `SharedPostgresServer` in QuarryTestSupport replaces this once it lands.)
enum PostgresFixture {
  private struct State {
    var server: PostgresTestServer?
    var startError: String?
    var databases = 0
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var state = State()

  /// The conninfo of a new, empty database, or a failure naming why the server is missing.
  static func createDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let (server, number) = try lock.withLock { () throws -> (PostgresTestServer, Int) in
      if state.server == nil && state.startError == nil {
        do {
          state.server = try PostgresTestServer.start()
          atexit { PostgresFixture.stopAtExit() }
        } catch {
          state.startError = "\(error)"
        }
      }
      guard let server = state.server else {
        XCTFail(
          "the PostgreSQL test server did not start: \(state.startError ?? "")", file: file,
          line: line)
        throw CancellationError()
      }
      state.databases += 1
      return (server, state.databases)
    }
    let name = "quarry_engine_\(number)"
    let admin = PQconnectdb(server.conninfo)
    defer { PQfinish(admin) }
    let result = PQexec(admin, "CREATE DATABASE \(name) TEMPLATE template0")
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_COMMAND_OK else {
      XCTFail(String(cString: PQresultErrorMessage(result)), file: file, line: line)
      throw CancellationError()
    }
    return "host=\(server.folder) port=5432 dbname=\(name) user=quarry"
  }

  /// The server's socket folder (for tests that build their own conninfo).
  static var folder: String? { lock.withLock { state.server?.folder } }

  private static func stopAtExit() {
    lock.withLock {
      state.server?.stop()
      state.server = nil
    }
  }
}
