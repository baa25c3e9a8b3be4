import XCTest

@testable import Quarry

/// The names an observed PostgreSQL read records: every identifier, never what is inside
/// literals, comments or parameters.
final class PostgresReadTablesTests: XCTestCase {
  func testQuotedNamesKeepTheirCaseAndUnquotedOnesFold() {
    XCTAssertEqual(
      PostgresReadTables.tables(in: #"SELECT "id" FROM "Birds" JOIN Nests n ON n."birdID" = 1"#),
      ["select", "id", "from", "Birds", "join", "nests", "n", "on", "birdID"])
  }

  func testDoubledQuotesInsideAQuotedName() {
    XCTAssertEqual(
      PostgresReadTables.tables(in: #"SELECT * FROM "a""b""#), ["select", "from", #"a"b"#])
  }

  func testLiteralsCommentsAndParametersAreSkipped() {
    let sql = """
      SELECT x FROM t -- FROM line_comment
      WHERE a = 'it''s birds' AND b = E'\\' birds' /* outer /* nested */ still */
      AND c = $1 AND d = $body$ birds $body$ AND e = 1e5 AND f = $$ nests $$
      """
    XCTAssertEqual(
      PostgresReadTables.tables(in: sql),
      ["select", "x", "from", "t", "where", "a", "and", "b", "c", "d", "e", "f"])
  }

  func testOnlyASCIILettersFold() {
    XCTAssertEqual(
      PostgresReadTables.tables(in: "SELECT * FROM Écoles"), ["select", "from", "Écoles"])
  }

  func testUnterminatedPiecesEndTheScanWithoutCrashing() {
    XCTAssertEqual(PostgresReadTables.tables(in: "SELECT 'open"), ["select"])
    XCTAssertEqual(PostgresReadTables.tables(in: #"SELECT "open"#), ["select", "open"])
    XCTAssertEqual(PostgresReadTables.tables(in: "SELECT /* open"), ["select"])
    XCTAssertEqual(PostgresReadTables.tables(in: "SELECT $tag$ open"), ["select"])
    XCTAssertEqual(PostgresReadTables.tables(in: "SELECT a$"), ["select", "a$"])
  }
}
