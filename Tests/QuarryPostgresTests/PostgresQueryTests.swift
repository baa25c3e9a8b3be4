import Foundation
import XCTest

@testable import Quarry

/// Queries rendered in PostgreSQL's dialect: each answer compared with the same question asked
/// in plain Swift over the inserted values, or in raw SQL on another connection.
final class PostgresQueryTests: PostgresDatabaseTestCase {
  private var gadgets: [Gadget] = []

  override func setUpWithError() throws {
    try super.setUpWithError()
    try raw(Gadget.postgresDDL)
    try raw(Crate.postgresDDL)
    gadgets = try db.write { tx in
      try (1...30).map { number in
        var gadget = Gadget.sample(number)
        if number % 7 == 0 { gadget.photo = Data([UInt8(number)]) }
        try tx.insert(&gadget)
        return gadget
      }
    }
  }

  func testFilterOrderLimitOffsetAsTheIssueWritesIt() throws {
    let page = try db.read {
      try $0.fetchAll(Gadget.all().filter(Gadget.Columns.price > 20).limit(10, offset: 5))
    }
    XCTAssertEqual(page, Array(gadgets.filter { $0.price > 20 }.dropFirst(5).prefix(10)))
    let ordered = try db.read {
      try $0.fetchAll(
        Gadget.all().filter(Gadget.Columns.isActive == true)
          .order(Gadget.Columns.price.desc).offset(3))
    }
    XCTAssertEqual(
      ordered, Array(gadgets.filter(\.isActive).sorted { $0.price > $1.price }.dropFirst(3)))
  }

