import Foundation
import XCTest

@testable import Quarry

/// The lookup `including` groups associated rows with: keys as SQLite stores them.
final class StoredKeyPositionsTests: DatabaseTestCase {
  /// The positions found for each column of one row of `sql`.
  private func positions(_ owners: StoredKeyPositions, in sql: String) throws -> [Int?] {
    try db.read { db in
      let statement = try db.connection.cachedStatement(sql)
      return try statement.withReset { statement in
        _ = try statement.step()
        let row = Row(statement: statement, number: 1)
        return (0..<Int32(row.count)).map { owners.position(ofKeyAt: $0, in: row) }
      }
    }
  }

  func testEachStorageClassFindsItsOwnKeysOnly() throws {
    var owners = StoredKeyPositions()
    XCTAssertTrue(owners.isEmpty)
    owners.insert(.integer(7), at: 0)
    owners.insert(.text("00000000-0000-0000-0000-00000000000A"), at: 1)
    owners.insert(.blob(Data([0, 255])), at: 2)
    owners.insert(.real(1.5), at: 3)
    owners.insert(.text(""), at: 4)
    owners.insert(.null, at: 5)
    XCTAssertFalse(owners.isEmpty)
    XCTAssertEqual(
      try positions(
        owners,
        in: "SELECT 7, '00000000-0000-0000-0000-00000000000A', x'00ff', 1.5, '', NULL, 8, '7',"
          + " x'37', 7.0, '00000000-0000-0000-0000-00000000000a', x'', 'a'"),
      [0, 1, 2, 3, 4, nil, nil, nil, nil, nil, nil, nil, nil])
  }

  func testAKeyInsertedTwiceKeepsItsFirstPosition() throws {
    var owners = StoredKeyPositions()
    owners.insert(.integer(1), at: 0)
    owners.insert(.integer(1), at: 1)
    owners.insert(.text("a"), at: 2)
    owners.insert(.text("a"), at: 3)
    owners.insert(.real(-0.0), at: 4)
    owners.insert(.real(0.0), at: 5)
    XCTAssertEqual(try positions(owners, in: "SELECT 1, 'a', 0.0, -0.0"), [0, 2, 4, 4])
  }

  func testManyTextKeysAreAllFound() throws {
    var owners = StoredKeyPositions()
    for number in 0..<2_000 { owners.insert(.text("key \(number)"), at: number) }
    XCTAssertEqual(
      try positions(owners, in: "SELECT 'key 0', 'key 1999', 'key 2000', 'key 999'"),
      [0, 1_999, nil, 999])
  }
}
