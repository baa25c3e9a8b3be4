import CSQLite
import XCTest

@testable import Quarry

final class ConnectionTests: XCTestCase {
  private func busyTimeout(configuredAs seconds: TimeInterval) throws -> Int? {
    var configuration = Database.Configuration()
    configuration.busyTimeout = seconds
    let db = try Database.inMemory(configuration: configuration)
    return try db.read { try $0.fetchValue(Int.self, sql: "PRAGMA busy_timeout") }
  }

  func testTheBusyTimeoutIsSetInMillisecondsAndClampedInsteadOfTrapping() throws {
    XCTAssertEqual(try busyTimeout(configuredAs: 5), 5000)
    XCTAssertEqual(try busyTimeout(configuredAs: 2.5), 2500)
    XCTAssertEqual(try busyTimeout(configuredAs: 0), 0)
    XCTAssertEqual(try busyTimeout(configuredAs: -3), 0)
    XCTAssertEqual(try busyTimeout(configuredAs: .nan), 0)
    XCTAssertEqual(try busyTimeout(configuredAs: .infinity), 2_147_483_647)
    XCTAssertEqual(try busyTimeout(configuredAs: 1e12), 2_147_483_647)
  }

  func testAFailedStepThrowsItsOwnErrorOnceAndTheStatementRunsAgainCleanly() throws {
    let db = try Database.inMemory()
    try db.migrate(Nest.self)
    let committed = try db.write { db -> Int64 in
      _ = try db.insert(Nest(id: 1, site: "oak"))
      XCTAssertThrowsError(try db.insert(Nest(id: 1, site: "elm"))) { error in
        XCTAssertEqual(
          error as? SQLiteError,
          SQLiteError(
            code: 19, extendedCode: 1555, message: "UNIQUE constraint failed: nests.id",
            sql: #"INSERT INTO "nests" ("id", "site") VALUES (?1, ?2)"#))
      }
      // The same cached INSERT, reset after its failure, reports no stale error.
      return try db.insert(Nest(id: 2, site: "elm"))
    }
    XCTAssertEqual(committed, 2)
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Nest.self) },
      [Nest(id: 1, site: "oak"), Nest(id: 2, site: "elm")])
  }

  func testAnErrorThrownWhileReadingIsNotReplacedByTheReset() throws {
    let db = try Database.inMemory()
    try db.migrate(Nest.self)
    try db.write { _ = try $0.insert(Nest(id: 1, site: "oak")) }
    struct Stop: Error {}
    XCTAssertThrowsError(
      try db.read { db in
        _ = try db.fetchOne(Nest.self, id: 1)
        throw Stop()
      }
    ) { error in
      XCTAssertTrue(error is Stop, "\(error)")
    }
    XCTAssertEqual(try db.read { try $0.fetchOne(Nest.self, id: 1) }, Nest(id: 1, site: "oak"))
    XCTAssertFalse(db.hasBusyStatements)
  }
}
