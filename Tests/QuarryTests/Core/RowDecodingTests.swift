import Foundation
import XCTest

@testable import Quarry

/// Decoding errors on both engines, from rows written with raw SQL. Stored values only SQLite
/// accepts (invalid UTF-8, text in an INTEGER column) stay SQLite checks: PostgreSQL refuses
/// them when they are written.
final class RowDecodingTests: DatabaseTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try db.migrate(Measurement.self)
  }

  override func setUpEngine(_ engine: TestEngine) throws {
    try super.setUpEngine(engine)
    try db.migrate(Measurement.self)
  }

  private func insertRaw(small: String, label: String, tags: String) throws {
    try db.write {
      try $0.execute(
        #"INSERT INTO "measurements" ("small", "label", "tags") "#
          + "VALUES (\(small), \(label), \(tags))"
      )
    }
  }

  private func assertFetchFails(
    _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Measurement.self) }, file: file, line: line)
    {
      error in
      XCTAssertTrue(error is RowDecodingError, "\(type(of: error))", file: file, line: line)
      XCTAssertEqual("\(error)", expected, file: file, line: line)
    }
  }

  private let select = #"SELECT "id", "small", "label", "tags", "notes" FROM "measurements""#

  // SQLite only: a PostgreSQL UTF8 database refuses text that is not UTF-8 when it is written.
  func testInvalidUTF8InAStringColumnNamesTableColumnAndRow() throws {
    try insertRaw(small: "1", label: "CAST(x'C328' AS TEXT)", tags: "'[]'")
    assertFetchFails(
      "cannot decode column 'label' of table 'measurements' (row 1) as String: TEXT of 2 bytes "
        + "is not valid UTF-8 - while executing `\(select)`")
  }

  // SQLite only, as above (and PostgreSQL's jsonb parses what it stores).
  func testInvalidUTF8InAJSONColumnIsARowDecodingError() throws {
    try insertRaw(small: "1", label: "'a'", tags: "CAST(x'5B2261FF225D' AS TEXT)")
    assertFetchFails(
      "cannot decode column 'tags' of table 'measurements' (row 1) as Array<String>: TEXT of 6 "
        + "bytes is not valid UTF-8 - while executing `\(select)`")
  }

  func testNullIntoANonOptionalNamesTableColumnRowAndType() {
    forEachEngine { _ in
      try insertRaw(small: "1", label: "'a'", tags: "'[]'")
      try insertRaw(small: "2", label: "NULL", tags: "'[]'")
      assertFetchFails(
        "cannot decode column 'label' of table 'measurements' (row 2) as String: expected TEXT, "
          + "found NULL - while executing `\(select)`")
    }
  }

  func testWrongStorageClassIsAnError() {
    forEachEngine { engine in
      switch engine {
      case .sqlite:
        // An INTEGER column of SQLite keeps text that is no number.
        try insertRaw(small: "'seven'", label: "'a'", tags: "'[]'")
        assertFetchFails(
          "cannot decode column 'small' of table 'measurements' (row 1) as Int8: expected "
            + "INTEGER, found TEXT - while executing `\(select)`")
      case .postgres:
        // A BIGINT column refuses it when it is written; text read as Int8 is still an error.
        XCTAssertThrowsError(try insertRaw(small: "'seven'", label: "'a'", tags: "'[]'")) {
          XCTAssertTrue("\($0)".hasPrefix("PostgreSQL error 22P02: "), "\($0)")
        }
        XCTAssertEqual(try rawValue(#"SELECT count(*) FROM "measurements""#, in: db), .integer(0))
        XCTAssertThrowsError(
          try db.read { try $0.fetchValue(Int8.self, sql: #"SELECT 'seven'::text AS "small""#) }
        ) {
          XCTAssertEqual(
            "\($0)",
            "cannot decode column 'small' (row 1) as Int8: expected INTEGER, found TEXT - while "
              + #"executing `SELECT 'seven'::text AS "small"`"#)
        }
      }
    }
  }

  func testOutOfRangeIntegerIsAnErrorNotATruncation() {
    forEachEngine { _ in
      try insertRaw(small: "300", label: "'a'", tags: "'[]'")
      assertFetchFails(
        "cannot decode column 'small' of table 'measurements' (row 1) as Int8: integer 300 is out "
          + "of range for Int8 - while executing `\(select)`")
    }
  }

  func testBadJSONIsAnError() {
    forEachEngine { _ in
      try insertRaw(small: "1", label: "'a'", tags: "'[\"unterminated'")
      XCTAssertThrowsError(try db.read { try $0.fetchAll(Measurement.self) }) { error in
        let description = "\(error)"
        XCTAssertTrue(
          description.hasPrefix(
            "cannot decode column 'tags' of table 'measurements' (row 1) as Array<String>: "
              + "invalid JSON ("), description)
      }
    }
  }

  func testJSONOfTheWrongShapeIsAnError() {
    forEachEngine { _ in
      try insertRaw(small: "1", label: "'a'", tags: "'{\"a\": 1}'")
      XCTAssertThrowsError(try db.read { try $0.fetchAll(Measurement.self) }) { error in
        XCTAssertTrue("\(error)".contains("as Array<String>: invalid JSON"), "\(error)")
      }
    }
  }

  func testNullJSONIntoANonOptionalIsAnError() {
    forEachEngine { _ in
      try insertRaw(small: "1", label: "'a'", tags: "NULL")
      assertFetchFails(
        "cannot decode column 'tags' of table 'measurements' (row 1) as Array<String>: expected "
          + "JSON TEXT, found NULL - while executing `\(select)`")
    }
  }

  func testOptionalJSONColumnsRoundTripNilAndValues() {
    forEachEngine { _ in
      let values = [
        Measurement(id: 1, small: 1, label: "a", tags: [], notes: nil),
        Measurement(id: 2, small: 2, label: "b", tags: ["x"], notes: ["first", "second"]),
      ]
      try db.write { db in
        for value in values { try db.insert(value) }
      }
      XCTAssertEqual(try db.read { try $0.fetchAll(Measurement.self) }, values)
      XCTAssertEqual(
        try rawRows(#"SELECT "notes" FROM "measurements" ORDER BY "id""#, in: db),
        [[.null], [.text(#"["first","second"]"#)]])
    }
  }

  func testAStatementThatFailedToDecodeIsResetForTheNextQuery() {
    forEachEngine { _ in
      try insertRaw(small: "300", label: "'a'", tags: "'[]'")
      XCTAssertThrowsError(try db.read { try $0.fetchAll(Measurement.self) })
      XCTAssertFalse(db.hasBusyStatements)
      XCTAssertEqual(try db.read { try $0.count(Measurement.self) }, 1)
    }
  }
}

/// Issue 15 #9: text that is not valid UTF-8 (written by another program) is an error, never
/// silently repaired with U+FFFD.
///
/// Text that is not UTF-8 is SQLite's only: a PostgreSQL UTF8 database refuses it when it is
/// written. Valid text and bytes read back on both engines.
final class InvalidUTF8DecodingTests: EngineTestCase {
  private let invalid = "SELECT CAST(x'61FF62' AS TEXT)"

  func testInvalidUTF8IntoAStringIsARowDecodingError() throws {
    let db = try Database.inMemory()
    XCTAssertThrowsError(try db.read { try $0.fetchValue(String.self, sql: invalid) }) { error in
      XCTAssertTrue(error is RowDecodingError)
      XCTAssertEqual(
        "\(error)",
        "cannot decode column 'CAST(x'61FF62' AS TEXT)' (row 1) as String: TEXT of 3 bytes is "
          + "not valid UTF-8 - while executing `SELECT CAST(x'61FF62' AS TEXT)`")
    }
    XCTAssertThrowsError(try db.read { try $0.fetchValue(String?.self, sql: invalid) }) {
      XCTAssertTrue($0 is RowDecodingError)
    }
  }

  func testInvalidUTF8IntoOtherTextTypesIsARowDecodingError() throws {
    let db = try Database.inMemory()
    for fetch in [
      { try db.read { _ = try $0.fetchValue(Character.self, sql: "SELECT CAST(x'FF' AS TEXT)") } },
      { try db.read { _ = try $0.fetchValue(URL.self, sql: self.invalid) } },
      { try db.read { _ = try $0.fetchValue(UUID.self, sql: self.invalid) } },
    ] as [() throws -> Void] {
      XCTAssertThrowsError(try fetch()) { error in
        XCTAssertTrue("\(error)".contains("is not valid UTF-8"), "\(error)")
      }
    }
  }

  func testValidTextStillDecodesIncludingNULAndNonASCII() {
    forEachEngine { engine in
      let db = try makeDatabase()
      // PostgreSQL text holds no NUL: the same bytes without it.
      let sql =
        engine == .postgres
        ? #"SELECT convert_from('\x61c3a962'::bytea, 'UTF8')"#
        : "SELECT CAST(x'61C3A90062' AS TEXT)"
      let text = engine == .postgres ? "aéb" : "aé\u{0}b"
      XCTAssertEqual(try db.read { try $0.fetchValue(String.self, sql: sql) }, text)
      XCTAssertEqual(try rawValue(sql, in: db), .text(text))
      XCTAssertEqual(try db.read { try $0.fetchValue(String.self, sql: "SELECT ''") }, "")
    }
  }

  func testTheSameBytesInABlobReadAsData() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let sql = engine == .postgres ? #"SELECT '\x61ff62'::bytea"# : "SELECT x'61FF62'"
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Data.self, sql: sql) }, Data([0x61, 0xFF, 0x62]))
      XCTAssertEqual(try rawValue(sql, in: db), .blob(Data([0x61, 0xFF, 0x62])))
    }
  }

}
