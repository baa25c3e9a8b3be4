import Foundation
import XCTest

@testable import Quarry

/// The lookup `including` groups associated rows with: keys as SQLite stores them, and on
/// PostgreSQL as the same Swift keys arrive in binary.
final class StoredKeyPositionsTests: DatabaseTestCase {
  /// The positions found for each column of one row of `sql`.
  private func positions(
    _ owners: StoredKeyPositions, in sql: String, in database: Database? = nil
  ) throws -> [Int?] {
    try (database ?? db).read { db in
      let statement = try db.checkedConnection.cachedStatement(sql)
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

  /// PostgreSQL hands the key column over in its binary type: each type is found as the
  /// storage class its Swift key's `databaseValue()` has (a `UUID` stores its upper-case text,
  /// a uuid column holds 16 bytes), and only that.
  func testPostgresTypesFindTheKeysOfTheirSwiftValues() {
    forEachEngine([.postgres]) { _ in
      let db = try makeDatabase()
      let uuid = UUID(uuidString: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")!
      var owners = StoredKeyPositions()
      owners.insert(try Int64(7).databaseValue(), at: 0)
      owners.insert(try uuid.databaseValue(), at: 1)
      owners.insert(try Data([0, 255]).databaseValue(), at: 2)
      owners.insert(try 1.5.databaseValue(), at: 3)
      owners.insert(try "".databaseValue(), at: 4)
      owners.insert(try "Émile".databaseValue(), at: 5)
      owners.insert(try true.databaseValue(), at: 6)
      owners.insert(try Decimal(string: "2.25")!.databaseValue(), at: 7)
      owners.insert(try Int64.min.databaseValue(), at: 8)
      let found = try positions(
        owners,
        in: "SELECT 7::int8, 7::int4, 7::int2, '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'::uuid,"
          + " '0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9'::text, '\\x00ff'::bytea, 1.5::float8,"
          + " ''::text, 'Émile'::text, 'Émile'::varchar, true, 2.25::numeric,"
          + " (-9223372036854775808)::int8, NULL::int8, 8::int8, '7'::text, '\\x37'::bytea,"
          + " 7.0::float8, '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'::text, ''::bytea, 'émile'::text,"
          + " false, '00000000-0000-0000-0000-000000000000'::uuid",
        in: db)
      XCTAssertEqual(
        found,
        [0, 0, 0, 1, 1, 2, 3, 4, 5, 5, 6, 7, 8, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil])
    }
  }

  func testAKeyInsertedTwiceKeepsItsFirstPosition() throws {
    var owners = StoredKeyPositions()
    XCTAssertEqual(owners.insert(.integer(1), at: 0), 0)
    XCTAssertEqual(owners.insert(.integer(1), at: 1), 0)
    XCTAssertEqual(owners.insert(.text("a"), at: 2), 2)
    XCTAssertEqual(owners.insert(.text("a"), at: 3), 2)
    XCTAssertEqual(owners.insert(.real(-0.0), at: 4), 4)
    XCTAssertEqual(owners.insert(.real(0.0), at: 5), 4)
    XCTAssertEqual(owners.insert(.null, at: 6), nil)
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
