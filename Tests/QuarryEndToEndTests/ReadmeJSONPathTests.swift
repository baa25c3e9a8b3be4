import Foundation
import Quarry
import XCTest

/// The README's "Typed JSON paths" section: each block is copied here (or, for the model, in
/// `JSONPaths/Models/Contributor.swift`) verbatim, a test checks the copies still match the README, and
/// the answers are checked against plain Swift, on SQLite and on PostgreSQL (`jsonb`).
final class ReadmeJSONPathTests: EngineEndToEndTestCase {
  override var tables: [any TableRecord.Type] { [Edition.self] }

  private static func edition(
    _ id: Int64, pages: Int, author: String, editor: Contributor?, released: Double
  ) -> Edition {
    Edition(
      id: id, title: "Edition \(id)",
      meta: Edition.Meta(
        pages: pages, subtitle: "", rating: nil, isSigned: false,
        released: Date(timeIntervalSinceReferenceDate: released), format: .ebook,
        author: Contributor(name: author, born: 1840), editor: editor, tags: [], scan: nil,
        shelfLabel: "A1"),
      extra: nil)
  }

  func testTheSnippetsRunAndAnswer() {
    forEachEngine { engine in
      let db: Database = database
      let editions = [
        Self.edition(1, pages: 600, author: "Émile Zola", editor: nil, released: 10),
        Self.edition(
          2, pages: 300, author: "Émile Zola", editor: Contributor(name: "Hugo", born: nil),
          released: 20),
        Self.edition(3, pages: 501, author: "Émile Zola", editor: nil, released: 30),
        Self.edition(4, pages: 500, author: "Zola", editor: nil, released: 40),
      ]
      try db.write { tx in
        for edition in editions { try tx.insert(edition) }
      }

      // README block 2
      let long = try db.read { tx in
        try tx.fetchAll(Edition.all().filter(Edition.Columns.meta.pages > 500))
      }
      let unedited = try db.read { tx in
        try tx.fetchAll(
          Edition.all()
            .filter(Edition.Columns.meta.author.name == "Émile Zola")
            .filter(Edition.Columns.meta.editor.isNull)
            .order(Edition.Columns.meta.released.desc))
      }
      let editors: [String?] = try db.read { tx in
        try tx.fetchAll(
          Edition.all().order(Edition.Columns.id.asc).select(Edition.Columns.meta.editor.name))
      }

      XCTAssertEqual(
        Set(long.map(\.id)), Set(editions.filter { $0.meta.pages > 500 }.map(\.id)))
      XCTAssertEqual(
        unedited.map(\.id),
        editions.filter { $0.meta.author.name == "Émile Zola" && $0.meta.editor == nil }
          .sorted { $0.meta.released > $1.meta.released }.map(\.id))
      XCTAssertEqual(unedited.map(\.id), [3, 1])
      XCTAssertEqual(editors, [nil, "Hugo", nil, nil])
      // The editors' names as the engine's own JSON functions read them.
      let path =
        engine == .postgres ? #""meta" #>> '{editor,name}'"# : #"json_extract("meta", '$.editor.name')"#
      XCTAssertEqual(try rawColumn(#"SELECT \#(path) FROM "editions" ORDER BY "id""#), editors)
    }
  }

  func testTheCopiesMatchTheReadme() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let heading = "### Typed JSON paths\n"
    let section = try XCTUnwrap(
      text.components(separatedBy: heading).dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 2)
    let model = try String(
      contentsOf: tests.deletingLastPathComponent().appendingPathComponent(
        "JSONPaths/Models/Contributor.swift"),
      encoding: .utf8)
    let copies = Self.trimmed(try String(contentsOf: tests, encoding: .utf8) + model)
    for block in blocks {
      XCTAssertTrue(copies.contains(Self.trimmed(block)), "not copied here:\n\(block)")
    }
  }

  private static func trimmed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } }.joined(separator: "\n")
  }
}
