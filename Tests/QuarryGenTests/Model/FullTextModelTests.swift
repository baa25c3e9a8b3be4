import QuarryGen
import QuarryTestSupport
import XCTest

/// `fullText = [a, b]` (issue 21): its diagnostics, and the DDL the model writes into
/// Schema.sql (the runtime's `TableDefinition.createFullTextSQL`, which FullTextSearchTests
/// compares with the database through SQLiteRoundTripTests).
final class FullTextModelTests: XCTestCase {
  private func build(_ source: String) -> (tables: [TableModel], diagnostics: String) {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    return (
      Array(result.model.tables), DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
    )
  }

  func testFullTextNamesColumnsAndWritesTheIndexAndItsTriggers() throws {
    let (tables, diagnostics) = build(
      """
      // quarry: table = "books", fullText = [title, summary]
      struct Book {
        var id: Int
        var title: String
        // quarry: column = "blurb"
        var summary: String?
      }
      """)
    XCTAssertEqual(diagnostics, "")
    let table = try XCTUnwrap(tables.first)
    XCTAssertEqual(table.fullTextColumns, ["title", "blurb"])
    XCTAssertEqual(
      table.createFullTextSQL,
      [
        #"CREATE VIRTUAL TABLE "books_fts" USING fts5("title", "blurb", content='books');"#,
        #"CREATE TRIGGER "books_fts_insert" AFTER INSERT ON "books" BEGIN INSERT INTO "books_fts" "#
          + #"(rowid, "title", "blurb") VALUES (new.rowid, new."title", new."blurb"); END;"#,
        #"CREATE TRIGGER "books_fts_delete" AFTER DELETE ON "books" BEGIN INSERT INTO "books_fts" "#
          + #"("books_fts", rowid, "title", "blurb") VALUES ('delete', old.rowid, old."title", "#
          + #"old."blurb"); END;"#,
        #"CREATE TRIGGER "books_fts_update" AFTER UPDATE ON "books" BEGIN INSERT INTO "books_fts" "#
          + #"("books_fts", rowid, "title", "blurb") VALUES ('delete', old.rowid, old."title", "#
          + #"old."blurb"); INSERT INTO "books_fts" (rowid, "title", "blurb") VALUES (new.rowid, "#
          + #"new."title", new."blurb"); END;"#,
      ])
  }

  func testNoFullTextWritesNothing() throws {
    let (tables, _) = build("// quarry: persist\nstruct Note {\n  var id: Int\n}\n")
    XCTAssertEqual(tables.first?.createFullTextSQL, [])
  }

  func testUnknownPropertyInFullTextNamesTheNearestOne() {
    let (_, diagnostics) = build(
      """
      // quarry: fullText = [titel]
      struct Book {
        var id: Int
        var title: String
      }
      """)
    XCTAssertEqual(
      diagnostics,
      """
      Models/M.swift:1:12: error: unknown property 'titel' in 'fullText'; did you mean 'title'?
      // quarry: fullText = [titel]
                 ^

      """)
  }

  func testFullTextNeedsAListOfNames() {
    let (_, diagnostics) = build(
      """
      // quarry: fullText = "title"
      struct Book {
        var id: Int
        var title: String
      }
      """)
    XCTAssertEqual(
      diagnostics,
      """
      Models/M.swift:1:12: error: annotation key 'fullText' expects a list of property names, \
      like fullText = [a, b]
      // quarry: fullText = "title"
                 ^

      """)
  }
}
