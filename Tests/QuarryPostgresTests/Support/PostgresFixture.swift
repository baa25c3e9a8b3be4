import Foundation
import QuarryTestSupport
import XCTest

/// The engine tests' databases, on the process's one ``SharedPostgresServer``: each test gets a
/// fresh database, and a failure to start the server fails the test with its cause.
enum PostgresFixture {
  /// The conninfo of a new, empty database, or a failure naming why the server is missing.
  static func createDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    do {
      return try SharedPostgresServer.createDatabase().conninfo
    } catch {
      XCTFail("the PostgreSQL test server did not start: \(error)", file: file, line: line)
      throw CancellationError()
    }
  }

  /// The server's socket folder (for tests that build their own conninfo).
  static var folder: String? { try? SharedPostgresServer.server().folder }
}
