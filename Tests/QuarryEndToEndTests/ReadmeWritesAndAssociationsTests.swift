import Foundation
import Quarry
import XCTest

/// The README's "Writing back, upserts, timestamps and loading associations" section, snippet
/// by snippet: each block is copied here (or, for the models, in `Models/Library.swift`)
/// verbatim, a test checks the copies still match the README, and the answers are checked
/// against plain Swift, on SQLite and on PostgreSQL.
final class ReadmeWritesAndAssociationsTests: EngineEndToEndTestCase {
  func testTheSnippetsRunAndAnswer() {
    forEachEngine { _ in
      let db: Database = database
      let zola = Author(id: UUID(), name: "Émile Zola")
      let hugo = Author(id: UUID(), name: "Victor Hugo")
      let books = [
        Book(id: UUID(), title: "Germinal", authorID: zola.id, editorID: hugo.id),
        Book(id: UUID(), title: "Nana", authorID: zola.id, editorID: nil),
      ]
      try db.write { tx in
        try tx.insert(zola)
        try tx.insert(hugo)
        for book in books { try tx.insert(book) }
        try tx.insert(Review(id: 1, bookID: books[0].id, stars: 5, text: "chef-d'œuvre"))
        try tx.insert(Cover(id: 1, bookID: books[1].id, caption: "Nana"))
      }

      // README block 2
      var gallimard = Publisher(id: nil, name: "Éditions Gallimard", city: nil, createdAt: .distantPast)
      try db.write { tx in
        try tx.insert(&gallimard)           // gallimard.id == 1; createdAt == updatedAt == now
        gallimard.city = "Paris"
        try tx.update(&gallimard)           // updatedAt = tx.transactionDate
        let now: Date = tx.transactionDate  // one date for the whole transaction
        // Another (nil) key, the same unique name: the row named "Éditions Gallimard" is updated.
        try tx.upsert(Publisher(id: nil, name: "Éditions Gallimard", city: "Lyon", createdAt: now))
        try tx.upsert(gallimard, onConflict: Publisher.Columns.name)
      }
      XCTAssertEqual(gallimard.id, 1)
      XCTAssertEqual(gallimard.createdAt, gallimard.updatedAt)
      let stored = try db.read { try $0.fetchAll(Publisher.self) }
      XCTAssertEqual(stored, [gallimard])

      // README block 4
      let rows: [(Book, Author, Author?)] = try db.read { tx in
        try tx.fetchAll(Book.all().including(Book.author).including(Book.editor))
      }
      let tree: [(Author, [(Book, [Review])])] = try db.read { tx in
        try tx.fetchAll(Author.all().including(Author.books.including(Book.reviews)))
      }
      let covers: [(Book, Cover?)] = try db.read { try $0.fetchAll(Book.all().including(Book.cover)) }
      let counts: [(Author, Int)] = try db.read { tx in
        try tx.fetchAll(Author.all().annotated(with: Author.books.count))
      }
      let prolific: [Author] = try db.read { tx in
        try tx.fetchAll(Author.all().having(Author.books.count >= 10))
      }

      XCTAssertEqual(rows.map(\.0), books)
      XCTAssertEqual(rows.map(\.1), [zola, zola])
      XCTAssertEqual(rows.map(\.2), [hugo, nil])
      XCTAssertEqual(tree.map(\.0), [zola, hugo])
      XCTAssertEqual(tree[0].1.map(\.0), books)
      XCTAssertEqual(tree[0].1.map { $0.1.map(\.stars) }, [[5], []])
      XCTAssertEqual(tree[1].1.count, 0)
      XCTAssertEqual(covers.map { $0.1?.caption }, [nil, "Nana"])
      XCTAssertEqual(counts.map(\.1), [2, 0])
      XCTAssertEqual(prolific, [])
      // The engine itself holds the one publisher, as the Swift value says.
      XCTAssertEqual(
        try rawColumn(#"SELECT "id" || '|' || "name" || '|' || "city" FROM "publishers""#),
        ["1|Éditions Gallimard|Paris"])
      XCTAssertEqual(gallimard.city, "Paris")
    }
  }

  func testTheCopiesMatchTheReadme() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let heading = "### Writing back, upserts, timestamps and loading associations\n"
    let section = try XCTUnwrap(
      text.components(separatedBy: heading).dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 4)
    let models = try String(
      contentsOf: tests.deletingLastPathComponent().appendingPathComponent("Models/Library.swift"),
      encoding: .utf8)
    let copies = Self.trimmed(try String(contentsOf: tests, encoding: .utf8) + models)
    for block in blocks {
      XCTAssertTrue(copies.contains(Self.trimmed(block)), "not copied here:\n\(block)")
    }
  }

  private static func trimmed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } }.joined(separator: "\n")
  }
}
