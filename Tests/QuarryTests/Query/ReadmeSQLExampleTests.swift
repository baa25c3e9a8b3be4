import Foundation
import XCTest

import Quarry

/// The README's "SQL literals, cursors, functions, savepoints and the schema" section, snippet
/// by snippet: each block is copied here verbatim (a test checks the copies still match the
/// README) and runs on the library fixture; the answers are checked against plain Swift.
final class ReadmeSQLExampleTests: EngineTestCase {
  func testTheSnippetsRunAndAnswer() {
    forEachEngine { engine in try runTheSnippets(on: try makeDatabase(), engine: engine) }
  }

  /// The snippets, at the indentation they had before they ran on each engine: line breaks
  /// must stay the README's.
  private func runTheSnippets(on db: Database, engine: TestEngine) throws {
    try db.migrate(Book.self, Member.self, Loan.self)
    let inserted = [
      Book(title: "Émile", genre: .classic, price: 3, published: 1762, pages: 500),
      Book(title: "Dune", genre: .scifi, price: 9, published: 1965, pages: 412),
      Book(title: "Hypérion", genre: .scifi, price: 8, published: 1989),
    ]
    try db.write { tx in
      for book in inserted { try tx.insert(book) }
      try tx.insert(Member(id: 9, name: "Émile Zola"))
    }

    // README block 1
    let name = "Émile Zola"
    let found: [Member] = try db.read {
      try $0.fetchAll(Member.self, literal: "SELECT * FROM members WHERE name = \(name)")
    }
    struct GenreCount: Decodable { var genre: String; var n: Int }
    let counts: [GenreCount] = try db.read {
      try $0.fetchAll(GenreCount.self, literal: "SELECT genre, COUNT(*) AS n FROM \(Book.self) GROUP BY genre")
    }
    let titles: [String] = try db.read { try $0.fetchAll(String.self, literal: "SELECT title FROM books") }
    let longest: String? = try db.read {
      try $0.fetchValue(String.self, literal: "SELECT title FROM books ORDER BY length(title) DESC")
    }
    // README block 2
    let pages = try db.read { tx in
      let cursor = try tx.fetchCursor(Book.all().order(Book.Columns.title.asc))
      var pages = 0
      while let book = try cursor.next() { pages += book.pages ?? 0 }
      return pages
    }
    // Block 3 registers Swift closures as a SQL function and a collation: SQLite runs them in
    // the process, a PostgreSQL server cannot, so there `add(function:)` throws by design
    // (`PostgresUnsupportedError`, tested in PostgresDatabaseTests) and the block runs on
    // SQLite only.
    if engine == .sqlite {
      // README block 3
      try db.add(function: DatabaseFunction("unaccent", argumentCount: 1, pure: true) { args in
        guard case .text(let text) = args[0] else { return nil }   // NULL stays NULL
        return text.folding(options: .diacriticInsensitive, locale: nil)
      })
      let byLength = DatabaseCollation("byLength") { a, b in
        a.count == b.count ? a.compare(b) : (a.count < b.count ? .orderedAscending : .orderedDescending)
      }
      try db.add(collation: byLength)
      let plain: [String] = try db.read { try $0.fetchAll(String.self, literal: "SELECT unaccent(title) FROM books") }
      let shortFirst = try db.read {
        try $0.fetchAll(Book.all().order(Book.Columns.title.collating(byLength).asc))
      }
      XCTAssertEqual(plain.sorted(), ["Dune", "Emile", "Hyperion"])
      XCTAssertEqual(shortFirst.map(\.title), ["Dune", "Émile", "Hypérion"])
    }
    // README block 4
    try db.write { tx in
      try tx.insert(Member(id: 1, name: "Ada"))
      try tx.inSavepoint { sp in
        try sp.insert(Member(id: 2, name: "Draft"))
        return .rollback   // Ada stays, Draft goes
      }
    }
    // README block 5
    let (columns, indexes, keys) = try db.read { tx in
      (try tx.columns(in: "books"), try tx.indexes(on: "loans"), try tx.foreignKeys(on: "loans"))
    }
    // columns: name, type, isNotNull, defaultValue (its SQL text), primaryKeyIndex (1-based, 0 if not)
    // indexes: name, columns, isUnique;  keys: destinationTable, columns, destinationColumns, onDelete

    XCTAssertEqual(found.map(\.id), [9])
    XCTAssertEqual(
      Dictionary(uniqueKeysWithValues: counts.map { ($0.genre, $0.n) }), ["classic": 1, "scifi": 2])
    XCTAssertEqual(titles.sorted(), inserted.map(\.title).sorted())
    XCTAssertEqual(longest, "Hypérion")
    XCTAssertEqual(pages, 912)
    XCTAssertEqual(try db.read { try $0.fetchAll(String.self, literal: "SELECT name FROM members ORDER BY id") },
                   ["Ada", "Émile Zola"])
    XCTAssertEqual(columns.map(\.name), Book.table.columns.map(\.name))
    XCTAssertEqual(keys.map(\.destinationTable).sorted(), ["books", "members"])
    // Each engine's own catalog of indexes.
    let catalog: SQLLiteral =
      engine == .sqlite
      ? "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'loans' ORDER BY name"
      : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'loans' ORDER BY indexname"
    let indexNames = try db.read { try $0.fetchAll(String.self, literal: catalog) }
    XCTAssertEqual(indexes.map(\.name), indexNames)
  }

  func testTheCopiesMatchTheReadme() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let readme = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try XCTUnwrap(
      text.components(separatedBy: "### SQL literals, cursors, functions, savepoints and the schema\n")
        .dropFirst().first?.components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 5)
    let source = try String(contentsOf: tests, encoding: .utf8)
    let trimmedSource = Self.trimmed(source)
    for block in blocks {
      XCTAssertTrue(trimmedSource.contains(Self.trimmed(block)), "not copied here:\n\(block)")
    }
  }

  private static func trimmed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } }.joined(separator: "\n")
  }
}