  func testComparisonsOnEveryMappedType() throws {
    let serial = gadgets[4].serial
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Gadget.all().filter(Gadget.Columns.serial == serial)) },
      [gadgets[4]])
    let amount = Decimal(string: "10.25") ?? 0
    XCTAssertEqual(
      try db.read { try $0.fetchCount(Gadget.all().filter(Gadget.Columns.amount >= amount)) },
      gadgets.filter { $0.amount >= amount }.count)
    let date = gadgets[9].madeAt
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Gadget.all().filter(Gadget.Columns.madeAt < date)) },
      gadgets.filter { $0.madeAt < date })
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Gadget.all().filter(Gadget.Columns.photo != nil)) },
      gadgets.filter { $0.photo != nil })
    XCTAssertEqual(
      try db.read { try $0.fetchAll(Gadget.all().filter(.false)) }, [])
    XCTAssertEqual(
      try db.read { try $0.fetchCount(Gadget.all().filter(.true)) }, gadgets.count)
  }

  func testSelectionsAndAggregates() throws {
    let names = try db.read {
      try $0.fetchAll(
        Gadget.all().filter(Gadget.Columns.count <= 3).order(Gadget.Columns.id.asc)
          .select(Gadget.Columns.name))
    }
    XCTAssertEqual(names, ["gadget 1", "gadget 2", "gadget 3"])
    let (count, sum, maximum, average) = try db.read {
      try XCTUnwrap(
        try $0.fetchOne(
          Gadget.all().select(
            Gadget.Columns.id.count, Gadget.Columns.count.sum, Gadget.Columns.price.max,
            Gadget.Columns.count.avg)))
    }
    XCTAssertEqual(count, 30)
    XCTAssertEqual(sum, gadgets.map(\.count).reduce(0, +))
    XCTAssertEqual(maximum, gadgets.map(\.price).max())
    XCTAssertEqual(average, 15.5)
    let empty = try db.read {
      try $0.fetchOne(
        Gadget.all().filter(Gadget.Columns.count > 100).select(Gadget.Columns.count.sum))
    }
    XCTAssertNil(empty)
  }

  func testGroupingAndHaving() throws {
    let groups = try db.read {
      try $0.fetchAll(
        Gadget.all().select(Gadget.Columns.isActive, Gadget.Columns.id.count)
          .group(Gadget.Columns.isActive).having(Gadget.Columns.id.count > 1)
          .order(Gadget.Columns.isActive.asc))
    }
    XCTAssertEqual(groups.map(\.0), [false, true])
    XCTAssertEqual(groups.map(\.1), [15, 15])
  }

  func testGroupingByAnExpressionThatBindsAValue() throws {
    let decade = Gadget.Columns.count / 10
    let query = Gadget.all().select(Gadget.Columns.isActive, decade, Gadget.Columns.id.count)
      .group(Gadget.Columns.isActive, decade).order(decade.desc, Gadget.Columns.isActive.asc)
    // The selected term is named by its position: written out again, its value would be
    // another parameter, another expression to PostgreSQL.
    XCTAssertEqual(
      SQLRenderer.rows(query.core, dialect: .postgres).sql,
      #"SELECT "isActive", "count" / ?, COUNT("id") FROM "gadgets" GROUP BY "isActive", 2"#
        + #" ORDER BY 2 DESC NULLS LAST, "isActive" ASC NULLS FIRST"#)
    let groups = try db.read { try $0.fetchAll(query) }
    var expected: [Int: [Bool: Int]] = [:]
    for gadget in gadgets {
      expected[gadget.count / 10, default: [:]][gadget.isActive, default: 0] += 1
    }
    let flattened = expected.keys.sorted(by: >).flatMap { decade in
      expected[decade, default: [:]].keys.sorted { !$0 && $1 }.map {
        [String(decade), String($0), String(expected[decade]?[$0] ?? 0)]
      }
    }
    XCTAssertEqual(groups.map { [String($0.1), String($0.0), String($0.2)] }, flattened)
    XCTAssertEqual(groups.count, 7)
  }

  func testAJSONColumnIsAssignedAsJSONB() throws {
    let changed = try db.write {
      try $0.updateAll(
        Gadget.all().filter(Gadget.Columns.count <= 2),
        set: Gadget.Columns.tags.set(to: ["new", "ones"]))
    }
    XCTAssertEqual(changed, 2)
    XCTAssertEqual(
      try raw(
        #"SELECT "count", jsonb_typeof("tags"), "tags"::text FROM "gadgets" WHERE "count" <= 3"#
          + #" ORDER BY "count""#),
      [
        ["1", "array", #"["new", "ones"]"#], ["2", "array", #"["new", "ones"]"#],
        ["3", "array", "[]"],
      ])
  }

  func testSubqueriesAndExists() throws {
    let crateID = UUID()
    try db.write { try $0.insert(Crate(id: crateID, label: "gadget 3", weight: 1)) }
    let inCrates = try db.read {
      try $0.fetchAll(
        Gadget.all().filter(Gadget.Columns.name.in(Crate.all().select(Crate.Columns.label))))
    }
    XCTAssertEqual(inCrates, [gadgets[2]])
    XCTAssertTrue(try db.read { try $0.exists(Gadget.all().filter(Gadget.Columns.count == 30)) })
    XCTAssertFalse(try db.read { try $0.exists(Gadget.all().filter(Gadget.Columns.count == 31)) })
  }

  func testUpdateAllAndDeleteAllCountTheirRows() throws {
    let changed = try db.write {
      try $0.updateAll(
        Gadget.all().filter(Gadget.Columns.count > 25), set: [Gadget.Columns.price.set(to: 1)])
    }
    XCTAssertEqual(changed, 5)
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "gadgets" WHERE "price" = 1"#), [["5"]])
    let removed = try db.write {
      try $0.deleteAll(Gadget.all().order(Gadget.Columns.count.desc).limit(3))
    }
    XCTAssertEqual(removed, 3)
    XCTAssertEqual(try raw(#"SELECT max("count") FROM "gadgets""#), [["27"]])
    XCTAssertEqual(try db.write { try $0.deleteAll(Gadget.self) }, 27)
  }

  func testTextMatchesSQLiteMeaning() throws {
    try db.write { tx in
      try tx.insert(Crate(id: UUID(), label: "Émile Zola", weight: nil))
      try tx.insert(Crate(id: UUID(), label: "émile zola", weight: 2))
      try tx.insert(Crate(id: UUID(), label: "DUNE", weight: nil))
      try tx.insert(Crate(id: UUID(), label: "a_b\\c", weight: 3))
    }
    func labels(_ query: Query<Crate>) throws -> [String] {
      try db.read { try $0.fetchAll(query.order(Crate.Columns.label.asc)).map(\.label) }
    }
    // LIKE folds ASCII letters only and has no escape character.
    XCTAssertEqual(try labels(Crate.all().filter(Crate.Columns.label.like("d%"))), ["DUNE"])
    XCTAssertEqual(try labels(Crate.all().filter(Crate.Columns.label.like("É%"))), ["Émile Zola"])
    XCTAssertEqual(try labels(Crate.all().filter(Crate.Columns.label.like("a_b\\c"))), ["a_b\\c"])
    // lowercased maps every letter, as Swift does.
    XCTAssertEqual(
      try labels(Crate.all().filter(Crate.Columns.label.lowercased == "émile zola")),
      ["Émile Zola", "émile zola"])
    XCTAssertEqual(
      try db.read {
        try $0.fetchAll(
          Crate.all().filter(Crate.Columns.label == "DUNE").select(Crate.Columns.label.uppercased))
      }, ["DUNE"])
    // NOCASE folds ASCII letters only, on both sides of the comparison.
    XCTAssertEqual(
      try labels(Crate.all().filter(Crate.Columns.label.collating(.noCase) == "dune")), ["DUNE"])
    XCTAssertEqual(
      try labels(Crate.all().filter(Crate.Columns.label.collating(.noCase) == "émile ZOLA")),
      ["émile zola"])
    // Binary order: byte order of UTF-8, as SQLite's BINARY.
    XCTAssertEqual(
      try db.read {
        try $0.fetchAll(Crate.all().order(Crate.Columns.label.collating(.binary).asc)).map(\.label)
      }, ["DUNE", "a_b\\c", "Émile Zola", "émile zola"])
  }

  func testNullsSortFirstAscendingAsInSQLite() throws {
    try db.write { tx in
      try tx.insert(Crate(id: UUID(), label: "b", weight: 2))
      try tx.insert(Crate(id: UUID(), label: "a", weight: nil))
      try tx.insert(Crate(id: UUID(), label: "c", weight: 1))
    }
    let ascending = try db.read {
      try $0.fetchAll(Crate.all().order(Crate.Columns.weight.asc)).map(\.label)
    }
    XCTAssertEqual(ascending, ["a", "c", "b"])
    let descending = try db.read {
      try $0.fetchAll(Crate.all().order(Crate.Columns.weight.desc)).map(\.label)
    }
    XCTAssertEqual(descending, ["b", "c", "a"])
    let explicit = try db.read {
      try $0.fetchAll(Crate.all().order(Crate.Columns.weight.asc.nullsLast)).map(\.label)
    }
    XCTAssertEqual(explicit, ["c", "b", "a"])
  }

  func testLiteralSQLWithQuestionMarksAndInterpolation() throws {
    let minimum = 28
    let names = try db.read {
      try $0.fetchAll(
        String.self,
        literal: #"SELECT "name" FROM "gadgets" WHERE "count" >= \#(minimum) ORDER BY "id""#)
    }
    XCTAssertEqual(names, ["gadget 28", "gadget 29", "gadget 30"])
    let count = try db.read {
      try $0.fetchValue(
        Int.self, sql: #"SELECT count(*) FROM "gadgets" WHERE "count" > ? AND "name" <> '?'"#,
        arguments: [20])
    }
    XCTAssertEqual(count, 10)
    let records = try db.read {
      try $0.fetchAll(Gadget.self, sql: #"SELECT * FROM "gadgets" WHERE "id" = ?"#, arguments: [2])
    }
    XCTAssertEqual(records, [gadgets[1]])
    try db.write { try $0.execute(literal: #"DELETE FROM "gadgets" WHERE "count" > \#(10)"#) }
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "gadgets""#), [["10"]])
  }

  func testCursorReadsEveryRow() throws {
    let counted = try db.read { tx in
      let cursor = try tx.fetchCursor(Gadget.all().order(Gadget.Columns.id.asc))
      var seen: [Gadget] = []
      while let gadget = try cursor.next() { seen.append(gadget) }
      return seen
    }
    XCTAssertEqual(counted, gadgets)
  }

  func testSavepointRollsBackAndRecoversFromAFailedStatement() throws {
    try db.write { tx in
      try tx.inSavepoint { sp in
        try sp.insert(Crate(id: UUID(), label: "undone", weight: nil))
        return .rollback
      }
      // A failing statement inside a savepoint leaves the transaction usable.
      XCTAssertThrowsError(
        try tx.inSavepoint { sp in
          try sp.insert(Gadget.sample(1))
          return .commit
        })
      try tx.insert(Crate(id: UUID(), label: "kept", weight: nil))
    }
    XCTAssertEqual(try raw(#"SELECT "label" FROM "crates""#), [["kept"]])
  }

  func testTransactionDateIsOneDateForTheWholeWrite() throws {
    let (first, second) = try db.write { tx in (tx.transactionDate, tx.transactionDate) }
    XCTAssertEqual(first, second)
  }
}
