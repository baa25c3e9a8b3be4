import Foundation
import XCTest

@testable import Quarry

/// The query language on the library-lending app (Book, Member, Loan) of issue 12.
final class LibraryQueryTests: EngineTestCase {
  var db: Database!

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Book.self, Member.self, Loan.self)
    try db.write { db in
      let books = [
        Book(title: "Dune", genre: .scifi, price: 12, published: 1965, pages: 412),
        Book(title: "Emma", genre: .classic, price: 4, published: 1815, subtitle: "A Novel"),
        Book(title: "Hyperion", genre: .scifi, price: 9, published: 1989, pages: 482),
        Book(title: "Solaris", genre: .scifi, price: Decimal(string: "0.5") ?? 0, published: 1961),
        Book(title: "The Hobbit", genre: .fantasy, price: 8, published: 1937, pages: 310),
        Book(title: "Odes", genre: .poetry, price: 3, published: 1819),
      ]
      for book in books { try db.insert(book) }
      try db.insert(Member(id: 1, name: "Ada"))
      try db.insert(Member(id: 2, name: "Brian", email: "b@example.com"))
      for (book, member) in [(1, 1), (1, 2), (3, 1), (5, 2)] {
        try db.insert(Loan(bookID: Int64(book), memberID: Int64(member)))
      }
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    if let db { XCTAssertFalse(db.hasBusyStatements) }
    db = nil
  }

  /// The code block of issue 12, verbatim: its spellings are fixed.
  func testTheIssueCodeBlockCompilesAndAnswers() throws {
    forEachEngine { _ in
      let page = Book.all()  // Query<Book>: an immutable Sendable value
        .filter(Book.Columns.genre == .scifi && Book.Columns.price > 5)
        .order(Book.Columns.published.desc, Book.Columns.title.asc)
        .limit(20, offset: 0)

      try db.read { db in
        let books: [Book] = try db.fetchAll(page)
        let first: Book? = try db.fetchOne(page)
        let count: Int = try db.fetchCount(page)
        let any: Bool = try db.exists(page)
        let titles: [String] = try db.fetchAll(page.select(Book.Columns.title))
        let pairs: [(String, Decimal)] = try db.fetchAll(
          page.select(Book.Columns.title, Book.Columns.price))
        let dearest: Decimal? = try db.fetchOne(Book.all().select(Book.Columns.price.max))
        let perGenre: [(Genre, Int)] = try db.fetchAll(
          Book.all().select(Book.Columns.genre, Book.Columns.id.count)
            .group(Book.Columns.genre).having(Book.Columns.id.count > 1)
            .order(Book.Columns.genre.asc))
        let lent: [Book] = try db.fetchAll(
          Book.all().filter(Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID))))

        XCTAssertEqual(books.map(\.title), ["Hyperion", "Dune"])
        XCTAssertEqual(first?.title, "Hyperion")
        XCTAssertEqual(count, 2)
        XCTAssertTrue(any)
        XCTAssertEqual(titles, ["Hyperion", "Dune"])
        XCTAssertEqual(pairs.map(\.0), ["Hyperion", "Dune"])
        XCTAssertEqual(pairs.map(\.1), [9, 12])
        XCTAssertEqual(dearest, 12)
        XCTAssertEqual(perGenre.map(\.0), [.scifi])
        XCTAssertEqual(perGenre.map(\.1), [3])
        XCTAssertEqual(lent.map(\.title).sorted(), ["Dune", "Hyperion", "The Hobbit"])
      }
      try db.write { db in
        let repriced: Int = try db.updateAll(
          Book.all().filter(Book.Columns.genre == .scifi),
          set: Book.Columns.price.set(to: 10))
        let removed: Int = try db.deleteAll(Book.all().filter(Book.Columns.price < 1))
        XCTAssertEqual(repriced, 3)
        XCTAssertEqual(removed, 0)
      }
      XCTAssertEqual(
        try db.read {
          try $0.fetchAll(
            Book.all().filter(Book.Columns.genre == .scifi).select(Book.Columns.price))
        },
        [10, 10, 10])
    }
  }

  func testAggregatesAreTypedAndNilOverNoRows() throws {
    forEachEngine { _ in
      try db.read { db in
        let none = Book.all().filter(Book.Columns.price > 1000)
        let sum: Decimal? = try db.fetchOne(none.select(Book.Columns.price.sum))
        let average: Double? = try db.fetchOne(none.select(Book.Columns.price.avg))
        let minimum: Int? = try db.fetchOne(none.select(Book.Columns.pages.min))
        let counted: Int? = try db.fetchOne(none.select(Book.Columns.pages.count))
        XCTAssertNil(sum)
        XCTAssertNil(average)
        XCTAssertNil(minimum)
        XCTAssertEqual(counted, 0)
        let total: Decimal? = try db.fetchOne(Book.all().select(Book.Columns.price.sum))
        XCTAssertEqual(total, Decimal(string: "36.5"))
        let pages: Int? = try db.fetchOne(Book.all().select(Book.Columns.pages.max))
        XCTAssertEqual(pages, 482)
        let stats = try db.fetchOne(
          Book.all().select(
            Book.Columns.pages.count, Book.Columns.pages.sum, Book.Columns.pages.avg,
            Book.Columns.genre.distinctCount, Book.Columns.title.min, Book.Columns.title.max))
        XCTAssertEqual(stats?.0, 3)
        XCTAssertEqual(stats?.1, 1204)
        XCTAssertEqual(stats?.2 ?? 0, 1204.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(stats?.3, 4)
        XCTAssertEqual(stats?.4, "Dune")
        XCTAssertEqual(stats?.5, "The Hobbit")
      }
    }
  }

  func testSelectionsDecodeEnumsOptionalsAndJSON() throws {
    forEachEngine { _ in
      try db.write {
        try $0.updateAll(
          Book.all().filter(Book.Columns.title == "Dune"),
          set: Book.Columns.tags.set(to: ["desert", "spice"]))
      }
      try db.read { db in
        let genres: [Genre] = try db.fetchAll(
          Book.all().select(Book.Columns.genre).distinct().order(Book.Columns.genre.asc))
        XCTAssertEqual(genres, [.classic, .fantasy, .poetry, .scifi])
        let subtitles: [String?] = try db.fetchAll(
          Book.all().order(Book.Columns.title.asc).select(Book.Columns.subtitle).limit(2))
        XCTAssertEqual(subtitles, [nil, "A Novel"])
        let tags: [[String]] = try db.fetchAll(
          Book.all().order(Book.Columns.title.asc).select(Book.Columns.tags).limit(2))
        XCTAssertEqual(tags, [["desert", "spice"], []])
        XCTAssertEqual(try db.fetchCount(Book.all().select(Book.Columns.genre).distinct()), 4)
        XCTAssertEqual(
          try db.fetchCount(Book.all().select(Book.Columns.genre).group(Book.Columns.genre)), 4)
        XCTAssertEqual(try db.fetchCount(Book.all().select(Book.Columns.price.max)), 1)
        XCTAssertTrue(try db.exists(Book.all().select(Book.Columns.title)))
        let first: String? = try db.fetchOne(
          Book.all().order(Book.Columns.title.desc).select(Book.Columns.title))
        XCTAssertEqual(first, "The Hobbit")
        let noSubtitle: String? = try db.fetchOne(
          Book.all().filter(Book.Columns.title == "Dune").select(Book.Columns.subtitle))
        XCTAssertNil(noSubtitle)
      }
    }
  }

  func testUpdateAllWithSeveralAndComputedAssignments() throws {
    forEachEngine { _ in
      let changed = try db.write { db in
        try db.updateAll(
          Member.all().filter(Member.Columns.id == 1),
          set: Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1),
          Member.Columns.email.set(to: "ada@example.com"))
      }
      XCTAssertEqual(changed, 1)
      try db.write { db in
        _ = try db.updateAll(
          Member.all(), set: Member.Columns.loanCount.set(to: Member.Columns.loanCount * 10))
        XCTAssertEqual(try db.updateAll(Member.all(), set: []), 0)
        XCTAssertEqual(
          try db.updateAll(
            Member.all().order(Member.Columns.name.desc).limit(1),
            set: Member.Columns.email.set(to: nil)), 1)
      }
      let members = try db.read { try $0.fetchAll(Member.all().order(Member.Columns.id.asc)) }
      XCTAssertEqual(members.map(\.loanCount), [10, 0])
      XCTAssertEqual(members.map(\.email), ["ada@example.com", nil])
    }
  }

  func testLoadedRecordsAreNotUpdatedByBatchChanges() throws {
    forEachEngine { _ in
      let loaded = try db.read { try $0.fetchOne(Member.self, id: 1) }
      let record = MemberTranslator.record(from: try XCTUnwrap(loaded))
      try db.write { _ = try $0.updateAll(Member.all(), set: Member.Columns.loanCount.set(to: 7)) }
      XCTAssertEqual(loaded?.loanCount, 0, "a value read before is a snapshot")
      XCTAssertEqual(record.loanCount, 0, "a change-tracked record is not refreshed")
      XCTAssertFalse(record.hasChanges)
      XCTAssertEqual(try db.read { try $0.fetchOne(Member.self, id: 1)?.loanCount }, 7)
      try db.write { _ = try $0.deleteAll(Loan.all()) }
      try db.write { _ = try $0.deleteAll(Member.all()) }
      XCTAssertEqual(record.name, "Ada", "a deleted row's record keeps its values")
    }
  }

  func testSubqueriesAndExists() throws {
    forEachEngine { _ in
      try db.read { db in
        let borrowers = Member.all().filter(
          Member.Columns.id.in(
            Loan.all().filter(Loan.Columns.bookID == 5).select(Loan.Columns.memberID)))
        XCTAssertEqual(try db.fetchAll(borrowers).map(\.name), ["Brian"])
        let neverLent = Book.all().filter(
          !Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID))
        )
        .order(Book.Columns.title.asc)
        XCTAssertEqual(
          try db.fetchAll(neverLent.select(Book.Columns.title)), ["Emma", "Odes", "Solaris"])
        XCTAssertEqual(
          try db.fetchCount(
            Book.all().filter(.exists(Loan.all().filter(Loan.Columns.returned == true)))), 0)
        XCTAssertEqual(
          try db.fetchCount(Book.all().filter(.exists(Loan.all().select(Loan.Columns.id)))), 6)
      }
    }
  }

  func testScalarFunctionsAndArithmetic() throws {
    forEachEngine { _ in
      try db.read { db in
        XCTAssertEqual(
          try db.fetchAll(
            Book.all().filter(Book.Columns.title.lowercased == "dune").select(Book.Columns.title)),
          ["Dune"])
        XCTAssertEqual(
          try db.fetchAll(
            Book.all().order(Book.Columns.title.length.desc, Book.Columns.title.asc).limit(2)
              .select(Book.Columns.title, Book.Columns.title.length)
          ).map(\.0),
          ["The Hobbit", "Hyperion"])
        XCTAssertEqual(
          try db.fetchAll(
            Book.all().order(Book.Columns.title.asc).limit(2).select(
              Book.Columns.subtitle.ifNull("-"))),
          ["-", "A Novel"])
        XCTAssertEqual(
          try db.fetchAll(
            Book.all().filter(Book.Columns.pages.isNotNull).order(Book.Columns.title.asc)
              .select(Book.Columns.pages + 1, Book.Columns.title.uppercased)
          ).map(\.0),
          [413, 483, 311])
      }
    }
  }
}
