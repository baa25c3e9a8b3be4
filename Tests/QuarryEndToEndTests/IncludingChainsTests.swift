import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// Chained and nested `including`, the to-one `HasOne` of a unique reference, and association
/// counts (`annotated(with:)`, `having`), over `Models/Library.swift`. Every answer is compared
/// with the same answer computed in plain Swift from the inserted values; the statement log
/// shows one SELECT per association, whatever the number of rows. Every test runs on SQLite and
/// on PostgreSQL (a fresh database on the shared test server), where the owners' keys arrive as
/// binary `uuid` and `int8`.
final class IncludingChainsTests: EngineEndToEndTestCase {
  private var authors: [Author] = []
  private var books: [Book] = []
  private var reviews: [Review] = []
  private var covers: [Cover] = []

  private static func uuid(_ group: Int, _ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-%04d-%012d", group, number))!
  }

  /// `authorCount` authors; author `a` wrote `a % 4` books (so some wrote none), every third
  /// book has an editor (the next author), every book `b` has `b % 3` reviews (some without
  /// text) and every other book a cover. Names are non-ASCII.
  private func insertLibrary(authorCount: Int) throws {
    authors = (0..<authorCount).map { Author(id: Self.uuid(1, $0), name: "Émile Zola \($0)") }
    books = []
    for (position, author) in authors.enumerated() {
      for copy in 0..<(position % 4) {
        let number = books.count
        let editor = number % 3 == 0 ? authors[(position + 1) % authors.count].id : nil
        books.append(
          Book(
            id: Self.uuid(2, number), title: "Œuvre \(position)-\(copy)", authorID: author.id,
            editorID: editor))
      }
    }
    reviews = []
    covers = []
    for (number, book) in books.enumerated() {
      for stars in 0..<(number % 3) {
        reviews.append(
          Review(
            id: Int64(reviews.count + 1), bookID: book.id, stars: stars,
            text: stars == 0 ? nil : "très bien"))
      }
      if number % 2 == 0 {
        covers.append(
          Cover(id: Int64(number + 1), bookID: book.id, caption: "couverture \(number)"))
      }
    }
    try database.write { tx in
      for author in self.authors { try tx.insert(author) }
      for book in self.books { try tx.insert(book) }
      for review in self.reviews { try tx.insert(review) }
      for cover in self.covers { try tx.insert(cover) }
    }
    log.removeAll()
  }

  private func author(_ id: UUID?) -> Author? { authors.first { $0.id == id } }

