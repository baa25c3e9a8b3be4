import Foundation
@testable import Quarry
import XCTest

final class DatabaseTests: DatabaseTestCase {
  func testInsertThenFetchOneReturnsTheSameValue() throws {
    let robin = Bird(
      id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, tags: ["red", "garden"],
      price: Decimal(string: "19.99") ?? 0)
    try db.write { try $0.insert(robin) }

    let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }

    XCTAssertEqual(fetched, robin)
  }

  func testFetchOneOfAMissingKeyIsNil() throws {
    let fetched = try db.read { try $0.fetchOne(Bird.self, id: .fixed(9)) }
    XCTAssertNil(fetched)
  }
}
