import Foundation
import XCTest

@testable import Quarry

/// `fetchCursor` (issue 21): every cursor compared with `fetchAll` of the same query, or with
/// plain Swift over the inserted data.
final class DatabaseCursorTests: EngineTestCase {
  private var db: Database!
  private var books: [Book] = []

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Book.self)
    books = (0..<300).map { number in
      Book(
        title: number % 3 == 0 ? "Éclair \(number)" : "Book \(number)",
        genre: Genre.allCases[number % 4], price: Decimal(number), published: 1900 + number,
        subtitle: number % 2 == 0 ? nil : "sub \(number)")
    }
    try db.write { tx in
      for index in books.indices { books[index].id = try tx.insert(books[index]) }
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    XCTAssertFalse(db.hasBusyStatements)
  }

  func testQueryCursorWalksTheSameRowsAsFetchAll() throws {
    forEachEngine { _ in
      let query = Book.all().filter(Book.Columns.price > 10).order(Book.Columns.title.desc)
      let (walked, all) = try db.read { tx in
        let cursor = try tx.fetchCursor(query)
        var walked: [Book] = []
        while let book = try cursor.next() { walked.append(book) }
        XCTAssertNil(try cursor.next(), "a finished cursor stays finished")
        return (walked, try tx.fetchAll(query))
      }
      XCTAssertEqual(walked, all)
      XCTAssertEqual(walked.map(\.title), books.filter { $0.price > 10 }.map(\.title).sorted(by: >))
      let empty = try db.read {
        try $0.fetchCursor(Book.all().filter(Book.Columns.price < 0)).collect()
      }
      XCTAssertEqual(empty, [])
    }
  }

  func testSelectionLiteralDecodableAndValueCursors() throws {
    forEachEngine { _ in
      let subtitles = try db.read {
        try $0.fetchCursor(Book.all().order(Book.Columns.id.asc).select(Book.Columns.subtitle))
          .collect()
      }
      XCTAssertEqual(subtitles, books.map(\.subtitle))
      let cheap = try db.read {
        try $0.fetchCursor(Book.self, literal: "SELECT * FROM books WHERE price < \(5) ORDER BY id")
          .collect()
      }
      XCTAssertEqual(cheap, books.filter { $0.price < 5 })
      struct Pair: Decodable, Equatable { var title: String; var subtitle: String? }
      let pairs = try db.read {
        try $0.fetchCursor(Pair.self, literal: "SELECT title, subtitle FROM books ORDER BY id")
          .collect()
      }
      XCTAssertEqual(pairs, books.map { Pair(title: $0.title, subtitle: $0.subtitle) })
      let titles = try db.read {
        try $0.fetchCursor(
          String.self, literal: "SELECT title FROM books WHERE title LIKE \("É%") ORDER BY id"
        )
        .collect()
      }
      XCTAssertEqual(titles, books.map(\.title).filter { $0.hasPrefix("É") })
    }
  }

  func testOtherQueriesAndTheSameQueryRunWhileACursorIsOpen() throws {
    forEachEngine { _ in
      let query = Book.all().order(Book.Columns.id.asc)
      let (walked, counts) = try db.read { tx in
        let cursor = try tx.fetchCursor(query)
        var walked: [Int64?] = []
        var counts: [Int] = []
        while let book = try cursor.next() {
          walked.append(book.id)
          if walked.count <= 2 { counts.append(try tx.fetchAll(query).count) }
        }
        return (walked, counts)
      }
      XCTAssertEqual(walked, books.map(\.id))
      XCTAssertEqual(counts, [300, 300])
    }
  }

  func testCursorLeftUnfinishedIsEndedWithItsTransaction() throws {
    forEachEngine { _ in
      let cursor = try db.read { tx -> DatabaseCursor<Book> in
        let cursor = try tx.fetchCursor(Book.all())
        XCTAssertNotNil(try cursor.next())
        return cursor
      }
      // The read transaction ended although the cursor was mid-walk: a write may checkpoint
      // and the next read sees it.
      try db.write { try $0.execute("DELETE FROM books") }
      XCTAssertEqual(try db.read { try $0.fetchCount(Book.all()) }, 0)
      _ = cursor  // next() here would stop with a precondition failure
      try db.write { tx in
        let cursor = try tx.fetchCursor(Book.all())
        XCTAssertNil(try cursor.next())
      }
    }
  }

  /// Walks of more rows than one batch of a PostgreSQL cursor (1,000): the same rows in the
  /// same order as `fetchAll`, with values bound in the filter, order and paging, a NULL
  /// parameter, and another query run between batches.
  func testWalksAcrossBatchesMatchFetchAll() throws {
    forEachEngine { _ in
      try db.write { tx in
        for number in 300..<2_700 {
          try tx.insert(
            Book(
              title: "Bulk \(number)", genre: Genre.allCases[number % 4], price: Decimal(number),
              published: 1900 + number % 120, subtitle: number % 5 == 0 ? nil : "s\(number)"))
        }
      }
      let query = Book.all().filter(Book.Columns.price >= 7 && Book.Columns.genre != .poetry)
        .order(Book.Columns.published.desc, Book.Columns.id.asc).limit(2_500, offset: 3)
      let (walked, all, counts) = try db.read { tx in
        let cursor = try tx.fetchCursor(query)
        var walked: [Book] = []
        var counts: [Int] = []
        while let book = try cursor.next() {
          walked.append(book)
          if walked.count % 999 == 0 { counts.append(try tx.fetchCount(Book.all())) }
        }
        return (walked, try tx.fetchAll(query), counts)
      }
      // Prices 7…2699 without poetry (every fourth) are 2,019 books, after the offset 2,016.
      XCTAssertEqual(walked.count, 2_016)
      XCTAssertEqual(walked, all)
      XCTAssertEqual(counts, [2_700, 2_700])
      let noSubtitle = try db.read { tx in
        try tx.fetchCursor(
          Book.self,
          literal: "SELECT * FROM books WHERE subtitle IS \(nil as String?) ORDER BY id"
        ).collect()
      }
      let withoutSubtitle = Book.all().filter(Book.Columns.subtitle == nil)
      XCTAssertEqual(noSubtitle, try db.read { try $0.fetchAll(withoutSubtitle) })
      XCTAssertEqual(noSubtitle.count, 150 + 480)
    }
  }

  /// A PostgreSQL walk over 1,000,000 rows reads a server-side cursor 1,000 rows at a time:
  /// the result held never has more rows than that, and the process's memory grows by a few
  /// megabytes, where the whole result (about 100 MB in libpq) would have been loaded at the
  /// first step. The rows are the ones SQL counts and sums.
  func testAMillionRowWalkOnPostgreSQLHoldsOneBatch() throws {
    forEachEngine([.postgres]) { _ in
      try db.write { tx in
        try tx.execute(
          "INSERT INTO books (title, genre, price, published, tags) SELECT 'Million ' || n || "
            + "repeat('x', 40), 'scifi', n, n, '[]' FROM generate_series(1, 1000000) AS n")
      }
      let baseline = Self.residentBytes()
      var peak = baseline
      var largestBatch: Int32 = 0
      let (count, sum) = try db.read { tx -> (Int, Int) in
        let cursor = try tx.fetchCursor(
          Book.all().filter(Book.Columns.title.like("Million %")).order(Book.Columns.id.asc)
            .select(Book.Columns.title, Book.Columns.published))
        var count = 0
        var sum = 0
        while let (title, published) = try cursor.next() {
          count += title.hasSuffix("xxxx") ? 1 : 0
          sum += published
          largestBatch = max(largestBatch, cursor.statement.postgres?.result?.rowCount ?? 0)
          if count % 10_000 == 0 { peak = max(peak, Self.residentBytes()) }
        }
        return (count, sum)
      }
      XCTAssertEqual(count, 1_000_000)
      XCTAssertEqual(sum, 500_000_500_000)
      XCTAssertEqual(
        try rawValue("SELECT sum(published) FROM books WHERE title LIKE 'Million %'", in: db),
        .text("500000500000"))
      XCTAssertEqual(largestBatch, 1_000)
      XCTAssertLessThan(peak - baseline, 30 << 20, "resident memory grew by \(peak - baseline)")
    }
  }

  /// The process's resident memory, from `/proc/self/statm` (0 where there is none).
  private static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  func testDecodingErrorEndsTheCursor() throws {
    forEachEngine { _ in
      let (first, afterError) = try db.read { tx -> (String?, String?) in
        let cursor = try tx.fetchCursor(
          String.self, literal: "SELECT subtitle FROM books ORDER BY id")
        var first: String?
        XCTAssertThrowsError(first = try cursor.next()) {
          XCTAssertTrue(
            "\($0)".contains(
              "cannot decode column 'subtitle' (row 1) as String: expected TEXT, found NULL"),
            "\($0)"
          )
        }
        return (first, try cursor.next())
      }
      XCTAssertNil(first)
      XCTAssertNil(afterError, "after an error the cursor is done")
    }
  }
}
