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

  /// SQLite's null-safe `IS ?` and `IS NOT ?` in literal SQL mean the same on PostgreSQL, where
  /// they are spelled `IS NOT DISTINCT FROM` and `IS DISTINCT FROM`: NULL matches NULL.
  func testNullSafeComparisonsWithAParameter() throws {
    forEachEngine { _ in
      try db.migrate(Member.self)
      let members = [
        Member(id: 1, name: "Ada"), Member(id: 2, name: "Brian", email: "b@example.com"),
        Member(id: 3, name: "Cy", email: "c@example.com"), Member(id: 4, name: "Di"),
      ]
      try db.write { tx in
        for member in members { try tx.insert(member) }
      }
      for email in [nil, "b@example.com", "nobody@example.com"] as [String?] {
        let same = try db.read {
          try $0.fetchAll(
            Member.self, sql: #"SELECT * FROM "members" WHERE "email" IS ? ORDER BY "id""#,
            arguments: [email])
        }
        XCTAssertEqual(same, members.filter { $0.email == email }, "\(email ?? "nil")")
        let other = try db.read {
          try $0.fetchAll(
            Member.self,
            sql: #"SELECT * FROM "members" WHERE "email" is not ?1 AND "id" > ?2 ORDER BY "id""#,
            arguments: [email, 1])
        }
        XCTAssertEqual(
          other, members.filter { $0.email != email && $0.id > 1 }, "\(email ?? "nil")")
      }
      // Through an SQL literal's interpolated value too.
      let literal = try db.read {
        try $0.fetchAll(
          Member.self,
          literal: "SELECT * FROM members WHERE email IS \(nil as String?) ORDER BY id")
      }
      XCTAssertEqual(literal, members.filter { $0.email == nil })
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
    forEachEngine { engine in
      XCTAssertThrowsError(try db.write { try $0.execute("SELEC 1") }) { error in
        switch engine {
        case .sqlite:
          XCTAssertEqual(
            "\(error)", #"SQLite error 1: near "SELEC": syntax error - while executing `SELEC 1`"#)
        case .postgres:
          XCTAssertEqual(
            "\(error)",
            #"PostgreSQL error 42601: syntax error at or near "SELEC" - while executing `SELEC 1`"#)
        }
      }
    }
  }

  func testRowGivesRawValues() throws {
    forEachEngine { engine in
      // A bare 1.5 is NUMERIC on PostgreSQL (read as its exact text): the cast asks both for a
      // double. Blob literals have no common spelling.
      let blob = engine == .postgres ? #"'\x00ff'::bytea"# : "x'00ff'"
      let values = try db.read { db -> [DatabaseValue] in
        let statement = try db.connection.cachedStatement(
          "SELECT NULL, 1, CAST(1.5 AS DOUBLE PRECISION), 'a', \(blob)")
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
    forEachEngine { engine in
      // PostgreSQL text cannot hold NUL (bytea can): its run checks the empty and NUL blobs.
      let sql =
        engine == .postgres
        ? #"SELECT CAST('' AS TEXT), '\x'::bytea, '\x00'::bytea, '\x000000'::bytea"#
        : "SELECT '', x'', 'a' || char(0) || 'b', x'00', zeroblob(3)"
      let values = try db.read { db -> [DatabaseValue] in
        let statement = try db.connection.cachedStatement(sql)
        return try statement.withReset { statement in
          _ = try statement.step()
          let row = Row(statement: statement, number: 1)
          return (0..<Int32(row.count)).map { row.databaseValue(at: $0) }
        }
      }
      switch engine {
      case .sqlite:
        XCTAssertEqual(
          values,
          [.text(""), .blob(Data()), .text("a\u{0}b"), .blob(Data([0])), .blob(Data([0, 0, 0]))])
      case .postgres:
        XCTAssertEqual(
          values, [.text(""), .blob(Data()), .blob(Data([0])), .blob(Data([0, 0, 0]))])
      }
    }
  }
}
