import Foundation
import QuarryTestSupport
import XCTest

/// The databases of the PostgreSQL observation and concurrency tests, on the process's one
/// ``SharedPostgresServer`` (the server the engine suites use too): a fresh database per test.
enum PostgresServerForTests {
  /// The conninfo of a new, empty database; fails the test when there is no server.
  static func createDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    do {
      return try SharedPostgresServer.createDatabase().conninfo
    } catch {
      XCTFail("the PostgreSQL test server did not start: \(error)", file: file, line: line)
      throw CancellationError()
    }
  }

  /// A `psql`: beside the server's tools, else Debian's versioned folders, else on PATH.
  static var psql: String {
    let binaries = try? SharedPostgresServer.server().binaries
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      [binaries].compactMap { $0 } + versions.map { "/usr/lib/postgresql/\($0)/bin" }
      + path.split(separator: ":").map(String.init)
    return folders.map { "\($0)/psql" }.first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? "psql"
  }
}