  func testChainedIncludingGivesFlatTuplesInOrderWithOneQueryPerAssociation() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 1_000)
      let rows: [(Book, Author, Author?)] = try database.read { tx in
        try tx.fetchAll(
          Book.all().including(Book.author).including(Book.editor).order(Book.Columns.title.asc))
      }
      XCTAssertEqual(log.selects, 3)
      let expected = books.sorted { $0.title < $1.title }
      XCTAssertEqual(rows.map(\.0), expected)
      XCTAssertEqual(rows.map(\.1), expected.map { author($0.authorID)! })
      XCTAssertEqual(rows.map(\.2), expected.map { author($0.editorID) })
      XCTAssertTrue(rows.contains { $0.2 == nil } && rows.contains { $0.2 != nil })

      // A third association, a to-one HasOne: one more query.
      log.removeAll()
      let query = Book.all().including(Book.author).including(Book.editor).including(Book.cover)
      let withCovers: [(Book, Author, Author?, Cover?)] = try database.read { tx in
        try tx.fetchAll(query)
      }
      XCTAssertEqual(log.selects, 4)
      XCTAssertEqual(withCovers.count, books.count)
      for (book, writer, _, cover) in withCovers {
        XCTAssertEqual(writer.id, book.authorID)
        XCTAssertEqual(cover, covers.first { $0.bookID == book.id })
      }
    }
  }

  func testNestedIncludingNestsWithOneQueryPerAssociation() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 1_000)
      let tree: [(Author, [(Book, [Review])])] = try database.read { tx in
        try tx.fetchAll(
          Author.all().including(Author.books.including(Book.reviews)).order(Author.Columns.id.asc))
      }
      XCTAssertEqual(log.selects, 3)
      XCTAssertEqual(tree.map(\.0), authors)
      for (author, shelf) in tree {
        let expectedBooks = books.filter { $0.authorID == author.id }
        XCTAssertEqual(Set(shelf.map(\.0.id)), Set(expectedBooks.map(\.id)))
        for (book, bookReviews) in shelf {
          XCTAssertEqual(
            bookReviews.sorted { $0.id < $1.id }, reviews.filter { $0.bookID == book.id })
        }
      }
      XCTAssertTrue(tree.contains { $0.1.isEmpty })

      // Nested and chained together: books with their author and their reviews and cover.
      log.removeAll()
      let deep: [(Author, [(Book, [Review], Cover?)], [Book])] = try database.read { tx in
        try tx.fetchAll(
          Author.all().including(Author.books.including(Book.reviews).including(Book.cover))
            .including(Author.edited))
      }
      XCTAssertEqual(log.selects, 5)
      for (author, shelf, edited) in deep {
        XCTAssertEqual(
          Set(edited.map(\.id)), Set(books.filter { $0.editorID == author.id }.map(\.id)))
        for (book, _, cover) in shelf {
          XCTAssertEqual(cover, covers.first { $0.bookID == book.id })
        }
      }
    }
  }

  func testNestedToOneIncluding() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 12)
      let rows: [(Review, (Book, Author))] = try database.read { tx in
        try tx.fetchAll(Review.all().including(Review.book.including(Book.author)))
      }
      XCTAssertEqual(log.selects, 3)
      XCTAssertEqual(rows.map(\.0), reviews)
      for (review, (book, writer)) in rows {
        XCTAssertEqual(book.id, review.bookID)
        XCTAssertEqual(writer.id, book.authorID)
      }
      let optional: [(Book, (Cover, Book)?)] = try database.read { tx in
        try tx.fetchAll(Book.all().including(Book.cover.including(Cover.book)))
      }
      for (book, pair) in optional {
        XCTAssertEqual(pair?.0, covers.first { $0.bookID == book.id })
        XCTAssertEqual(pair?.1, pair.map { _ in book })
      }
    }
  }

  func testHasOneOfAUniqueReference() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 6)
      let pairs: [(Book, Cover?)] = try database.read { tx in
        try tx.fetchAll(Book.all().including(Book.cover))
      }
      XCTAssertEqual(log.selects, 2)
      XCTAssertEqual(pairs.map(\.0), books)
      XCTAssertEqual(pairs.map(\.1), books.map { book in covers.first { $0.bookID == book.id } })
      XCTAssertTrue(pairs.contains { $0.1 == nil })
      let first = try database.read { try $0.fetchOne(Book.cover, of: self.books[0]) }
      XCTAssertEqual(first, covers.first { $0.bookID == books[0].id })
      let none = try database.read { try $0.fetchOne(Book.cover, of: self.books[1]) }
      XCTAssertNil(none)
      // The reference is unique: a second cover for the same book is refused.
      XCTAssertThrowsError(
        try database.write { tx in
          try tx.insert(Cover(id: 9_999, bookID: self.books[0].id, caption: "encore"))
        })
    }
  }

  func testIncludingOverNoRowsIsEmpty() throws {
    forEachEngine { engine in
      let rows = try database.read { tx in
        try tx.fetchAll(
          Author.all().including(Author.books.including(Book.reviews)).including(Author.edited))
      }
      XCTAssertTrue(rows.isEmpty)
    }
  }

  func testAnnotatedWithAnAssociationCount() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 40)
      let counts: [(Author, Int)] = try database.read { tx in
        try tx.fetchAll(Author.all().annotated(with: Author.books.count))
      }
      XCTAssertEqual(log.selects, 1)
      XCTAssertEqual(counts.map(\.0), authors)
      XCTAssertEqual(
        counts.map(\.1), authors.map { a in books.filter { $0.authorID == a.id }.count })
      XCTAssertTrue(counts.contains { $0.1 == 0 })
      // The same counts by raw SQL, in the authors' order (SQLite's rowid; on PostgreSQL
      // their keys, which the inserted UUIDs follow).
      let counted = #"(SELECT COUNT(*) FROM "books" WHERE "authorID" = "authors"."id")"#
      let rawSQL =
        engine == .sqlite
        ? #"SELECT group_concat(n, ',') FROM (SELECT \#(counted) AS n FROM "authors" "#
          + "ORDER BY rowid)"
        : #"SELECT string_agg(\#(counted)::text, ',' ORDER BY "id") FROM "authors""#
      let raw = try database.read { tx in try tx.fetchValue(String.self, sql: rawSQL) }
      XCTAssertEqual(raw, counts.map { String($0.1) }.joined(separator: ","))
      // Two annotations, and an ordering by the count.
      let both: [(Author, Int, Int)] = try database.read { tx in
        try tx.fetchAll(
          Author.all().annotated(with: Author.books.count, Author.edited.count)
            .order(Author.books.count.desc, Author.Columns.name.asc).limit(3))
      }
      let expected = authors.map { a in
        (a, books.filter { $0.authorID == a.id }.count, books.filter { $0.editorID == a.id }.count)
      }.sorted { ($1.1, $0.0.name) < ($0.1, $1.0.name) }.prefix(3)
      XCTAssertEqual(both.map(\.0), expected.map(\.0))
      XCTAssertEqual(both.map(\.1), expected.map(\.1))
      XCTAssertEqual(both.map(\.2), expected.map(\.2))
    }
  }

  func testHavingAnAssociationCount() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 40)
      let prolific: [Author] = try database.read { tx in
        try tx.fetchAll(Author.all().having(Author.books.count >= 3))
      }
      XCTAssertEqual(
        prolific, authors.filter { a in books.filter { $0.authorID == a.id }.count >= 3 })
      let none: [Author] = try database.read { tx in
        try tx.fetchAll(Author.all().having(Author.books.count >= 10))
      }
      XCTAssertEqual(none, [])
      let tagged = try database.read { tx in
        try tx.fetchAll(Book.all().annotated(with: Book.tags.count))
      }
      XCTAssertEqual(tagged.map(\.1), books.map { _ in 0 })
    }
  }

  /// The decision of issue 21: on a query of whole rows without `group`, `having` keeps rows
  /// as `filter` does (so `having(Author.books.count >= 10)` reads as it is written); with
  /// `group` it keeps groups, as SQL's HAVING. An aggregate of the rows' own columns without
  /// `group` is SQLite's error, not one arbitrary row of a whole-table group.
  func testHavingWithoutGroupKeepsRowsAndWithGroupKeepsGroups() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 40)
      let (having, filtered) = try database.read { tx in
        (
          try tx.fetchAll(Book.all().having(Book.Columns.title > "Œuvre 2")),
          try tx.fetchAll(Book.all().filter(Book.Columns.title > "Œuvre 2"))
        )
      }
      XCTAssertEqual(having, filtered)
      XCTAssertEqual(having, books.filter { $0.title > "Œuvre 2" })
      XCTAssertFalse(having.isEmpty)
      // Whole rows grouped by a column that is not their key: SQLite picks one row per
      // group, PostgreSQL refuses the other columns (SQLSTATE 42803).
      guard engine == .sqlite else { return }
      let grouped = try database.read { tx in
        try tx.fetchAll(Book.all().group(Book.Columns.authorID).having(Book.Columns.id.count >= 2))
      }
      let counts = Dictionary(grouping: books, by: \.authorID).filter { $0.value.count >= 2 }
      XCTAssertEqual(Set(grouped.map(\.authorID)), Set(counts.keys))
      XCTAssertEqual(grouped.count, counts.count)
      XCTAssertThrowsError(
        try database.read { try $0.fetchAll(Book.all().having(Book.Columns.id.count >= 2)) }
      ) { XCTAssertTrue("\($0)".contains("misuse of aggregate"), "\($0)") }
    }
  }

  /// Written inline, as a GRDB user writes them: three chained `including` inside `fetchAll`
  /// in a `read` closure, a chain of four, and three nested ones. All of them failed to
  /// compile while the included values were a growing parameter pack.
  func testLongChainsWrittenInlineLoadWithOneQueryPerAssociation() throws {
    forEachEngine { engine in
      try insertLibrary(authorCount: 30)
      let three: [(Book, Author, Author?, Cover?)] = try database.read { tx in
        try tx.fetchAll(
          Book.all().including(Book.author).including(Book.editor).including(Book.cover))
      }
      XCTAssertEqual(log.selects, 4)
      XCTAssertEqual(three.map(\.0), books)
      XCTAssertEqual(three.map(\.1), books.map { author($0.authorID)! })
      XCTAssertEqual(three.map(\.2), books.map { author($0.editorID) })
      XCTAssertEqual(three.map(\.3), books.map { book in covers.first { $0.bookID == book.id } })

      log.removeAll()
      let four: [(Book, Author, Author?, Cover?, [Review])] = try database.read { tx in
        try tx.fetchAll(
          Book.all().including(Book.author).including(Book.editor).including(Book.cover)
            .including(Book.reviews).order(Book.Columns.title.desc))
      }
      XCTAssertEqual(log.selects, 5)
      let byTitle = books.sorted { $0.title > $1.title }
      XCTAssertEqual(four.map(\.0), byTitle)
      XCTAssertEqual(four.map(\.2), byTitle.map { author($0.editorID) })
      XCTAssertEqual(
        four.map { $0.4.sorted { $0.id < $1.id } },
        byTitle.map { book in reviews.filter { $0.bookID == book.id } })

      log.removeAll()
      let nested: [(Author, [(Book, [Review], Cover?, Author?)])] = try database.read { tx in
        try tx.fetchAll(
          Author.all().including(
            Author.books.including(Book.reviews).including(Book.cover).including(Book.editor)))
      }
      XCTAssertEqual(log.selects, 5)
      XCTAssertEqual(nested.map(\.0), authors)
      for (owner, shelf) in nested {
        XCTAssertEqual(
          Set(shelf.map(\.0.id)), Set(books.filter { $0.authorID == owner.id }.map(\.id)))
        for (book, bookReviews, cover, editor) in shelf {
          XCTAssertEqual(
            bookReviews.sorted { $0.id < $1.id }, reviews.filter { $0.bookID == book.id })
          XCTAssertEqual(cover, covers.first { $0.bookID == book.id })
          XCTAssertEqual(editor, author(book.editorID))
        }
      }
      XCTAssertTrue(nested.contains { $0.1.contains { $0.3 != nil } })
    }
  }
}
