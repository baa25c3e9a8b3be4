import Foundation
import Quarry
import XCTest

/// `DEFAULT`s written for SQLite (as the generator writes them) translated for the column's
/// PostgreSQL type, checked as text and by the values a server fills in.
final class PostgresDefaultTests: XCTestCase {
  /// The column line of `column` in PostgreSQL's `CREATE TABLE`.
  private func line(_ column: ColumnDefinition) -> String {
    let sql = TableDefinition(name: "t", columns: [column]).postgresCreateTableSQL
    return String(sql.split(separator: "\n")[1].dropFirst(2))
  }

  func testNumbersOnBooleanColumnsBecomeTrueUnlessZero() {
    let cases = [
      "1": "TRUE", "0": "FALSE", "2": "TRUE", "-1": "TRUE", "0.0": "FALSE",
      "-0": "FALSE", "0e5": "FALSE", "1e-3": "TRUE", "+0.00": "FALSE", " 1 ": "TRUE",
    ]
    for (sqlite, postgres) in cases {
      XCTAssertEqual(
        line(ColumnDefinition("b", .integer, kind: .bool, defaultSQL: sqlite)),
        #""b" BOOLEAN NOT NULL DEFAULT \#(postgres)"#, sqlite)
    }
  }

  func testNumbersOnTextAndJSONColumnsAreQuotedAsSQLiteStoresThem() {
    XCTAssertEqual(
      line(ColumnDefinition("s", .text, defaultSQL: "42")), #""s" TEXT NOT NULL DEFAULT '42'"#)
    XCTAssertEqual(
      line(ColumnDefinition("j", .text, kind: .json, defaultSQL: "-2.5")),
      #""j" JSONB NOT NULL DEFAULT '-2.5'"#)
  }

  func testBlobsBecomeByteaAndTextOnByteaItsUTF8Bytes() {
    XCTAssertEqual(
      line(ColumnDefinition("d", .blob, defaultSQL: "x'0aFf'")),
      #""d" BYTEA NOT NULL DEFAULT '\x0aff'::bytea"#)
    XCTAssertEqual(
      line(ColumnDefinition("d", .blob, defaultSQL: "'é''s'")),
      #""d" BYTEA NOT NULL DEFAULT convert_to('é''s', 'UTF8')"#)
    XCTAssertEqual(
      line(ColumnDefinition("d", .blob, defaultSQL: "X''")),
      #""d" BYTEA NOT NULL DEFAULT '\x'::bytea"#)
  }

  func testEverythingElseIsKeptAsWritten() {
    let kept: [(ColumnDefinition, String)] = [
      (ColumnDefinition("n", .integer, defaultSQL: "-7"), #""n" BIGINT NOT NULL DEFAULT -7"#),
      (
        ColumnDefinition("r", .real, defaultSQL: "1e3"),
        #""r" DOUBLE PRECISION NOT NULL DEFAULT 1e3"#
      ),
      (
        ColumnDefinition("m", .numeric, kind: .decimal, defaultSQL: "0.1"),
        #""m" NUMERIC NOT NULL DEFAULT 0.1"#
      ),
      (ColumnDefinition("s", .text, defaultSQL: "'a''b'"), #""s" TEXT NOT NULL DEFAULT 'a''b'"#),
      (ColumnDefinition("s", .text, nullable: true, defaultSQL: "NULL"), #""s" TEXT DEFAULT NULL"#),
      (
        ColumnDefinition("b", .integer, kind: .bool, defaultSQL: "TRUE"),
        #""b" BOOLEAN NOT NULL DEFAULT TRUE"#
      ),
      (
        ColumnDefinition("s", .text, defaultSQL: "lower('A')"),
        #""s" TEXT NOT NULL DEFAULT lower('A')"#
      ),
      // Not one literal: a string, then more text.
      (
        ColumnDefinition("d", .blob, defaultSQL: "'a' || 'b'"),
        #""d" BYTEA NOT NULL DEFAULT 'a' || 'b'"#
      ),
      (
        ColumnDefinition("b", .integer, kind: .bool, defaultSQL: "1.2.3"),
        #""b" BOOLEAN NOT NULL DEFAULT 1.2.3"#
      ),
      (
        ColumnDefinition(
          "u", .text, kind: .uuid, defaultSQL: "'6BA7B810-9DAD-11D1-80B4-00C04FD430C8'"),
        #""u" UUID NOT NULL DEFAULT '6BA7B810-9DAD-11D1-80B4-00C04FD430C8'"#
      ),
    ]
    for (column, expected) in kept {
      XCTAssertEqual(line(column), expected)
    }
  }

  func testTranslatedDefaultsAreTheValuesOnTheServer() throws {
    let database = try RawPostgresDatabase()
    let table = TableDefinition(
      name: "defaults",
      columns: [
        ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
        ColumnDefinition("off", .integer, kind: .bool, defaultSQL: "0.0"),
        ColumnDefinition("on", .integer, kind: .bool, defaultSQL: "2"),
        ColumnDefinition("text", .text, defaultSQL: "42"),
        ColumnDefinition("json", .text, kind: .json, defaultSQL: "-2.5"),
        ColumnDefinition("bytes", .blob, defaultSQL: "X'0aFf'"),
        ColumnDefinition("utf8", .blob, defaultSQL: "'é''s'"),
        ColumnDefinition(
          "uuid", .text, kind: .uuid, defaultSQL: "'6BA7B810-9DAD-11D1-80B4-00C04FD430C8'"),
        ColumnDefinition("decimal", .numeric, kind: .decimal, defaultSQL: "0.1"),
      ])
    try database.execute(table.postgresCreateTableSQL)
    XCTAssertEqual(
      try database.lines(#"INSERT INTO "defaults" DEFAULT VALUES RETURNING *"#),
      ["1|f|t|42|-2.5|\\x0aff|\\xc3a92773|6ba7b810-9dad-11d1-80b4-00c04fd430c8|0.1"])
  }
}
