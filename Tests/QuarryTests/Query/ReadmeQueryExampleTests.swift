import Foundation
import XCTest

import Quarry

/// The README's "Typed queries" section, snippet by snippet: each block is copied here verbatim
/// (a test checks the copies still match the README) and runs on the library fixture.
final class ReadmeQueryExampleTests: EngineTestCase {
  func testTheSnippetsRunAndAnswer() {
    forEachEngine { _ in try runTheSnippets(on: try makeDatabase()) }
  }

  /// The snippets, at the indentation they had before they ran on each engine: line breaks
  /// must stay the README's.
  private func runTheSnippets(on db: Database) throws {
    try db.migrate(Book.self, Member.self, Loan.self)
    try db.write { db in
      for number in 0..<50 {
        try db.insert(
          Book(
            title: "Book \(number)", genre: number % 2 == 0 ? .scifi : .poetry,
            price: Decimal(number), published: 1900 + number))
      }
      try db.insert(Member(id: 1, name: "Ada"))
      try db.insert(Loan(bookID: 3, memberID: 1))
    }

    // README block 1
    let page = Book.all()
      .filter(Book.Columns.genre == .scifi && Book.Columns.price > 5)
      .order(Book.Columns.published.desc, Book.Columns.title.asc)
      .limit(20, offset: 40)

    let books: [Book] = try db.read { try $0.fetchAll(page) }
    let first: Book? = try db.read { try $0.fetchOne(page) }
    let count: Int = try db.read { try $0.fetchCount(page) }
    let any: Bool = try db.read { try $0.exists(page) }
    // README block 2
    let titles: [String] = try db.read { try $0.fetchAll(page.select(Book.Columns.title)) }
    let pairs: [(String, Decimal)] = try db.read {
      try $0.fetchAll(page.select(Book.Columns.title, Book.Columns.price))
    }
    let dearest: Decimal? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.max)) }
    let perGenre: [(Genre, Int)] = try db.read {
      try $0.fetchAll(
        Book.all().select(Book.Columns.genre, Book.Columns.id.count)
          .group(Book.Columns.genre).having(Book.Columns.id.count > 1)
          .order(Book.Columns.genre.asc))
    }
    let lent: [Book] = try db.read {
      try $0.fetchAll(Book.all().filter(Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID))))
    }
    // README block 3
    let byLength = try db.read {
      try $0.fetchAll(Book.all().order(Book.Columns.title.length.desc).select(Book.Columns.title))
    }
    let unlent = try db.read {
      try $0.fetchAll(Book.all().filter(!Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID))))
    }
    let sorted = try db.read {
      try $0.fetchAll(Book.all().order(Book.Columns.subtitle.asc.nullsLast, Book.Columns.title.collating(.noCase).asc))
    }
    // README block 4
    try db.write { db in
      let repriced: Int = try db.updateAll(Book.all().filter(Book.Columns.genre == .scifi),
                                           set: Book.Columns.price.set(to: 10))
      try db.updateAll(Member.all().filter(Member.Columns.id == 1),
                       set: Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1),
                       Member.Columns.email.set(to: nil))
      let removed: Int = try db.deleteAll(Book.all().filter(Book.Columns.price < 1))
      print(repriced, removed)
    }

    XCTAssertEqual(books.count, 0, "page 3 of the 22 science-fiction books above 5 is empty")
    XCTAssertNil(first)
    XCTAssertEqual(count, 0)
    XCTAssertFalse(any)
    XCTAssertEqual(titles, [])
    XCTAssertEqual(pairs.count, 0)
    XCTAssertEqual(dearest, 49)
    XCTAssertEqual(perGenre.map(\.0), [.poetry, .scifi])
    XCTAssertEqual(perGenre.map(\.1), [25, 25])
    XCTAssertEqual(lent.map(\.title), ["Book 2"])
    XCTAssertEqual(byLength.count, 50)
    XCTAssertEqual(unlent.count, 49)
    XCTAssertEqual(sorted.first?.title, "Book 0")
    XCTAssertEqual(try db.read { try $0.fetchCount(Book.all()) }, 50, "Book 0 was repriced to 10 first")
    XCTAssertEqual(try db.read { try $0.fetchOne(Member.self, id: 1)?.loanCount }, 1)
  }

  func testTheCopiesMatchTheReadme() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let readme = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try XCTUnwrap(
      text.components(separatedBy: "### Typed queries\n").dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 4)
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
