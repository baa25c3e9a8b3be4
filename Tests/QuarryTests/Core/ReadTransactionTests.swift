import Foundation
import XCTest

@testable import Quarry

final class ReadTransactionTests: DatabaseTestCase {
  func testAReadTransactionKeptOutsideItsClosureStaysInvalidAfterLaterReads() {
    forEachEngine { _ in
      var kept: ReadTransaction?
      try db.read { kept = $0 }
      let escaped = try XCTUnwrap(kept)
      XCTAssertFalse(escaped.isValid)
      for _ in 0..<3 {
        try db.read { transaction in
          XCTAssertTrue(transaction.isValid)
          XCTAssertFalse(transaction === escaped)
        }
      }
      XCTAssertFalse(escaped.isValid)
    }
  }

  func testReadTransactionsAreReusedWhenNothingKeepsThem() {
    forEachEngine { _ in
      var first: ObjectIdentifier?
      try db.read { first = ObjectIdentifier($0) }
      var second: ObjectIdentifier?
      try db.read { second = ObjectIdentifier($0) }
      XCTAssertEqual(first, second)
    }
  }

  func testTheFileDatabaseReusesItsReadersTransactionsToo() throws {
    // SQLite only: a file database's reader connections (PostgreSQL's run in every test above).
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Database(path: directory.appendingPathComponent("db.sqlite").path)
    try file.migrate(Nest.self)
    try file.write { _ = try $0.insert(Nest(id: 7, site: "oak")) }
    var kept: ReadTransaction?
    let nest = try file.read { transaction -> Nest? in
      kept = transaction
      return try transaction.fetchOne(Nest.self, id: 7)
    }
    XCTAssertEqual(nest, Nest(id: 7, site: "oak"))
    XCTAssertEqual(try file.read { try $0.fetchOne(Nest.self, id: 7) }, nest)
    XCTAssertEqual(kept?.isValid, false)
  }

  func testBlobsReadStraightFromTheColumnAndOtherStorageIsAnError() throws {
    XCTAssertEqual(try roundTrip(Data([0, 0xFF, 0]), as: .blob), Data([0, 0xFF, 0]))
    XCTAssertEqual(try roundTrip(Data(), as: .blob), Data())
    forEachEngine { engine in
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(Data.self, sql: "SELECT 'text'") }
      ) { error in
        // Each engine names the column of an expression its own way.
        let column = engine == .sqlite ? "'text'" : "?column?"
        XCTAssertEqual(
          "\(error)",
          "cannot decode column '\(column)' (row 1) as Data: expected BLOB, found TEXT - while "
            + "executing `SELECT 'text'`")
      }
    }
  }

  func testIntegerKeysBindThroughTheirOwnOverloads() {
    forEachEngine { _ in
      try db.migrate(Nest.self)
      try db.write { _ = try $0.insert(Nest(id: Int64.max, site: "top")) }
      XCTAssertEqual(
        try db.read {
          try $0.fetchValue(
            String.self, sql: #"SELECT "site" FROM "nests" WHERE "id" = ?"#, arguments: [Int64.max])
        },
        "top")
      XCTAssertEqual(
        try rawRows("SELECT id FROM nests", in: db), [[.integer(Int64.max)]])
      XCTAssertEqual(
        try db.read { try $0.fetchOne(Nest.self, id: Int64.max) }, Nest(id: Int64.max, site: "top"))
    }
  }
}
