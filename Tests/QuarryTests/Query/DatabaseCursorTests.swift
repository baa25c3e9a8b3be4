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
