import Foundation
import XCTest

@testable import Quarry

/// `Query<T>`: building, running, caching, and the safety checks around it.
final class QueryValueTests: DatabaseTestCase {
  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    let nestID = try db.write { try $0.insert(Nest(site: "oak")) }
    let birds = [
      Bird(id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, nestID: nestID, price: 5),
      Bird(id: .fixed(2), name: "Wren", wingspan: 0.15, kind: .songbird, price: 10),
      Bird(
        id: .fixed(3), name: "Kestrel", wingspan: 0.75, kind: .raptor, nestID: nestID, price: 100),
      Bird(id: .fixed(4), name: "Dodo", wingspan: nil, kind: .songbird, price: 9),
      Bird(id: .fixed(5), name: "Owl", wingspan: 1.1, kind: .raptor, price: 40),
    ]
    try db.write { db in
      for bird in birds { try db.insert(bird) }
    }
    recorder.reset()
  }

  private func names(_ query: Query<Bird>) throws -> [String] {
    try db.read { try $0.fetchAll(query).map(\.name) }
  }

  func testFilterOrderLimitAndOffset() throws {
    forEachEngine { _ in
      let page = Bird.all()
        .filter(Bird.Columns.kind == .songbird && Bird.Columns.price > 5)
        .order(Bird.Columns.price.desc, Bird.Columns.name.asc)
      XCTAssertEqual(try names(page), ["Wren", "Dodo"])
      XCTAssertEqual(try names(page.limit(1)), ["Wren"])
      XCTAssertEqual(try names(page.limit(1, offset: 1)), ["Dodo"])
      XCTAssertEqual(try names(page.limit(5, offset: 2)), [])
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.name.asc).offset(3)), ["Robin", "Wren"])
      // Filters combine with AND; order replaces an earlier order.
      XCTAssertEqual(
        try names(Bird.all().filter(Bird.Columns.kind == .raptor).filter(Bird.Columns.price < 50)),
        ["Owl"])
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.price.asc).order(Bird.Columns.name.desc)),
        ["Wren", "Robin", "Owl", "Kestrel", "Dodo"])
    }
  }

  func testFetchOneCountAndExists() throws {
    forEachEngine { _ in
      let raptors = Bird.all().filter(Bird.Columns.kind == .raptor).order(Bird.Columns.name.asc)
      try db.read { db in
        XCTAssertEqual(try db.fetchOne(raptors)?.name, "Kestrel")
        XCTAssertEqual(try db.fetchOne(raptors.limit(5, offset: 1))?.name, "Owl")
        XCTAssertNil(try db.fetchOne(raptors.limit(5, offset: 2)))
        XCTAssertNil(try db.fetchOne(raptors.limit(0)))
        XCTAssertEqual(try db.fetchCount(raptors), 2)
        XCTAssertEqual(try db.fetchCount(Bird.all()), 5)
        XCTAssertEqual(try db.fetchCount(Bird.all().limit(3)), 3)
        XCTAssertEqual(try db.fetchCount(Bird.all().limit(10, offset: 4)), 1)
        XCTAssertTrue(try db.exists(raptors))
        XCTAssertFalse(try db.exists(raptors.filter(Bird.Columns.price > 1000)))
        XCTAssertFalse(try db.exists(raptors.limit(1, offset: 2)))
      }
    }
  }

  func testQueryIsAnImmutableValue() throws {
    forEachEngine { _ in
      let base = Bird.all().filter(Bird.Columns.kind == .songbird)
      let cheap = base.filter(Bird.Columns.price < 9)
      XCTAssertEqual(try db.read { try $0.fetchCount(base) }, 3)
      XCTAssertEqual(try db.read { try $0.fetchCount(cheap) }, 1)
      // Sendable: shared with tasks that refine it differently.
      let counts = try (0..<4).map { limit in
        try db.read { try $0.fetchCount(base.limit(limit)) }
      }
      XCTAssertEqual(counts, [0, 1, 2, 3])
    }
  }

  func testSQLIsCachedPerValueAndStatementsReused() throws {
    forEachEngine { engine in
      let query = Bird.all().filter(Bird.Columns.name == "Robin").order(Bird.Columns.name.asc)
        .limit(2, offset: 0)
      for _ in 0..<3 { _ = try names(query) }
      _ = try names(
        Bird.all().filter(Bird.Columns.name == "Wren").order(Bird.Columns.name.asc)
          .limit(3, offset: 1))
      let selects = recorder.recorded.filter { $0.hasPrefix("SELECT") }
      XCTAssertEqual(selects.count, 4)
      XCTAssertEqual(Set(selects).count, 1, "one text for every page and value")
      XCTAssertEqual(
        selects.first,
        #"SELECT "id", "name", "wingspan", "kind", "tags", "nest_id", "price" FROM "birds" "#
          + #"WHERE "name" = ? ORDER BY "name" ASC"#
          // PostgreSQL sorts NULLs last ascending: SQLite's order is spelled out there.
          + (engine == .sqlite ? "" : " NULLS FIRST") + " LIMIT ? OFFSET ?")
      try db.read { db in
        XCTAssertTrue(db.connection.hasCachedStatement(selects[0]))
      }
    }
  }

  func testStatementTexts() {
    let query = Bird.all().filter(Bird.Columns.kind == .raptor)
    XCTAssertEqual(
      SQLRenderer.count(query.core).sql, #"SELECT COUNT(*) FROM "birds" WHERE "kind" = ?"#)
    XCTAssertEqual(
      SQLRenderer.count(query.limit(2).core).sql,
      #"SELECT COUNT(*) FROM (SELECT "id", "name", "wingspan", "kind", "tags", "nest_id", "price" "#
        + #"FROM "birds" WHERE "kind" = ? LIMIT ?) AS "counted""#)
    XCTAssertEqual(
      SQLRenderer.exists(query.core).sql,
      #"SELECT EXISTS (SELECT 1 FROM "birds" WHERE "kind" = ?)"#)
    XCTAssertEqual(
      SQLRenderer.delete(query.core, primaryKey: ["id"]).sql,
      #"DELETE FROM "birds" WHERE "kind" = ?"#)
    XCTAssertEqual(
      SQLRenderer.delete(query.order(Bird.Columns.name.asc).limit(1).core, primaryKey: ["id"]).sql,
      #"DELETE FROM "birds" WHERE "id" IN (SELECT "id" FROM "birds" "#
        + #"WHERE "kind" = ? ORDER BY "name" ASC LIMIT ?)"#)
    XCTAssertEqual(
      SQLRenderer.rows(Bird.all().offset(3).core).sql,
      #"SELECT "id", "name", "wingspan", "kind", "tags", "nest_id", "price" FROM "birds" "#
        + #"LIMIT -1 OFFSET ?"#)
  }

  /// A correlated subquery over the outer query's own table aliases its table, so the outer
  /// reference reads the outer row; over another table nothing is aliased.
  func testCorrelatedSubqueryTexts() {
    typealias C = Bird.Columns
    let cheaper = Bird.all().filter(
      .exists(Bird.all().filter(C.kind == C.kind.outer() && C.price < C.price.outer())))
    XCTAssertEqual(
      SQLRenderer.count(cheaper.core).sql,
      #"SELECT COUNT(*) FROM "birds" WHERE EXISTS (SELECT "birds_inner"."id", "#
        + #""birds_inner"."name", "birds_inner"."wingspan", "birds_inner"."kind", "#
        + #""birds_inner"."tags", "birds_inner"."nest_id", "birds_inner"."price" "#
        + #"FROM "birds" AS "birds_inner" WHERE ("birds_inner"."kind" = "birds"."kind" "#
        + #"AND "birds_inner"."price" < "birds"."price"))"#)
    let nested = Nest.all().filter(.exists(Bird.all().filter(C.nestID == Nest.Columns.id.outer())))
    XCTAssertEqual(
      SQLRenderer.count(nested.core).sql,
      #"SELECT COUNT(*) FROM "nests" WHERE EXISTS (SELECT "birds"."id", "birds"."name", "#
        + #""birds"."wingspan", "birds"."kind", "birds"."tags", "birds"."nest_id", "#
        + #""birds"."price" FROM "birds" WHERE "birds"."nest_id" = "nests"."id")"#)
  }

  func testDeleteAllOfAQueryReturnsTheCount() throws {
    forEachEngine { _ in
      let removed = try db.write {
        try $0.deleteAll(
          Bird.all().filter(Bird.Columns.kind == .songbird).order(Bird.Columns.name.asc)
            .limit(2))
      }
      XCTAssertEqual(removed, 2)
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.name.asc)), ["Kestrel", "Owl", "Wren"])
      XCTAssertEqual(
        try db.write { try $0.deleteAll(Bird.all().filter(Bird.Columns.price > 1000)) }, 0)
      XCTAssertEqual(
        try db.write { try $0.deleteAll(Bird.self, where: Bird.Columns.price > 50) }, 1)
    }
  }

  func testShorthandsTakeAnOffset() throws {
    forEachEngine { _ in
      try db.read { db in
        XCTAssertEqual(
          try db.fetchAll(Bird.self, orderBy: [Bird.Columns.name.asc], limit: 2, offset: 1)
            .map(\.name), ["Kestrel", "Owl"])
        XCTAssertEqual(
          try db.fetchAll(Bird.self, orderBy: [Bird.Columns.name.asc], offset: 3).map(\.name),
          ["Robin", "Wren"])
        XCTAssertEqual(
          try db.fetchOne(Bird.self, orderBy: [Bird.Columns.name.asc], offset: 4)?.name, "Wren")
      }
    }
  }

  func testThousandsOfOrTermsStayShallow() throws {
    forEachEngine { _ in
      let names = (0..<5_000).map { "bird \($0)" } + ["Owl"]
      let condition = names.dropFirst().reduce(Bird.Columns.name == names[0]) {
        $0 || Bird.Columns.name == $1
      }
      XCTAssertEqual(try self.names(Bird.all().filter(condition)), ["Owl"])
      let conjunction = names.map { Bird.Columns.name != $0 }.joined(operator: .and)
      XCTAssertEqual(
        try self.names(Bird.all().filter(conjunction).order(Bird.Columns.name.asc)),
        ["Dodo", "Kestrel", "Robin", "Wren"])
      XCTAssertEqual(
        (Bird.Columns.price > 1 && Bird.Columns.price < 9 && Bird.Columns.kind == .raptor).sql,
        #"("price" > ? AND ("price" < ? AND "kind" = ?))"#)
    }
  }

  func testErrorsOfHugeStatementsStayShort() throws {
    forEachEngine { engine in
      // A column that does not exist fails the prepare of a statement of 3,000 terms.
      let missing = Column<Bird, String>("missing")
      let condition = (0..<3_000).map { missing == "value \($0)" }.joined(operator: .or)
      XCTAssertThrowsError(try db.read { try $0.fetchAll(Bird.all().filter(condition)) }) { error in
        let description = "\(error)"
        let sql: String?
        switch engine {
        case .sqlite:
          guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
          XCTAssertTrue(
            description.hasPrefix(
              "SQLite error 1: no such column: missing - while executing `SELECT"))
          sql = error.sql
        case .postgres:
          // The prepare error itself, not a decoding error about the result's columns.
          guard let error = error as? PostgresError else { return XCTFail("\(error)") }
          XCTAssertTrue(
            description.hasPrefix(
              #"PostgreSQL error 42703: column "missing" does not exist - while executing `SELECT"#
            ))
          sql = error.sql
        }
        XCTAssertLessThan(description.count, 700)
        XCTAssertTrue(description.contains(" more characters) … "))
        XCTAssertFalse(description.contains("value 1"), "values are bound, never in the text")
        XCTAssertGreaterThan(sql?.count ?? 0, 30_000)
      }
    }
  }

  func testOrderingsWithNullsAndCollation() throws {
    forEachEngine { _ in
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.wingspan.asc.nullsLast)),
        ["Wren", "Robin", "Kestrel", "Owl", "Dodo"])
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.wingspan.desc.nullsFirst)),
        ["Dodo", "Owl", "Kestrel", "Robin", "Wren"])
      try db.write { try $0.insert(Bird(id: .fixed(6), name: "albatross", kind: .raptor)) }
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.name.asc).limit(2)), ["Dodo", "Kestrel"])
      XCTAssertEqual(
        try names(Bird.all().order(Bird.Columns.name.collating(.noCase).asc).limit(2)),
        ["albatross", "Dodo"])
      XCTAssertEqual(
        try names(Bird.all().filter(Bird.Columns.name.collating(.noCase) == "ROBIN")), ["Robin"])
      XCTAssertEqual(
        Bird.Columns.name.collating(.noCase).desc.nullsLast.sql,
        #""name" COLLATE NOCASE DESC NULLS LAST"#)
    }
  }

  // MARK: Safety

  func testDoubleQuotedStringsAreIdentifiersOnly() throws {
    forEachEngine { engine in
      // With SQLite's legacy default, "title" (no such column) would be the text 'title'.
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchValue(Int.self, sql: #"SELECT COUNT(*) FROM "birds" WHERE "title" <> 'x'"#)
        }
      ) { error in
        XCTAssertEqual(self.message(of: error, on: engine), self.noSuchColumn("title", on: engine))
      }
      XCTAssertThrowsError(
        try db.write { try $0.execute(#"CREATE TABLE "t" ("a" TEXT CHECK ("a" <> "b"))"#) }
      ) { error in
        XCTAssertEqual(self.message(of: error, on: engine), self.noSuchColumn("b", on: engine))
      }
    }
  }

  /// The engine's own message of `error`; nil for an error of another kind.
  private func message(of error: any Error, on engine: TestEngine) -> String? {
    switch engine {
    case .sqlite: return (error as? SQLiteError)?.message
    case .postgres: return (error as? PostgresError)?.message
    }
  }

  /// Each engine's message for a column that does not exist.
  private func noSuchColumn(_ name: String, on engine: TestEngine) -> String {
    switch engine {
    case .sqlite: return "no such column: \(name)"
    case .postgres: return #"column ""# + name + #"" does not exist"#
    }
  }

  func testARawRowWithMissingColumnsIsAnError() throws {
    forEachEngine { _ in
      XCTAssertThrowsError(
        try db.read { try $0.fetchAll(Bird.self, sql: #"SELECT "id", "name" FROM "birds""#) }
      ) { error in
        guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
        XCTAssertEqual(error.column, "wingspan")
        XCTAssertEqual(error.table, "birds")
        XCTAssertEqual(
          error.reason, "the result has 2 columns and the table 7; column 'wingspan' is missing")
      }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(
            Bird.self,
            sql:
              #"SELECT "id", "name", "wingspan", "kind", "tags", "nest_id", "price", 1 AS "extra" FROM "birds""#
          )
        }
      ) { error in
        XCTAssertEqual((error as? RowDecodingError)?.column, "extra")
      }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(
            Bird.self, sql: #"SELECT "id", "name", "kind", "tags", "nest_id", "price" FROM "birds""#
          )
        }
      ) { error in
        XCTAssertEqual((error as? RowDecodingError)?.column, "wingspan")
      }
      let all = try db.read { try $0.fetchAll(Bird.self, sql: #"SELECT * FROM "birds""#) }
      XCTAssertEqual(all.count, 5)
    }
  }
}
