import Foundation
import Quarry
import XCTest

/// A table record that is also `Decodable`: the literal fetches must take the table-record
/// path (its generated `init(row:)`), which this `init(from:)` would give away by its names.
extension Member: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(id: -1, name: "decoded by init(from:)")
  }
}

/// A result shape that is no table.
private struct GenreCount: Decodable, Equatable {
  var genre: String
  var n: Int
}

/// Optional, JSON and enum properties decoded by column name.
private struct BookSummary: Decodable, Equatable {
  var title: String
  var subtitle: String?
  var tags: [String]
  var genre: String
}

/// SQL literals and the `Decodable` path (issue 21); every expected value is computed in plain
/// Swift from the inserted data or read with the older `sql:` + `arguments:` calls.
final class SQLLiteralTests: EngineTestCase {
  private var db: Database!
  private let books = [
    Book(
      title: "Émile", genre: .classic, price: 3, published: 1762, subtitle: "De l'éducation",
      tags: ["éducation", "philosophie"]),
    Book(title: "Dune", genre: .scifi, price: 9, published: 1965, tags: []),
    Book(title: "日本の本", genre: .poetry, price: 5, published: 2001, subtitle: nil, tags: ["詩"]),
    Book(title: "Robert'); DROP TABLE books; --", genre: .scifi, price: 1, published: 2020),
  ]
  private let members = [
    Member(id: 1, name: "Émile Zola", email: "emile@example.com"),
    Member(id: 2, name: "Ada", email: nil),
  ]

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Book.self, Member.self)
    try db.write { tx in
      for book in books { try tx.insert(book) }
      for member in members { try tx.insert(member) }
    }
  }

  func testInterpolatedValuesAreBoundNeverSpliced() throws {
    forEachEngine { _ in
      let hostile = books[3].title
      let literal: SQLLiteral = "SELECT * FROM books WHERE title = \(hostile) OR price > \(100)"
      XCTAssertEqual(literal.sql, "SELECT * FROM books WHERE title = ? OR price > ?")
      XCTAssertEqual(literal.arguments.count, 2)
      let found = try db.read { try $0.fetchAll(Book.self, literal: literal) }
      XCTAssertEqual(found.map(\.title), [hostile])
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Int.self, literal: "SELECT COUNT(*) FROM books") }, 4)
    }
  }

  func testTableRecordsFromALiteralMatchTheSQLArgumentsSpelling() throws {
    forEachEngine { _ in
      let name = "Émile Zola"
      let literal = try db.read {
        try $0.fetchAll(Member.self, literal: "SELECT * FROM members WHERE name = \(name)")
      }
      let classic = try db.read {
        try $0.fetchAll(Member.self, sql: "SELECT * FROM members WHERE name = ?", arguments: [name])
      }
      XCTAssertEqual(literal, members.filter { $0.name == name })
      XCTAssertEqual(literal, classic)
      let none = try db.read {
        try $0.fetchAll(Member.self, literal: "SELECT * FROM members WHERE name = \("nobody")")
      }
      XCTAssertEqual(none, [])
      let one = try db.read {
        try $0.fetchOne(
          Member.self,
          literal: "SELECT * FROM members WHERE email IS NOT DISTINCT FROM \(nil as String?)")
      }
      XCTAssertEqual(one, members.first { $0.email == nil })
    }
  }

  func testIdentifiersListsAndNestedLiteralsInterpolate() throws {
    forEachEngine { _ in
      let ids: [Int64] = [2, 1, 99]
      let names = try db.read {
        try $0.fetchAll(
          String.self,
          literal:
            "SELECT \(Member.Columns.name) FROM \(Member.self) WHERE \(identifier: "id") IN \(list: ids) ORDER BY id"
        )
      }
      XCTAssertEqual(names, members.filter { ids.contains($0.id) }.map(\.name))
      let empty = try db.read {
        try $0.fetchAll(
          String.self, literal: "SELECT name FROM members WHERE id IN \(list: [Int64]())")
      }
      XCTAssertEqual(empty, [])
      var query: SQLLiteral = "SELECT title FROM books WHERE price > \(Decimal(2))"
      query += " AND published < \(2000) ORDER BY title"
      XCTAssertEqual(
        try db.read { try $0.fetchAll(String.self, literal: query) },
        books.filter { $0.price > 2 && $0.published < 2000 }.map(\.title).sorted())
    }
  }

  func testRecordThatIsAlsoDecodableTakesTheTableRecordPath() throws {
    forEachEngine { _ in
      let all = try db.read {
        try $0.fetchAll(Member.self, literal: "SELECT * FROM members ORDER BY id")
      }
      XCTAssertEqual(all, members)
      let one = try db.read {
        try $0.fetchOne(Member.self, literal: "SELECT * FROM members WHERE id = \(2)")
      }
      XCTAssertEqual(one, members[1])
      let viaSQL = try db.read {
        try $0.fetchAll(Member.self, sql: "SELECT * FROM members ORDER BY id")
      }
      XCTAssertEqual(viaSQL, members)
      let cursor = try db.read {
        try $0.fetchCursor(Member.self, literal: "SELECT * FROM members").collect()
      }
      XCTAssertEqual(cursor.map(\.name).sorted(), members.map(\.name).sorted())
    }
  }

  func testAnyDecodableReadsColumnsByName() throws {
    forEachEngine { _ in
      let counts = try db.read {
        try $0.fetchAll(
          GenreCount.self,
          literal: "SELECT genre, COUNT(*) AS n FROM books GROUP BY genre ORDER BY genre")
      }
      let expected = Dictionary(grouping: books, by: \.genre.rawValue)
        .map { GenreCount(genre: $0.key, n: $0.value.count) }.sorted { $0.genre < $1.genre }
      XCTAssertEqual(counts, expected)
      let summaries = try db.read {
        try $0.fetchAll(
          BookSummary.self, literal: "SELECT tags, genre, subtitle, title FROM books ORDER BY id")
      }
      XCTAssertEqual(
        summaries,
        books.map {
          BookSummary(
            title: $0.title, subtitle: $0.subtitle, tags: $0.tags, genre: $0.genre.rawValue)
        })
      let none = try db.read {
        try $0.fetchAll(GenreCount.self, literal: "SELECT genre, 1 AS n FROM books WHERE 1 = 0")
      }
      XCTAssertEqual(none, [])
      let top = try db.read {
        try $0.fetchOne(
          GenreCount.self,
          literal:
            "SELECT genre, COUNT(*) AS N FROM books GROUP BY genre ORDER BY 2 DESC, 1 LIMIT 1")
      }
      XCTAssertEqual(top, GenreCount(genre: "scifi", n: 2), "names match ignoring ASCII case")
    }
  }

  func testMissingAndExtraColumnsAreClearErrors() {
    forEachEngine { _ in
      XCTAssertThrowsError(
        try db.read { try $0.fetchAll(GenreCount.self, literal: "SELECT genre FROM books") }
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'n' (row 1) as Int: the result has no column 'n' (columns: genre)"
            + " - while executing `SELECT genre FROM books`")
      }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(GenreCount.self, literal: "SELECT genre, 1 AS n, title FROM books")
        }
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'title' (row 1) as GenreCount: the result has column 'title', which"
            + " no property of GenreCount reads (properties read: genre, n)"
            + " - while executing `SELECT genre, 1 AS n, title FROM books`")
      }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(BookSummary.self, literal: "SELECT title, tags, genre FROM books")
        }
      ) { error in
        XCTAssertTrue("\(error)".contains("the result has no column 'subtitle'"), "\(error)")
      }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(GenreCount.self, literal: "SELECT genre, NULL AS n FROM books")
        }
      ) { error in
        XCTAssertTrue(
          "\(error)".contains(
            "cannot decode column 'n' (row 1) as Int: expected INTEGER, found NULL"), "\(error)")
      }
    }
  }

  func testColumnsOfValuesAndSingleValues() throws {
    forEachEngine { _ in
      let titles = try db.read {
        try $0.fetchAll(String.self, literal: "SELECT title FROM books ORDER BY id")
      }
      XCTAssertEqual(titles, books.map(\.title))
      let subtitles = try db.read {
        try $0.fetchAll(String?.self, literal: "SELECT subtitle FROM books ORDER BY id")
      }
      XCTAssertEqual(subtitles, books.map(\.subtitle))
      let genres = try db.read {
        try $0.fetchAll(Genre.self, literal: "SELECT genre FROM books ORDER BY id")
      }
      XCTAssertEqual(genres, books.map(\.genre))
      let none = try db.read {
        try $0.fetchAll(Int.self, literal: "SELECT id FROM books WHERE 1 = 0")
      }
      XCTAssertEqual(none, [])
      let longest = try db.read {
        try $0.fetchValue(
          String.self, literal: "SELECT title FROM books ORDER BY length(title) DESC LIMIT 1")
      }
      XCTAssertEqual(longest, books.max { $0.title.count < $1.title.count }?.title)
      XCTAssertNil(
        try db.read {
          try $0.fetchValue(String.self, literal: "SELECT title FROM books WHERE 1 = 0")
        })
      let first = try db.read {
        try $0.fetchOne(String.self, literal: "SELECT title FROM books ORDER BY id")
      }
      XCTAssertEqual(first, books[0].title)
      let viaSQL = try db.read {
        try $0.fetchAll(
          String.self, sql: "SELECT title FROM books WHERE price > ? ORDER BY id", arguments: [4])
      }
      XCTAssertEqual(viaSQL, books.filter { $0.price > 4 }.map(\.title))
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(String.self, literal: "SELECT subtitle FROM books ORDER BY id")
        }
      ) { XCTAssertTrue("\($0)".contains("expected TEXT, found NULL"), "\($0)") }
    }
  }
}
