import Foundation
import Quarry
import XCTest

/// `upsert` of a row that conflicts on a unique column (not the key) updates that row, as
/// SwiftData's `.unique` and GRDB do; `upsert(_:onConflict:)` names the columns. Each answer is
/// read back with raw SQL on the engine, on SQLite and on PostgreSQL.
final class UpsertConflictTests: EngineEndToEndTestCase {
  private let start = Date(timeIntervalSinceReferenceDate: 700_000_000.25)

  /// Every publisher as `id|name|city` lines, by raw SQL in id order.
  private func rows() throws -> String? {
    try rawColumn(
      #"SELECT "id" || '|' || "name" || '|' || coalesce("city", 'NULL') FROM "publishers" "#
        + #"ORDER BY "id""#
    ).map { $0 ?? "?" }.joined(separator: ";")
  }

  func testUpsertOfARowThatConflictsOnAUniqueColumnUpdatesThatRow() {
    forEachEngine { _ in
      try database.write { tx in
        try tx.insert(Publisher(id: nil, name: "Éditions Gallimard", city: nil, createdAt: start))
        try tx.insert(Publisher(id: nil, name: "Tor", city: "New York", createdAt: start))
        // Another key, the same unique name: the row with that name is updated and keeps its key.
        try tx.upsert(
          Publisher(id: 99, name: "Éditions Gallimard", city: "Paris", createdAt: start))
      }
      XCTAssertEqual(try rows(), "1|Éditions Gallimard|Paris;2|Tor|New York")
      // A conflict on the key still updates, and no conflict inserts.
      try database.write { tx in
        try tx.upsert(Publisher(id: 2, name: "Tor Books", city: nil, createdAt: start))
        try tx.upsert(Publisher(id: 3, name: "Ōkawa Shoten", city: "東京", createdAt: start))
      }
      XCTAssertEqual(
        try rows(), "1|Éditions Gallimard|Paris;2|Tor Books|NULL;3|Ōkawa Shoten|東京")
    }
  }

  func testUpsertOnConflictUpdatesTheRowWithTheSameValuesInTheNamedColumns() {
    forEachEngine { _ in
      try database.write { tx in
        try tx.insert(Publisher(id: nil, name: "Tor", city: "New York", createdAt: start))
        try tx.upsert(
          Publisher(id: nil, name: "Tor", city: "Manhattan", createdAt: start),
          onConflict: Publisher.Columns.name)
        try tx.upsert(
          Publisher(id: nil, name: "Gollancz", city: "London", createdAt: start),
          onConflict: Publisher.Columns.name)
      }
      // The upsert that became an update used up key 2 (SQLite's AUTOINCREMENT never reuses a
      // rowid; PostgreSQL's sequence hands out its next value before the conflict is found).
      XCTAssertEqual(try rows(), "1|Tor|Manhattan;3|Gollancz|London")
    }
  }

  func testUpsertOnConflictTakesSeveralColumns() {
    forEachEngine { _ in
      let author = Author(id: UUID(), name: "Frank Herbert")
      let book = Book(id: UUID(), title: "Dune", authorID: author.id, editorID: nil)
      let tag = Tag(id: 1, name: "classic")
      try database.write { tx in
        try tx.insert(author)
        try tx.insert(book)
        try tx.insert(tag)
        for _ in 0..<2 {
          try tx.upsert(
            BookTag(bookID: book.id, tagID: tag.id),
            onConflict: BookTag.Columns.bookID, BookTag.Columns.tagID)
        }
      }
      XCTAssertEqual(try rawColumn(#"SELECT COUNT(*) FROM "book_tags""#), ["1"])
    }
  }

  func testUpsertOnAColumnThatIsNotUniqueIsTheEnginesError() {
    forEachEngine { engine in
      XCTAssertThrowsError(
        try database.write { tx in
          try tx.upsert(
            Publisher(id: nil, name: "Tor", city: "New York", createdAt: start),
            onConflict: Publisher.Columns.city)
        }
      ) { error in
        let expected =
          engine == .postgres
          ? "PostgreSQL error 42P10: there is no unique or exclusion constraint matching the ON "
            + "CONFLICT specification"
          : "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE"
        XCTAssertTrue("\(error)".contains(expected), "\(error)")
      }
      XCTAssertEqual(try rawColumn(#"SELECT COUNT(*) FROM "publishers""#), ["0"])
    }
  }

  func testATableWithoutUniqueColumnsStillUpsertsOnItsKeyOnly() {
    forEachEngine { _ in
      let frank = Author(id: UUID(), name: "Frank Herbert")
      try database.write { tx in
        try tx.upsert(frank)
        try tx.upsert(Author(id: frank.id, name: "F. Herbert"))
        // Same name, another key: names are not unique, so this is a second row.
        try tx.upsert(Author(id: UUID(), name: "F. Herbert"))
      }
      XCTAssertEqual(
        try rawColumn(#"SELECT COUNT(*) FROM "authors" WHERE "name" = 'F. Herbert'"#), ["2"])
      XCTAssertEqual(
        try database.read { try $0.fetchCount(Author.all().filter(Author.Columns.name == "F. Herbert")) },
        2)
    }
  }
}
