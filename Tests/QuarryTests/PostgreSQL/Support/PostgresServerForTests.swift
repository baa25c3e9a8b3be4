import CPostgreSQL
import Foundation
import QuarryTestSupport
import XCTest

/// The throwaway server of the PostgreSQL observation and concurrency tests: one per test
/// process, started by the first test that asks and stopped at exit, a fresh database per test.
enum PostgresServerForTests {
  private struct State {
    var server: PostgresTestServer?
    var startError: String?
    var databases = 0
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var state = State()

  /// The conninfo of a new, empty database; fails the test when there is no server.
  static func createDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let (server, number) = try lock.withLock { () throws -> (PostgresTestServer, Int) in
      if state.server == nil && state.startError == nil {
        do {
          state.server = try PostgresTestServer.start()
          atexit { PostgresServerForTests.stopAtExit() }
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
    let name = "quarry_observe_\(number)"
    try execute("CREATE DATABASE \(name)", conninfo: server.conninfo, file: file, line: line)
    return server.conninfo.replacingOccurrences(of: "dbname=postgres", with: "dbname=\(name)")
  }

  /// A `psql`: beside the server's tools, else Debian's versioned folders, else on PATH.
  static var psql: String {
    let binaries = lock.withLock { state.server?.binaries }
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      [binaries].compactMap { $0 } + versions.map { "/usr/lib/postgresql/\($0)/bin" }
      + path.split(separator: ":").map(String.init)
    return folders.map { "\($0)/psql" }.first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? "psql"
  }

  /// Runs `sql` on a connection of its own, outside Quarry.
  static func execute(
    _ sql: String, conninfo: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let connection = PQconnectdb(conninfo)
    defer { PQfinish(connection) }
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      XCTFail("\(sql): \(String(cString: PQresultErrorMessage(result)))", file: file, line: line)
      throw CancellationError()
    }
  }

  private static func stopAtExit() {
    lock.withLock {
      state.server?.stop()
      state.server = nil
    }
  }
}
