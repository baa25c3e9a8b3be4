import Foundation
import XCTest

@testable import Quarry

/// JSON text through a Database on both engines (`tags` is a TEXT column holding JSON).
final class JSONConversionTests: DatabaseTestCase {
  func testCollectionsAreStoredAsSortedJSONText() {
    forEachEngine { _ in
      try db.write { try $0.migrate([Measurement.self]) }
      try db.write {
        try $0.insert(Measurement(id: nil, small: 1, label: "a", tags: ["x", "y/z"]))
      }
      XCTAssertEqual(
        try rawRows(#"SELECT "tags" FROM "measurements""#, in: db), [[.text(#"["x","y/z"]"#)]])
    }
  }

  func testNestedCodableValuesRoundTrip() {
    forEachEngine { _ in
      let payload = ["b": [1, 2], "a": []]
      let text = try db.read { db -> String? in
        let statement = try db.connection.cachedStatement("SELECT ?")
        return try statement.withReset { statement in
          try statement.bindJSON(payload, at: 1)
          _ = try statement.step()
          let decoded: [String: [Int]] = try Row(statement: statement, number: 1)
            .decodeJSON(at: 0)
          XCTAssertEqual(decoded, ["a": [], "b": [1, 2]])
          return try Row(statement: statement, number: 1).decode(at: 0)
        }
      }
      XCTAssertEqual(text, #"{"a":[],"b":[1,2]}"#)
    }
  }
}

/// An optional Codable value bound and read back through one statement, on both engines.
final class OptionalJSONConversionTests: EngineTestCase {
  func testNilBindsNullAndNullDecodesNil() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let result = try db.read { db -> [String]? in
        let statement = try db.connection.cachedStatement("SELECT ?")
        return try statement.withReset { statement in
          try statement.bindJSON([String]?.none, at: 1)
          _ = try statement.step()
          XCTAssertEqual(Row(statement: statement, number: 1).databaseValue(at: 0), .null)
          let decoded: [String]? = try Row(statement: statement, number: 1).decodeJSON(at: 0)
          return decoded
        }
      }
      XCTAssertNil(result)
    }
  }

  func testSomeBindsJSON() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let result = try db.read { db -> [String]? in
        let statement = try db.connection.cachedStatement("SELECT ?")
        return try statement.withReset { statement in
          try statement.bindJSON(Optional(["a"]), at: 1)
          _ = try statement.step()
          XCTAssertEqual(
            Row(statement: statement, number: 1).databaseValue(at: 0), .text(#"["a"]"#))
          return try Row(statement: statement, number: 1).decodeJSON(at: 0)
        }
      }
      XCTAssertEqual(result, ["a"])
    }
  }
}
