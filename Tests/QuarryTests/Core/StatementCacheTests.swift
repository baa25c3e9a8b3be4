import CSQLite
import XCTest

@testable import Quarry

final class StatementCacheTests: XCTestCase {
  private var connection: Connection!

  override func setUpWithError() throws {
    connection = try Connection(
      path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
      configuration: Database.Configuration())
  }

  override func tearDown() {
    connection = nil
  }

  /// The statements SQLite has prepared and not finalized on the connection.
  private var liveStatementCount: Int {
    var count = 0
    var statement = sqlite3_next_stmt(connection.handle, nil)
    while let current = statement {
      count += 1
      statement = sqlite3_next_stmt(connection.handle, current)
    }
    return count
  }

  func testTheCacheKeepsAtMost64StatementsAndFinalizesTheOthers() throws {
    let transactionStatements = liveStatementCount
    XCTAssertEqual(transactionStatements, 4)  // BEGIN, BEGIN IMMEDIATE, COMMIT, ROLLBACK
    for number in 0..<100 {
      _ = try connection.cachedStatement("SELECT \(number)")
    }
    XCTAssertEqual(connection.cachedStatementCount, 64)
    XCTAssertEqual(liveStatementCount, 68)
  }

  func testTheLeastRecentlyUsedStatementIsEvictedFirst() throws {
    let first = try connection.cachedStatement("SELECT 0")
    for number in 1..<100 {
      _ = try connection.cachedStatement("SELECT \(number)")
      _ = try connection.cachedStatement("SELECT 0")  // keeps it the most recently used
    }
    XCTAssertTrue(try connection.cachedStatement("SELECT 0") === first)
    XCTAssertTrue(connection.hasCachedStatement("SELECT 99"))
    XCTAssertTrue(connection.hasCachedStatement("SELECT 37"))
    XCTAssertFalse(connection.hasCachedStatement("SELECT 36"))
    XCTAssertFalse(connection.hasCachedStatement("SELECT 1"))
  }

  func testAnEvictedStatementStaysUsableWhileHeldAndIsFinalizedWhenReleased() throws {
    var held: Statement? = try connection.cachedStatement("SELECT 41 UNION ALL SELECT 42")
    XCTAssertEqual(try held?.step(), true)
    for number in 0..<64 {
      _ = try connection.cachedStatement("SELECT \(number)")
    }
    XCTAssertFalse(connection.hasCachedStatement("SELECT 41 UNION ALL SELECT 42"))
    XCTAssertEqual(liveStatementCount, 4 + 64 + 1)
    XCTAssertEqual(try held?.step(), true)
    XCTAssertEqual(try held?.step(), false)
    held = nil
    XCTAssertEqual(liveStatementCount, 4 + 64)
  }

  func testDistinctQueriesThroughTheDatabaseStayBounded() throws {
    let db = try Database.inMemory()
    for number in 0..<200 {
      let value = try db.read {
        try $0.fetchValue(Int.self, sql: "SELECT \(number) + ?", arguments: [1])
      }
      XCTAssertEqual(value, number + 1)
    }
    XCTAssertFalse(db.hasBusyStatements)
  }
}
