import XCTest

@testable import Quarry

final class PostgresPlaceholdersTests: XCTestCase {
  private func assertTranslation(
    _ sql: String, _ expected: String, count: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let translated = PostgresPlaceholders.translate(sql)
    XCTAssertEqual(translated.sql, expected, file: file, line: line)
    XCTAssertEqual(translated.parameterCount, count, file: file, line: line)
  }

  func testNumbersPlainPlaceholdersInOrder() {
    assertTranslation(
      #"SELECT "id" FROM "t" WHERE "a" = ? AND "b" > ? LIMIT ? OFFSET ?"#,
      #"SELECT "id" FROM "t" WHERE "a" = $1 AND "b" > $2 LIMIT $3 OFFSET $4"#, count: 4)
  }

  func testNullSafeComparisonsWithAParameterAreSpelledForPostgres() {
    assertTranslation(
      #"SELECT * FROM "t" WHERE "a" IS ? AND "b" IS NOT ? AND "c" = ?"#,
      #"SELECT * FROM "t" WHERE "a" IS NOT DISTINCT FROM $1 AND "b" IS DISTINCT FROM $2"#
        + #" AND "c" = $3"#, count: 3)
    // Any case and spacing, numbered placeholders too.
    assertTranslation(
      "WHERE a is\n\t?2 OR b Is  nOt?1",
      "WHERE a IS NOT DISTINCT FROM $2 OR b IS DISTINCT FROM $1", count: 2)
    // Words that end in `is` or `not`, IS before other keywords, and quoted text are left alone.
    assertTranslation(
      #"SELECT this ?, "is" ?, knot ?, x IS NOT NULL, y IS TRUE, 'IS ?' FROM t"#,
      #"SELECT this $1, "is" $2, knot $3, x IS NOT NULL, y IS TRUE, 'IS ?' FROM t"#, count: 3)
    // PostgreSQL's own spelling is kept.
    assertTranslation("WHERE a IS NOT DISTINCT FROM ?", "WHERE a IS NOT DISTINCT FROM $1", count: 1)
  }

  func testLeavesTextWithoutPlaceholdersUntouched() {
    assertTranslation("SELECT 1", "SELECT 1", count: 0)
    assertTranslation("", "", count: 0)
  }

  func testNumberedPlaceholdersKeepTheirNumberAndPlainOnesFollowTheLargest() {
    // SQLite: a plain ? takes the number after the largest so far.
    assertTranslation("VALUES (?2, ?, ?1, ?)", "VALUES ($2, $3, $1, $4)", count: 4)
    assertTranslation("VALUES (?12)", "VALUES ($12)", count: 12)
  }

  func testKeepsPostgresPlaceholdersAndCountsThem() {
    assertTranslation("SELECT $2::int, $1", "SELECT $2::int, $1", count: 2)
    assertTranslation("SELECT $1, ?", "SELECT $1, $2", count: 2)
  }

  func testIgnoresQuestionMarksInStringsIdentifiersAndComments() {
    assertTranslation(
      #"SELECT '?', 'it''s ?', "col?" , "a""?" FROM t WHERE x = ?"#,
      #"SELECT '?', 'it''s ?', "col?" , "a""?" FROM t WHERE x = $1"#, count: 1)
    assertTranslation(
      "SELECT ? -- why?\n, ? /* what? /* nested? */ still? */ , ?",
      "SELECT $1 -- why?\n, $2 /* what? /* nested? */ still? */ , $3", count: 3)
  }

  func testEscapeStringsSkipBackslashedQuotes() {
    assertTranslation(#"SELECT E'a\'?', ?"#, #"SELECT E'a\'?', $1"#, count: 1)
    // In a standard string a backslash is an ordinary character.
    assertTranslation(#"SELECT 'a\', ?"#, #"SELECT 'a\', $1"#, count: 1)
    // An identifier ending in e before a quote is not an escape-string prefix.
    assertTranslation(#"SELECT name'x\', ?"#, #"SELECT name'x\', $1"#, count: 1)
  }

  func testDollarQuotedStringsAreSkipped() {
    assertTranslation(
      "CREATE FUNCTION f() RETURNS int AS $$ SELECT ? $$ LANGUAGE sql; SELECT ?",
      "CREATE FUNCTION f() RETURNS int AS $$ SELECT ? $$ LANGUAGE sql; SELECT $1", count: 1)
    assertTranslation(
      "SELECT $body$ it's ? $x$ $body$, ?", "SELECT $body$ it's ? $x$ $body$, $1", count: 1)
    // A $ inside an identifier neither quotes nor numbers.
    assertTranslation("SELECT a$1, ?", "SELECT a$1, $1", count: 1)
  }

  func testUnterminatedQuotesRunToTheEnd() {
    assertTranslation("SELECT '?", "SELECT '?", count: 0)
    assertTranslation("SELECT \"?", "SELECT \"?", count: 0)
    assertTranslation("SELECT /* ?", "SELECT /* ?", count: 0)
  }

  func testNonASCIITextIsCopiedByteForByte() {
    assertTranslation("SELECT 'é?', ? AS \"ñ\"", "SELECT 'é?', $1 AS \"ñ\"", count: 1)
  }
}
