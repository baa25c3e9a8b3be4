import Foundation
import XCTest

@testable import Quarry

/// `group` and `having` with values bound in every clause: the filter, the selection, GROUP
/// BY, HAVING, subqueries, ORDER BY and LIMIT/OFFSET share one parameter numbering, on both
/// engines (PostgreSQL numbers its `$n` itself, SQLite counts `?`s). Every answer is compared
/// with the same question asked in plain Swift of the inserted values.
final class GroupedQueryTests: EngineTestCase {
  private var db: Database!
  private var books: [Book] = []
  private var loans: [Loan] = []

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Book.self, Member.self, Loan.self)
    var random = SplitMix(seed: 23)
    let genres = Genre.allCases
    books = (1...120).map { number in
      Book(
        id: Int64(number), title: "Book \(number)",
        genre: genres[Int.random(in: 0..<genres.count, using: &random)],
        price: Decimal(Int.random(in: 1...40, using: &random)),
        published: Int.random(in: 1800...2020, using: &random),
        pages: Bool.random(using: &random) ? nil : Int.random(in: 50...900, using: &random))
    }
    loans = (1...200).map { number in
      Loan(
        id: Int64(number), bookID: Int64.random(in: 1...120, using: &random),
        memberID: Int64.random(in: 1...3, using: &random),
        returned: Bool.random(using: &random))
    }
    try db.write { tx in
      for book in self.books { try tx.insert(book) }
      for id in 1...3 { try tx.insert(Member(id: Int64(id), name: "member \(id)")) }
      for loan in self.loans { try tx.insert(loan) }
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    if let db { XCTAssertFalse(db.hasBusyStatements) }
    db = nil
  }

  /// Per genre, of the books published after `year`: the count, for genres with at least
  /// `minimum` of them, by genre.
  private func swiftCounts(after year: Int, minimum: Int) -> [(Genre, Int)] {
    Dictionary(grouping: books.filter { $0.published > year }, by: \.genre)
      .map { ($0.key, $0.value.count) }.filter { $0.1 >= minimum }
      .sorted { $0.0.rawValue < $1.0.rawValue }
  }

  func testFilterAndHavingBothBindValues() throws {
    forEachEngine { _ in
      let selection = Book.all().filter(Book.Columns.published > 1900)
        .select(Book.Columns.genre, Book.Columns.id.count)
        .group(Book.Columns.genre).having(Book.Columns.id.count >= 5)
        .order(Book.Columns.genre.asc)
      let rows = try db.read { try $0.fetchAll(selection) }
      let expected = swiftCounts(after: 1900, minimum: 5)
      XCTAssertEqual(rows.map(\.0), expected.map(\.0))
      XCTAssertEqual(rows.map(\.1), expected.map(\.1))
      XCTAssertFalse(expected.isEmpty)
      XCTAssertEqual(try db.read { try $0.fetchCount(selection) }, expected.count)
      XCTAssertEqual(try db.read { try $0.exists(selection) }, true)
      // The same question by raw SQL, numbered by hand, on the engine itself.
      let raw = try rawRows(
        #"SELECT "genre", COUNT("id") FROM "books" WHERE "published" > 1900 GROUP BY "genre" "#
          + #"HAVING COUNT("id") >= 5 ORDER BY "genre""#, in: db)
      XCTAssertEqual(
        raw, expected.map { [.text($0.0.rawValue), .integer(Int64($0.1))] })
    }
  }

  func testValuesInEveryClauseKeepTheirOrder() throws {
    forEachEngine { _ in
      // Values in the selection (price * 2), the filter, HAVING (two), ORDER BY and paging.
      let selection = Book.all()
        .filter(Book.Columns.published >= 1850 && Book.Columns.title != "Book 7")
        .select(Book.Columns.genre, (Book.Columns.price * 2).sum, Book.Columns.id.count)
        .group(Book.Columns.genre)
        .having(Book.Columns.id.count > 2 && (Book.Columns.price * 2).sum < 100_000)
        .order((Book.Columns.price * 2).sum.desc, Book.Columns.genre.asc)
        .limit(3, offset: 1)
      let rows = try db.read { try $0.fetchAll(selection) }
      let kept = books.filter { $0.published >= 1850 && $0.title != "Book 7" }
      let expected = Dictionary(grouping: kept, by: \.genre)
        .map { ($0.key, $0.value.reduce(Decimal(0)) { $0 + $1.price * 2 }, $0.value.count) }
        .filter { $0.2 > 2 && $0.1 < 100_000 }
        .sorted { ($1.1, $0.0.rawValue) < ($0.1, $1.0.rawValue) }
        .dropFirst().prefix(3)
      XCTAssertEqual(rows.map(\.0), expected.map(\.0))
      XCTAssertEqual(rows.map(\.1), expected.map { Optional($0.1) })
      XCTAssertEqual(rows.map(\.2), expected.map(\.2))
      XCTAssertEqual(rows.count, 3)
    }
  }

  func testGroupingByAnExpressionThatBindsAValue() throws {
    forEachEngine { _ in
      let century = Book.Columns.published / 100
      let selection = Book.all().filter(Book.Columns.genre != .poetry)
        .select(century, Book.Columns.pages.max).group(century)
        .having(Book.Columns.pages.max > 300).order(century.asc)
      let rows = try db.read { try $0.fetchAll(selection) }
      let expected = Dictionary(
        grouping: books.filter { $0.genre != .poetry }, by: { $0.published / 100 }
      )
      .compactMap { key, group in group.compactMap(\.pages).max().map { (key, $0) } }
      .filter { $0.1 > 300 }.sorted { $0.0 < $1.0 }
      XCTAssertEqual(rows.map(\.0), expected.map(\.0))
      XCTAssertEqual(rows.map(\.1), expected.map { Optional($0.1) })
    }
  }

  func testSubqueriesInTheFilterAndInHavingBindInOrder() throws {
    forEachEngine { _ in
      // Values before the subquery (genre), inside it (returned, memberID), after it (having).
      let lentOut = Loan.all().filter(Loan.Columns.returned == false && Loan.Columns.memberID != 3)
        .select(Loan.Columns.bookID)
      let selection = Book.all()
        .filter(Book.Columns.genre != .classic && Book.Columns.id.in(lentOut))
        .select(Book.Columns.genre, Book.Columns.id.count).group(Book.Columns.genre)
        .having(Book.Columns.id.count >= 2).order(Book.Columns.genre.desc).limit(10)
      let rows = try db.read { try $0.fetchAll(selection) }
      let lentIDs = Set(loans.filter { !$0.returned && $0.memberID != 3 }.map(\.bookID))
      let expected = Dictionary(
        grouping: books.filter { $0.genre != .classic && lentIDs.contains($0.id!) }, by: \.genre
      )
      .map { ($0.key, $0.value.count) }.filter { $0.1 >= 2 }
      .sorted { $0.0.rawValue > $1.0.rawValue }
      XCTAssertEqual(rows.map(\.0), expected.map(\.0))
      XCTAssertEqual(rows.map(\.1), expected.map(\.1))
      XCTAssertFalse(expected.isEmpty)
    }
  }

  func testAssociationCountInHavingAfterAFilterValue() throws {
    forEachEngine { _ in
      // `having` without `group` keeps rows; the association count is a correlated subquery
      // whose own values (none here) sit between the filter's and the paging's.
      let query = Book.all().filter(Book.Columns.published < 1990)
        .having(Book.loans.count >= 2).order(Book.Columns.id.asc).limit(5, offset: 2)
      let rows = try db.read { try $0.fetchAll(query) }
      let expected = books.filter { book in
        book.published < 1990 && loans.filter { $0.bookID == book.id }.count >= 2
      }.dropFirst(2).prefix(5)
      XCTAssertEqual(rows, Array(expected))
      XCTAssertEqual(rows.count, 5)
    }
  }

  func testUpdateAndDeleteOfOrderedChoicesBindInOrder() throws {
    forEachEngine { _ in
      // SET's value, then the key subquery's filter values, then its limit.
      let someLoans = Loan.all().filter(Loan.Columns.memberID == 2 && Loan.Columns.id > 10)
        .order(Loan.Columns.bookID.asc, Loan.Columns.id.asc).limit(6)
      let chosen = loans.filter { $0.memberID == 2 && $0.id! > 10 }
        .sorted { ($0.bookID, $0.id!) < ($1.bookID, $1.id!) }.prefix(6).map(\.id)
      let updated = try db.write { tx in
        try tx.updateAll(someLoans, set: Loan.Columns.days.set(to: 7))
      }
      XCTAssertEqual(updated, 6)
      let marked = Loan.all().filter(Loan.Columns.days == 7).order(Loan.Columns.id.asc)
      XCTAssertEqual(try db.read { try $0.fetchAll(marked) }.map(\.id), chosen.sorted { $0! < $1! })
      let deleted = try db.write { tx in
        try tx.deleteAll(
          Loan.all().filter(Loan.Columns.days == 7 && Loan.Columns.id != chosen[0])
            .order(Loan.Columns.id.desc).limit(2, offset: 1))
      }
      XCTAssertEqual(deleted, 2)
      let gone = Set(chosen.filter { $0 != chosen[0] }.sorted { $0! > $1! }.dropFirst().prefix(2))
      XCTAssertEqual(
        try db.read { try $0.fetchAll(marked) }.map(\.id),
        chosen.filter { !gone.contains($0) }.sorted { $0! < $1! })
    }
  }
}
