import Foundation
import XCTest

@testable import Quarry

final class QueryTests: DatabaseTestCase {
  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    let birds = [
      Bird(id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, price: 5),
      Bird(id: .fixed(2), name: "Wren", wingspan: 0.15, kind: .songbird, price: 10),
      Bird(id: .fixed(3), name: "Kestrel", wingspan: 0.75, kind: .raptor, price: 100),
      Bird(
        id: .fixed(4), name: "Dodo", wingspan: nil, kind: .songbird,
        price: Decimal(string: "9.5") ?? 0),
    ]
    try db.write { db in
      for bird in birds { try db.insert(bird) }
    }
  }

  private func names(
    where condition: SQLExpression<Bird>? = nil,
    orderBy ordering: [SQLOrdering<Bird>] = [Bird.Columns.name.asc],
    limit: Int? = nil
  ) throws -> [String] {
    try db.read {
      try $0.fetchAll(Bird.self, where: condition, orderBy: ordering, limit: limit).map(\.name)
    }
  }

  func testComparisonOperators() throws {
    forEachEngine { _ in
      XCTAssertEqual(try names(where: Bird.Columns.name == "Robin"), ["Robin"])
      XCTAssertEqual(try names(where: Bird.Columns.name != "Robin"), ["Dodo", "Kestrel", "Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan < 0.25), ["Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan <= 0.25), ["Robin", "Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan > 0.2), ["Kestrel", "Robin"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan >= 0.75), ["Kestrel"])
      XCTAssertEqual(try names(where: Bird.Columns.kind == .raptor), ["Kestrel"])
    }
  }

  func testLogicalOperators() throws {
    forEachEngine { _ in
      XCTAssertEqual(
        try names(where: Bird.Columns.name == "Robin" && Bird.Columns.wingspan > 0.2), ["Robin"])
      XCTAssertEqual(
        try names(where: Bird.Columns.name == "Robin" || Bird.Columns.kind == .raptor),
        ["Kestrel", "Robin"])
      XCTAssertEqual(try names(where: !(Bird.Columns.kind == .songbird)), ["Kestrel"])
    }
  }

  func testInLikeAndNullTests() throws {
    forEachEngine { _ in
      XCTAssertEqual(
        try names(where: Bird.Columns.name.in(["Wren", "Dodo", "Owl"])), ["Dodo", "Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.name.in([])), [])
      // LIKE ignores the case of ASCII letters: "%r%" also matches "Robin".
      XCTAssertEqual(try names(where: Bird.Columns.name.like("%r%")), ["Kestrel", "Robin", "Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan.isNull), ["Dodo"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan == nil), ["Dodo"])
      XCTAssertEqual(
        try names(where: Bird.Columns.wingspan.isNotNull), ["Kestrel", "Robin", "Wren"])
      XCTAssertEqual(try names(where: Bird.Columns.wingspan != nil), ["Kestrel", "Robin", "Wren"])
    }
  }

  func testDecimalComparisonsCompareNumbersNotText() throws {
    forEachEngine { _ in
      // As text, "10" < "5" and "100" < "9.5".
      XCTAssertEqual(try names(where: Bird.Columns.price > 5), ["Dodo", "Kestrel", "Wren"])
      XCTAssertEqual(
        try names(where: Bird.Columns.price < (Decimal(string: "9.75") ?? 0)), ["Dodo", "Robin"])
      XCTAssertEqual(
        try names(orderBy: [Bird.Columns.price.desc]), ["Kestrel", "Wren", "Dodo", "Robin"])
    }
  }

  func testOrderingAndLimit() throws {
    forEachEngine { _ in
      XCTAssertEqual(
        try names(orderBy: [Bird.Columns.name.desc]), ["Wren", "Robin", "Kestrel", "Dodo"])
      XCTAssertEqual(
        try names(orderBy: [Bird.Columns.kind.asc, Bird.Columns.wingspan.desc]),
        ["Kestrel", "Robin", "Wren", "Dodo"])
      XCTAssertEqual(try names(limit: 2), ["Dodo", "Kestrel"])
      let first = try db.read { try $0.fetchOne(Bird.self, orderBy: [Bird.Columns.wingspan.desc]) }
      XCTAssertEqual(first?.name, "Kestrel")
    }
  }

  func testCount() throws {
    forEachEngine { _ in
      XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 4)
      XCTAssertEqual(
        try db.read { try $0.count(Bird.self, where: Bird.Columns.kind == .songbird) }, 3)
    }
  }

  func testDeleteAllWhere() throws {
    forEachEngine { _ in
      let removed = try db.write {
        try $0.deleteAll(Bird.self, where: Bird.Columns.kind == .songbird)
      }
      XCTAssertEqual(removed, 3)
      XCTAssertEqual(try names(), ["Kestrel"])
    }
  }

  func testExpressionsQuoteNamesAndBindEveryValue() {
    let condition =
      Bird.Columns.name == "Robin" && !(Bird.Columns.wingspan < 0.2)
      || Bird.Columns.kind.in([.raptor, .songbird])
    XCTAssertEqual(
      condition.sql, #"(("name" = ? AND NOT ("wingspan" < ?)) OR "kind" IN (?, ?))"#)
    XCTAssertEqual(condition.arguments.count, 4)
  }

  func testQueriesArePreparedOnceAndReused() throws {
    forEachEngine { engine in
      recorder.reset()
      for _ in 0..<3 {
        _ = try names(where: Bird.Columns.name == "Robin", limit: 1)
      }
      let selects = recorder.recorded.filter { $0.hasPrefix("SELECT") }
      XCTAssertEqual(selects.count, 3)
      XCTAssertEqual(Set(selects).count, 1)
      XCTAssertEqual(
        selects.first,
        #"SELECT "id", "name", "wingspan", "kind", "tags", "nest_id", "price" FROM "birds" "#
          + #"WHERE "name" = ? ORDER BY "name" ASC"#
          // PostgreSQL sorts NULLs last ascending: SQLite's order is spelled out there.
          + (engine == .sqlite ? "" : " NULLS FIRST") + " LIMIT ?")
    }
  }

  func testHostileValuesAreBoundNotInterpolated() throws {
    forEachEngine { _ in
      let hostile = "Robin'; DROP TABLE \"birds\"; --"
      try db.write {
        try $0.insert(Bird(id: .fixed(9), name: hostile, kind: .songbird))
      }
      XCTAssertEqual(try names(where: Bird.Columns.name == hostile), [hostile])
      XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 5)
    }
  }

  func testHostileIdentifiersAreQuoted() throws {
    forEachEngine { engine in
      try db.migrate(Hostile.self)
      let row = Hostile(key: "k'\"", value: "v; --")
      try db.write { try $0.insert(row) }
      try db.write { try $0.update(Hostile(key: "k'\"", value: "w")) }

      let fetched = try db.read {
        try $0.fetchAll(
          Hostile.self, where: Hostile.Columns.value == "w", orderBy: [Hostile.Columns.key.asc])
      }

      XCTAssertEqual(fetched, [Hostile(key: "k'\"", value: "w")])
      XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 4)
      // Every table and index of the schema, under its exact name, in each engine's catalog.
      switch engine {
      case .sqlite:
        let tables = try db.read {
          try $0.fetchValue(String.self, sql: "SELECT group_concat(name, '|') FROM sqlite_master")
        }
        XCTAssertEqual(
          tables,
          #"nests|sqlite_sequence|birds|sqlite_autoindex_birds_1|sqlite_autoindex_birds_2|"#
            + #"birds_on_kind_name|we"ird table; DROP TABLE "birds"; --|"#
            + #"sqlite_autoindex_we"ird table; DROP TABLE "birds"; --_1|"#
            + #"we"ird table; DROP TABLE "birds"; --_on_value; DROP TABLE birds"#)
      case .postgres:
        let tables = try db.read {
          try $0.fetchValue(
            String.self,
            sql: "SELECT string_agg(relname, '|' ORDER BY relname COLLATE \"C\") FROM pg_class"
              + " WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'i')")
        }
        XCTAssertEqual(
          tables,
          #"birds|birds_name_key|birds_on_kind_name|birds_pkey|nests|nests_pkey|"#
            + #"we"ird table; DROP TABLE "birds"; --|"#
            + #"we"ird table; DROP TABLE "birds"; --_on_value; DROP TABLE birds|"#
            + #"we"ird table; DROP TABLE "birds"; --_pkey"#)
      }
    }
  }
}
