import Foundation
import XCTest

@testable import Quarry

/// A fresh database per test, opened with `Database(postgres:)`, plus a raw connection to
/// check answers independently of the runtime (text-format results of plain SQL).
class PostgresDatabaseTestCase: XCTestCase {
  var conninfo = ""
  var db: Database!
  /// Statements traced by `db`.
  let traced = TracedStatements()

  override func setUpWithError() throws {
    conninfo = try PostgresFixture.createDatabase()
    var configuration = Database.Configuration()
    let traced = traced
    configuration.trace = { traced.append($0) }
    db = try Database(postgres: conninfo, configuration: configuration)
  }

  override func tearDown() {
    db = nil
    super.tearDown()
  }

  /// Runs `sql` on a separate connection, as another client would; rows in text format.
  @discardableResult
  func raw(_ sql: String) throws -> [[String?]] {
    let connection = try PostgresConnection(conninfo: conninfo)
    let result = try connection.execute(sql)
    return (0..<result.rowCount).map { row in
      (0..<result.columnCount).map { result.text(row: row, column: $0) }
    }
  }
}

/// The SQL a database traced, safe to append to from any thread.
final class TracedStatements: @unchecked Sendable {
  private let lock = NSLock()
  private var statements: [String] = []

  func append(_ sql: String) { lock.withLock { statements.append(sql) } }

  var all: [String] { lock.withLock { statements } }

  func removeAll() { lock.withLock { statements.removeAll() } }
}
