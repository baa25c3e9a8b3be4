import Foundation
import XCTest

@testable import Quarry

/// Every operator, aggregate, selection width, grouping, subquery and ordering of the query
/// language, each run next to the same query written in raw SQL on the same random data
/// (NULLs included), comparing every value of every row.
final class QueryEquivalenceTests: EngineTestCase {
  var db: Database!

  /// One typed query and the raw SQL it must agree with.
  struct Case {
    let name: String
    let typed: (ReadTransaction) throws -> [[DatabaseValue]]
    let sql: String
  }

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Book.self, Member.self, Loan.self)
    var random = SeededRandom(seed: 12)
    let words = ["dune", "Emma", "hyperion", "Solaris", "the Hobbit", "odes", "Ubik", "Zed", "a"]
    try db.write { db in
      for number in 1...120 {
        let title = words[random.next(words.count)] + " \(random.next(50))"
        try db.insert(
          Book(
            title: title, genre: Genre.allCases[random.next(4)],
            price: Decimal(random.next(4000)) / 100, published: 1800 + random.next(220),
            subtitle: random.next(2) == 0 ? nil : words[random.next(words.count)],
            pages: random.next(10) < 3 ? nil : 50 + random.next(900),
            rating: random.next(10) < 3 ? nil : Double(random.next(50)) / 10,
            tags: number % 7 == 0 ? ["x"] : []))
      }
      // Rows the random ones would rarely hit: an exact price, listed page counts.
      try db.insert(Book(title: "fixed", genre: .poetry, price: 12, published: 1900, pages: 200))
      try db.insert(Book(title: "Fixed", genre: .scifi, price: 12, published: 2000, pages: 100))
      for id in 1...10 {
        try db.insert(
          Member(
            id: Int64(id), name: words[random.next(words.count)], loanCount: random.next(5),
            email: random.next(3) == 0 ? nil : "m\(id)@example.com"))
      }
      try db.insert(Loan(bookID: 1, memberID: 1, returned: false, days: 200))
      for _ in 0..<80 {
        try db.insert(
          Loan(
            bookID: Int64(1 + random.next(120)), memberID: Int64(1 + random.next(10)),
            returned: random.next(2) == 0, days: random.next(4) == 0 ? nil : random.next(30)))
      }
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    if let db { XCTAssertFalse(db.hasBusyStatements) }
    db = nil
  }

  // MARK: Helpers

  /// The ids of the books of `query`, as rows.
  private func ids(_ query: Query<Book>) -> (ReadTransaction) throws -> [[DatabaseValue]] {
    { db in try db.fetchAll(query).map { [try $0.id.databaseValue()] } }
  }

  /// A case comparing the books matching `condition` (ordered by id) with `WHERE <sql>`.
  private func filter(_ name: String, _ condition: SQLExpression<Book>, _ sql: String) -> Case {
    Case(
      name: name, typed: ids(Book.all().filter(condition).order(Book.Columns.id.asc)),
      sql: "SELECT id FROM books WHERE \(sql) ORDER BY id ASC")
  }

  /// The raw SQL of the engine of the run: `sqlite` where the two spell one question
  /// differently (SQLite's `NOCASE`, its case-insensitive `LIKE`, `LIMIT -1`), `postgres` there.
  private func spelled(_ sqlite: String, postgres: String) -> String {
    currentEngine == .postgres ? postgres : sqlite
  }

  private func rows<V: DatabaseValueConvertible>(_ values: [V]) throws -> [[DatabaseValue]] {
    try values.map { [try $0.databaseValue()] }
  }

  private func rawRows(_ sql: String, in db: ReadTransaction) throws -> [[DatabaseValue]] {
    let statement = try db.checkedConnection.cachedStatement(sql)
    return try statement.withReset { statement in
      var rows: [[DatabaseValue]] = []
      while try statement.step() {
        let row = Row(statement: statement, number: rows.count + 1)
        rows.append((0..<Int32(row.count)).map { row.databaseValue(at: $0) })
      }
      return rows
    }
  }

  /// Numbers compare by value (a Decimal read back may be INTEGER or REAL), everything else
  /// by its exact text.
  private func normalized(_ rows: [[DatabaseValue]]) -> [[String]] {
    rows.map { row in
      row.map { value in
        switch value {
        case .null: return "NULL"
        case .integer(let integer): return String(format: "%.9g", Double(integer))
        case .real(let real): return String(format: "%.9g", real)
        case .text(let text): return Double(text).map { String(format: "%.9g", $0) } ?? "'\(text)'"
        case .blob(let blob): return "x'\(blob.map { String(format: "%02x", $0) }.joined())'"
        }
      }
    }
  }

  private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
    var nonEmpty = 0
    for testCase in cases {
      // A case that throws fails alone, so the cases after it still report: each reads in its
      // own transaction, since PostgreSQL aborts a transaction at its first failed statement.
      do {
        try db.read { db in
          let typed = normalized(try testCase.typed(db))
          let raw = normalized(try rawRows(testCase.sql, in: db))
          XCTAssertEqual(typed, raw, testCase.name, file: file, line: line)
          if !raw.isEmpty { nonEmpty += 1 }
        }
      } catch {
        XCTFail("\(testCase.name) threw \(error)", file: file, line: line)
      }
    }
    // The data must exercise the cases: all have rows but the one that must match nothing.
    XCTAssertGreaterThanOrEqual(nonEmpty, cases.count - 1, file: file, line: line)
  }

  // MARK: Cases

  func testOperators() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      try run([
        filter("==", C.price == 12, "price = 12"),
        filter("== enum", C.genre == .scifi, "genre = 'scifi'"),
        filter("!=", C.genre != .scifi, "genre <> 'scifi'"),
        filter("<", C.price < 10, "price < 10"),
        filter("<=", C.published <= 1900, "published <= 1900"),
        filter(">", C.price > Decimal(string: "20.5") ?? 0, "price > 20.5"),
        filter(">=", C.published >= 1950, "published >= 1950"),
        filter("optional >", C.pages > 500, "pages > 500"),
        filter("optional <", C.rating < 2.5, "rating < 2.5"),
        filter("== nil", C.pages == nil, "pages IS NULL"),
        filter("!= nil", C.subtitle != nil, "subtitle IS NOT NULL"),
        filter("isNull", C.rating.isNull, "rating IS NULL"),
        filter("isNotNull", C.rating.isNotNull, "rating IS NOT NULL"),
        filter("optional == value", C.subtitle == "dune", "subtitle = 'dune'"),
        filter("optional != value", C.subtitle != "dune", "subtitle <> 'dune'"),
        filter("in", C.genre.in([.poetry, .classic]), "genre IN ('poetry', 'classic')"),
        filter("in optional", C.pages.in([100, 200, nil]), "pages IN (100, 200, NULL)"),
        filter("in empty", C.genre.in([]), "1 = 0"),
        // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE is that question there.
        filter(
          "like", C.title.like("%o%"),
          spelled("title LIKE '%o%'", postgres: "title ILIKE '%o%'")),
        filter(
          "like optional", C.subtitle.like("d%"),
          spelled("subtitle LIKE 'd%'", postgres: "subtitle ILIKE 'd%'")),
        filter("&&", C.price > 10 && C.pages < 400, "price > 10 AND pages < 400"),
        filter("||", C.price > 30 || C.pages == nil, "price > 30 OR pages IS NULL"),
        filter("!", !(C.pages > 400), "NOT (pages > 400)"),
        filter(
          "mixed", (C.genre == .scifi || C.genre == .fantasy) && !(C.rating >= 3),
          "(genre = 'scifi' OR genre = 'fantasy') AND NOT (rating >= 3)"),
        filter("column < column", C.pages < C.published, "pages < published"),
        filter("column == column", C.pages != C.published, "pages <> published"),
        // NOCASE folds ASCII letters only: PostgreSQL's lower() under "C" does that.
        filter(
          "collating", C.title.collating(.noCase) >= "h",
          spelled(
            "title COLLATE NOCASE >= 'h'", postgres: #"lower(title COLLATE "C") >= 'h'"#)),
        filter(
          "lowercased", C.title.lowercased.like("d%"),
          spelled("LOWER(title) LIKE 'd%'", postgres: "LOWER(title) ILIKE 'd%'")),
        filter("uppercased", C.subtitle.uppercased == "EMMA", "UPPER(subtitle) = 'EMMA'"),
        filter("length", C.title.length > 6, "LENGTH(title) > 6"),
        filter("length optional", C.subtitle.length <= 4, "LENGTH(subtitle) <= 4"),
        filter("trimmed", C.title.trimmed == C.title, "TRIM(title) = title"),
        filter("ifNull", C.pages.ifNull(0) < 300, "COALESCE(pages, 0) < 300"),
        filter("+", C.pages + 100 > 700, "pages + 100 > 700"),
        filter("-", C.published - 1900 < 10, "published - 1900 < 10"),
        filter("*", C.price * 2 > 50, "price * 2 > 50"),
        filter("/", C.published / 100 == 19, "published / 100 = 19"),
        filter("column + column", C.pages + C.pages > 1000, "pages + pages > 1000"),
        filter("abs", (C.published - 1900).abs < 20, "ABS(published - 1900) < 20"),
        filter(
          "in subquery",
          C.id.in(Loan.all().filter(Loan.Columns.returned == true).select(Loan.Columns.bookID)),
          #"id IN (SELECT "bookID" FROM loans WHERE returned = TRUE)"#),
        filter(
          "not in subquery", !C.id.in(Loan.all().select(Loan.Columns.bookID)),
          #"NOT (id IN (SELECT "bookID" FROM loans))"#),
        filter(
          "in subquery of optionals", C.pages.in(Loan.all().select(Loan.Columns.days)),
          "pages IN (SELECT days FROM loans)"),
        filter(
          "exists", .exists(Loan.all().filter(Loan.Columns.days > 28)) && C.price < 5,
          "EXISTS (SELECT 1 FROM loans WHERE days > 28) AND price < 5"),
        filter(
          "not exists", !.exists(Loan.all().filter(Loan.Columns.days > 1000)) && C.price < 5,
          "NOT EXISTS (SELECT 1 FROM loans WHERE days > 1000) AND price < 5"),
      ])
    }
  }

  func testOrderings() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      func order(_ name: String, _ orderings: [SQLOrdering<Book>], _ sql: String) -> Case {
        Case(
          name: name, typed: ids(Book.all().order(orderings + [C.id.asc])),
          sql: "SELECT id FROM books ORDER BY \(sql), id ASC")
      }
      try run([
        order("asc", [C.title.asc], "title ASC"),
        order("desc", [C.price.desc], "price DESC"),
        order("optional asc", [C.pages.asc], "pages ASC NULLS FIRST"),
        order("optional desc", [C.rating.desc], "rating DESC NULLS LAST"),
        order("nulls first", [C.pages.desc.nullsFirst], "pages DESC NULLS FIRST"),
        order("nulls last", [C.pages.asc.nullsLast], "pages ASC NULLS LAST"),
        order(
          "collating", [C.title.collating(.noCase).asc],
          spelled("title COLLATE NOCASE ASC", postgres: #"lower(title COLLATE "C") ASC"#)),
        order("several", [C.genre.asc, C.published.desc], "genre ASC, published DESC"),
        order("function", [C.title.length.desc], "LENGTH(title) DESC"),
        order("arithmetic", [(C.price * 3).asc], "price * 3 ASC"),
        order(
          "optional plus column", [(C.pages + C.published).asc],
          "pages + published ASC NULLS FIRST"),
        order(
          "column minus optional", [(C.published - C.pages).desc],
          "published - pages DESC NULLS LAST"),
        order(
          "optional times column", [(C.pages * C.published).asc],
          "pages * published ASC NULLS FIRST"),
        order(
          "column over optional", [(C.published / C.pages).desc],
          "published / pages DESC NULLS LAST"),
        Case(
          name: "limit offset",
          typed: ids(Book.all().order(C.title.asc, C.id.asc).limit(15, offset: 30)),
          sql: "SELECT id FROM books ORDER BY title, id LIMIT 15 OFFSET 30"),
        Case(
          name: "offset only", typed: ids(Book.all().order(C.id.desc).offset(100)),
          sql: spelled(
            "SELECT id FROM books ORDER BY id DESC LIMIT -1 OFFSET 100",
            postgres: "SELECT id FROM books ORDER BY id DESC OFFSET 100")),
      ])
    }
  }

  func testAggregates() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      let all = Book.all()
      func one<V: DatabaseValueConvertible>(
        _ name: String, _ selection: Selection<Book, V>, _ sql: String
      ) -> Case {
        Case(
          name: name, typed: { db in [[try db.fetchOne(selection).databaseValue()]] },
          sql: "SELECT \(sql)" + (sql.contains(" FROM ") ? "" : " FROM books"))
      }
      let none = all.filter(C.price < 0)
      try run([
        one("count", all.select(C.pages.count), "COUNT(pages)"),
        one("distinct count", all.select(C.subtitle.distinctCount), "COUNT(DISTINCT subtitle)"),
        one("sum decimal", all.select(C.price.sum), "SUM(price)"),
        one("sum optional", all.select(C.pages.sum), "SUM(pages)"),
        one("avg", all.select(C.rating.avg), "AVG(rating)"),
        one("avg int", all.select(C.published.avg), "AVG(published)"),
        one("min", all.select(C.title.min), "MIN(title)"),
        one("max optional", all.select(C.pages.max), "MAX(pages)"),
        one("max enum", all.select(C.genre.max), "MAX(genre)"),
        one("min decimal", all.select(C.price.min), "MIN(price)"),
        one("sum over none", none.select(C.price.sum), "SUM(price) FROM books WHERE 1 = 0"),
        one("avg over none", none.select(C.rating.avg), "AVG(rating) FROM books WHERE 1 = 0"),
        one("max over none", none.select(C.pages.max), "MAX(pages) FROM books WHERE 1 = 0"),
        one("count over none", none.select(C.pages.count), "COUNT(pages) FROM books WHERE 1 = 0"),
        one(
          "filtered", all.filter(C.genre == .poetry).select(C.price.max),
          "MAX(price) FROM books WHERE genre = 'poetry'"),
        one("aggregate of function", all.select(C.title.length.max), "MAX(LENGTH(title))"),
      ])
    }
  }

  func testSelectionWidths() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      let base = Book.all().order(C.id.asc).limit(40)
      let tail = " FROM books ORDER BY id LIMIT 40"
      try run([
        Case(
          name: "1", typed: { try self.rows($0.fetchAll(base.select(C.title))) },
          sql: "SELECT title" + tail),
        Case(
          name: "1 optional", typed: { try self.rows($0.fetchAll(base.select(C.pages))) },
          sql: "SELECT pages" + tail),
        Case(
          name: "1 optional arithmetic",
          typed: { try self.rows($0.fetchAll(base.select(C.pages + C.published))) },
          sql: "SELECT pages + published" + tail),
        Case(
          name: "2",
          typed: { db in
            try db.fetchAll(base.select(C.title, C.price)).map {
              [try $0.0.databaseValue(), try $0.1.databaseValue()]
            }
          }, sql: "SELECT title, price" + tail),
        Case(
          name: "3",
          typed: { db in
            try db.fetchAll(base.select(C.genre, C.pages, C.rating)).map {
              [try $0.0.databaseValue(), try $0.1.databaseValue(), try $0.2.databaseValue()]
            }
          }, sql: "SELECT genre, pages, rating" + tail),
        Case(
          name: "4",
          typed: { db in
            try db.fetchAll(base.select(C.id, C.subtitle, C.published, C.title.length)).map {
              [
                try $0.0.databaseValue(), try $0.1.databaseValue(), try $0.2.databaseValue(),
                try $0.3.databaseValue(),
              ]
            }
          }, sql: "SELECT id, subtitle, published, LENGTH(title)" + tail),
        Case(
          name: "6",
          typed: { db in
            try db.fetchAll(
              base.select(C.id, C.title, C.genre, C.price, C.pages, C.rating)
            ).map {
              [
                try $0.0.databaseValue(), try $0.1.databaseValue(), try $0.2.databaseValue(),
                try $0.3.databaseValue(), try $0.4.databaseValue(), try $0.5.databaseValue(),
              ]
            }
          }, sql: "SELECT id, title, genre, price, pages, rating" + tail),
        Case(
          name: "8",
          typed: { db in
            try db.fetchAll(
              base.select(
                C.id, C.title, C.genre, C.price, C.pages, C.rating, C.subtitle, C.published + 1)
            ).map {
              [
                try $0.0.databaseValue(), try $0.1.databaseValue(), try $0.2.databaseValue(),
                try $0.3.databaseValue(), try $0.4.databaseValue(), try $0.5.databaseValue(),
                try $0.6.databaseValue(), try $0.7.databaseValue(),
              ]
            }
          }, sql: "SELECT id, title, genre, price, pages, rating, subtitle, published + 1" + tail),
        Case(
          name: "distinct",
          typed: {
            try self.rows(
              $0.fetchAll(Book.all().select(C.subtitle).distinct().order(C.subtitle.asc)))
          },
          sql: "SELECT DISTINCT subtitle FROM books ORDER BY subtitle NULLS FIRST"),
        Case(
          name: "fetchCount distinct",
          typed: {
            [[.integer(Int64(try $0.fetchCount(Book.all().select(C.subtitle).distinct())))]]
          },
          sql:
            "SELECT COUNT(DISTINCT subtitle) + CASE WHEN EXISTS (SELECT 1 FROM books"
            + " WHERE subtitle IS NULL) THEN 1 ELSE 0 END FROM books"
        ),
      ])
    }
  }

  func testGrouping() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      try run([
        Case(
          name: "group count",
          typed: { db in
            try db.fetchAll(
              Book.all().select(C.genre, C.id.count).group(C.genre).order(C.genre.asc)
            )
            .map { [try $0.0.databaseValue(), try $0.1.databaseValue()] }
          }, sql: "SELECT genre, COUNT(id) FROM books GROUP BY genre ORDER BY genre"),
        Case(
          name: "group by nullable, aggregates with NULLs",
          typed: { db in
            try db.fetchAll(
              Book.all().select(C.subtitle, C.pages.sum, C.rating.avg, C.pages.min)
                .group(C.subtitle).order(C.subtitle.asc.nullsFirst)
            ).map {
              [
                try $0.0.databaseValue(), try $0.1.databaseValue(), try $0.2.databaseValue(),
                try $0.3.databaseValue(),
              ]
            }
          },
          sql: "SELECT subtitle, SUM(pages), AVG(rating), MIN(pages) FROM books GROUP BY subtitle"
            + " ORDER BY subtitle NULLS FIRST"),
        Case(
          name: "having",
          typed: { db in
            try db.fetchAll(
              Book.all().filter(C.price > 5).select(C.genre, C.price.max).group(C.genre)
                .having(C.id.count > 20 && C.pages.avg > 400).order(C.genre.desc)
            ).map { [try $0.0.databaseValue(), try $0.1.databaseValue()] }
          },
          sql: "SELECT genre, MAX(price) FROM books WHERE price > 5 GROUP BY genre"
            + " HAVING COUNT(id) > 20 AND AVG(pages) > 400 ORDER BY genre DESC"),
        Case(
          name: "group two columns, order by aggregate",
          typed: { db in
            try db.fetchAll(
              Book.all().select(C.genre, C.published / 100, C.id.count)
                .group(C.genre, C.published / 100).order(
                  C.id.count.desc, C.genre.asc, (C.published / 100).asc)
            ).map { [try $0.0.databaseValue(), try $0.2.databaseValue()] }
          },
          sql: "SELECT genre, COUNT(id) FROM books GROUP BY genre, published / 100"
            + " ORDER BY COUNT(id) DESC, genre, published / 100"),
        Case(
          name: "fetchCount of groups",
          typed: {
            [[.integer(Int64(try $0.fetchCount(Book.all().select(C.genre).group(C.genre))))]]
          },
          sql: "SELECT COUNT(DISTINCT genre) FROM books"),
        Case(
          name: "loans per member through a subquery",
          typed: { db in
            try db.fetchAll(
              Loan.all().filter(
                Loan.Columns.memberID.in(
                  Member.all().filter(Member.Columns.email != nil).select(Member.Columns.id))
              )
              .select(Loan.Columns.memberID, Loan.Columns.days.sum).group(Loan.Columns.memberID)
              .order(Loan.Columns.memberID.asc)
            ).map { [try $0.0.databaseValue(), try $0.1.databaseValue()] }
          },
          sql: #"SELECT "memberID", SUM(days) FROM loans WHERE "memberID" IN"#
            + #" (SELECT id FROM members WHERE email IS NOT NULL) GROUP BY "memberID""#
            + #" ORDER BY "memberID""#
        ),
      ])
    }
  }

  /// Correlated subqueries written with `outer()`: a subquery over another table, one over the
  /// same table (its table is aliased), and an `in` subquery.
  func testCorrelatedSubqueriesWithOuterColumns() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      func ids<T: TableRecord>(_ query: Query<T>, _ id: @escaping (T) -> Int64?)
        -> (ReadTransaction) throws -> [[DatabaseValue]]
      {
        { db in try db.fetchAll(query).map { [try id($0).databaseValue()] } }
      }
      try run([
        Case(
          name: "members with a loan of more than 20 days",
          typed: ids(
            Member.all().filter(
              .exists(
                Loan.all().filter(
                  Loan.Columns.memberID == Member.Columns.id.outer() && Loan.Columns.days > 20))
            ).order(Member.Columns.id.asc), \.id),
          sql: "SELECT id FROM members AS m WHERE EXISTS (SELECT 1 FROM loans AS l"
            + #" WHERE l."memberID" = m.id AND l.days > 20) ORDER BY id"#),
        Case(
          name: "books with a cheaper book of the same genre",
          typed: ids(
            Book.all().filter(
              .exists(Book.all().filter(C.genre == C.genre.outer() && C.price < C.price.outer()))
            ).order(C.id.asc), \.id),
          sql: "SELECT id FROM books AS b WHERE EXISTS (SELECT 1 FROM books AS i"
            + " WHERE i.genre = b.genre AND i.price < b.price) ORDER BY id"),
        Case(
          name: "books with no dearer book of the same genre",
          typed: ids(
            Book.all().filter(
              !.exists(Book.all().filter(C.genre == C.genre.outer() && C.price > C.price.outer()))
            ).order(C.id.asc), \.id),
          sql: "SELECT id FROM books AS b WHERE NOT EXISTS (SELECT 1 FROM books AS i"
            + " WHERE i.genre = b.genre AND i.price > b.price) ORDER BY id"),
        Case(
          name: "loans of books longer than 20 pages per day lent",
          typed: ids(
            Loan.all().filter(
              Loan.Columns.bookID.in(
                Book.all().filter(C.pages > Loan.Columns.days.outer() * 20).select(C.id))
            ).order(Loan.Columns.id.asc), \.id),
          sql: #"SELECT id FROM loans AS l WHERE l."bookID" IN (SELECT b.id FROM books AS b"#
            + " WHERE b.pages > l.days * 20) ORDER BY id"),
      ])
    }
  }

  /// Correlated subqueries (a subquery reading the outer row) are written through the
  /// associations: `joining` a to-many or a to-one association with a condition over the other
  /// table, compared here with the correlated `EXISTS` a user would write in SQL.
  func testCorrelatedSubqueriesThroughAssociations() throws {
    forEachEngine { _ in
      try run([
        Case(
          name: "members with an unreturned loan of more than 10 days",
          typed: { db in
            try db.fetchAll(
              Member.all().joining(
                Member.loans, where: Loan.Columns.returned == false && Loan.Columns.days > 10
              ).order(Member.Columns.id.asc)
            ).map { [try $0.id.databaseValue()] }
          },
          sql: "SELECT id FROM members AS m WHERE EXISTS (SELECT 1 FROM loans AS l"
            + #" WHERE l."memberID" = m.id AND l.returned = FALSE AND l.days > 10) ORDER BY id"#),
        Case(
          name: "loans of books dearer than 20",
          typed: { db in
            try db.fetchAll(
              Loan.all().joining(Loan.book, where: Book.Columns.price > 20)
                .order(Loan.Columns.id.asc)
            ).map { [try XCTUnwrap($0.id).databaseValue()] }
          },
          sql: "SELECT id FROM loans AS l WHERE EXISTS (SELECT 1 FROM books AS b"
            + #" WHERE b.id = l."bookID" AND b.price > 20) ORDER BY id"#),
      ])
    }
  }

  func testCountsExistsAndBatchChanges() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      let query = Book.all().filter(C.pages > 300 || C.rating == nil)
      let expected = try db.read {
        try $0.fetchValue(
          Int.self, sql: "SELECT COUNT(*) FROM books WHERE pages > 300 OR rating IS NULL")
      }
      XCTAssertEqual(try db.read { try $0.fetchCount(query) }, expected)
      XCTAssertEqual(try db.read { try $0.exists(query) }, (expected ?? 0) > 0)
      XCTAssertEqual(try db.read { try $0.fetchCount(query.limit(5, offset: 3)) }, 5)

      let raised = try db.write {
        try $0.updateAll(query, set: C.price.set(to: C.price + 1), C.subtitle.set(to: "raised"))
      }
      XCTAssertEqual(raised, expected)
      XCTAssertEqual(
        try db.read {
          try $0.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM books WHERE subtitle = 'raised'")
        },
        expected)
      let removed = try db.write {
        try $0.deleteAll(
          Book.all().filter(
            C.subtitle == "raised" && !C.id.in(Loan.all().select(Loan.Columns.bookID))
          )
          .limit(3))
      }
      XCTAssertEqual(removed, 3)
      XCTAssertEqual(try db.read { try $0.fetchCount(Book.all()) }, 119)
    }
  }

  /// Assignments from expressions of the same row: a non-optional expression into an optional
  /// column, an optional one made non-optional by `ifNull`, arithmetic with an optional operand.
  func testAssignmentsFromExpressions() throws {
    forEachEngine { _ in
      typealias C = Book.Columns
      let expected = try db.read {
        try self.normalized(
          self.rawRows(
            "SELECT id, COALESCE(subtitle, 'none'), LOWER(title), pages + published FROM books"
              + " ORDER BY id", in: $0))
      }
      let changed = try db.write {
        try $0.updateAll(
          Book.all(), set: C.title.set(to: C.subtitle.ifNull("none")),
          C.subtitle.set(to: C.title.lowercased), C.pages.set(to: C.pages + C.published))
      }
      XCTAssertEqual(changed, 122)
      let stored = try db.read {
        try self.normalized(
          self.rawRows("SELECT id, title, subtitle, pages FROM books ORDER BY id", in: $0))
      }
      XCTAssertEqual(stored, expected)
      XCTAssertEqual(stored.count, 122)
      XCTAssertTrue(stored.contains { $0[1] == "'none'" } && stored.contains { $0[3] == "NULL" })
    }
  }
}

/// A deterministic generator (SplitMix64), so every run tests the same data.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(bound))
  }
}
