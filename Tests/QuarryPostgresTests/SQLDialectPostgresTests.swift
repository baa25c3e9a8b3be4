import XCTest

@testable import Quarry

final class SQLDialectPostgresTests: XCTestCase {
  func testQuotesIdentifiersAndKeepsQuestionMarkPlaceholders() {
    let dialect = SQLDialect.postgres
    XCTAssertEqual(dialect.quote("birds"), "\"birds\"")
    XCTAssertEqual(dialect.quote("a\"b"), "\"a\"\"b\"")
    XCTAssertEqual(dialect.placeholder(3), "?")
  }

  func testOffsetNeedsNoLimit() {
    XCTAssertNil(SQLDialect.postgres.unlimitedCount)
    XCTAssertEqual(SQLDialect.sqlite.unlimitedCount, "-1")
  }

  func testBinaryCollationIsC() {
    XCTAssertEqual(SQLDialect.postgres.collationName(.binary), "\"C\"")
    XCTAssertEqual(SQLDialect.postgres.collationName(.named("und-x-icu")), "\"und-x-icu\"")
  }
}
