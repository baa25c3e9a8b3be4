import Foundation
import XCTest

@testable import Quarry

final class RawSQLTests: DatabaseTestCase {
  func testFetchAllWithOwnSQLBindsArguments() throws {
    forEachEngine { _ in
      try db.write { db in
        try db.insert(Nest(site: "oak"))
        try db.insert(Nest(site: "elm'; DROP TABLE \"nests\"; --"))
      }
      let nests = try db.read {
        try $0.fetchAll(
          Nest.self, sql: #"SELECT "id", "site" FROM "nests" WHERE "site" <> ? ORDER BY "id""#,
          arguments: ["oak"])
      }
      XCTAssertEqual(nests, [Nest(id: 2, site: "elm'; DROP TABLE \"nests\"; --")])
    }
  }

  func testFetchValueReturnsNilWithoutARow() throws {
    forEachEngine { _ in
      let value = try db.read {
        try $0.fetchValue(
          String.self, sql: #"SELECT "site" FROM "nests" WHERE "id" = ?"#, arguments: [1])
      }
      XCTAssertNil(value)
    }
  }

  func testExecuteBindsArgumentsAndDeleteAllEmptiesATable() throws {
    forEachEngine { _ in
      try db.write { db in
        try db.execute(#"INSERT INTO "nests" ("site") VALUES (?), (?)"#, arguments: ["oak", "elm"])
      }
      XCTAssertEqual(try db.read { try $0.count(Nest.self) }, 2)
      XCTAssertEqual(try db.write { try $0.deleteAll(Nest.self) }, 2)
      XCTAssertEqual(try db.read { try $0.count(Nest.self) }, 0)
    }
  }

  func testInvalidSQLThrowsWithTheSQLInTheMessage() {
    forEachEngine { _ in
      XCTAssertThrowsError(try db.write { try $0.execute("SELEC 1") }) { error in
        XCTAssertEqual(
          "\(error)", #"SQLite error 1: near "SELEC": syntax error - while executing `SELEC 1`"#)
      }
    }
  }

  func testRowGivesRawValues() throws {
    forEachEngine { _ in
      let values = try db.read { db -> [DatabaseValue] in
        let statement = try db.connection.cachedStatement("SELECT NULL, 1, 1.5, 'a', x'00ff'")
        return try statement.withReset { statement in
          _ = try statement.step()
          let row = Row(statement: statement, number: 1)
          return (0..<Int32(row.count)).map { row.databaseValue(at: $0) }
        }
      }
      XCTAssertEqual(values, [.null, .integer(1), .real(1.5), .text("a"), .blob(Data([0, 255]))])
    }
  }

  func testRowCopiesEmptyAndNULContainingTextAndBlobs() throws {
    forEachEngine { _ in
      let values = try db.read { db -> [DatabaseValue] in
        let statement = try db.connection.cachedStatement(
          "SELECT '', x'', 'a' || char(0) || 'b', x'00', zeroblob(3)")
        return try statement.withReset { statement in
          _ = try statement.step()
          let row = Row(statement: statement, number: 1)
          return (0..<Int32(row.count)).map { row.databaseValue(at: $0) }
        }
      }
      XCTAssertEqual(
        values,
        [.text(""), .blob(Data()), .text("a\u{0}b"), .blob(Data([0])), .blob(Data([0, 0, 0]))])
    }
  }
}
