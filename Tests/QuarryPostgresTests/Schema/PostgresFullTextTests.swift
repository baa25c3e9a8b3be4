import Foundation
import Quarry
import XCTest

@testable import Quarry

/// FTS5 patterns translated to PostgreSQL `tsquery`s, and the full-text index's DDL.
final class PostgresFullTextTests: XCTestCase {
  func testPatternsBecomeTsqueries() {
    let cases = [
      "wizard": "'wizard'",
      "Wizard lord": "'wizard' & 'lord'",
      "wiz*": "'wiz':*",
      "wizard* OR \"dark lord\"": "'wizard':* | ('dark' <-> 'lord')",
      "dark AND lord": "'dark' & 'lord'",
      "lord NOT gardens": "'lord' & ! 'gardens'",
      "(a OR b) c": "( 'a' | 'b' ) & 'c'",
      "it's": "'it' & 's'",
      "émile": "'émile'",
      "": "",
    ]
    for (pattern, expected) in cases {
      XCTAssertEqual(PostgresFullText.tsquery(pattern), expected, pattern)
    }
  }

  func testFullTextIndexIsAGINIndexOverTheColumnsDocument() {
    let table = TableDefinition(
      name: "books",
      columns: [
        ColumnDefinition("id", .integer, primaryKey: true),
        ColumnDefinition("title", .text), ColumnDefinition("summary", .text, nullable: true),
      ],
      fullText: FullTextIndex(["title", "summary"]))
    XCTAssertEqual(
      table.postgresCreateFullTextSQL,
      [
        #"CREATE INDEX "books_fts" ON "books" USING GIN ((to_tsvector('simple', "#
          + #"coalesce("title", '') || ' ' || coalesce("summary", ''))))"#
      ])
    XCTAssertEqual(TableDefinition(name: "t", columns: []).postgresCreateFullTextSQL, [])
  }
}
