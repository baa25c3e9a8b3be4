import Foundation
import XCTest

@testable import Quarry

/// The wire formats at their edges: every value comes back `==`, or its write is refused with
/// a clear error before it reaches the server.
final class PostgresEdgeValueTests: PostgresDatabaseTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try raw(
      #"CREATE TABLE "edge" ("k" BIGINT PRIMARY KEY, "i" BIGINT, "d" DOUBLE PRECISION, "#
        + #""n" NUMERIC, "t" TEXT, "b" BYTEA, "u" UUID, "f" BOOLEAN, "j" JSONB)"#)
  }

  /// Writes `value` into `column` of a new row and reads it back through the runtime.
  private func roundTrip<V: DatabaseValueConvertible>(_ value: V, _ column: String) throws -> V? {
    let key = Int64.random(in: 1...Int64.max)
    try db.write {
      try $0.execute(
        literal: #"INSERT INTO "edge" ("k", \#(identifier: column)) VALUES (\#(key), \#(value))"#)
    }
    return try db.read {
      try $0.fetchValue(
        V.self, literal: #"SELECT \#(identifier: column) FROM "edge" WHERE "k" = \#(key)"#)
    }
  }

  func testIntegersAtTheirLimits() throws {
    for value in [Int64.min, -1, 0, 1, Int64.max] {
      XCTAssertEqual(try roundTrip(value, "i"), value)
    }
    XCTAssertEqual(try roundTrip(UInt32.max, "i"), UInt32.max)
    XCTAssertEqual(try roundTrip(Int8.min, "i"), Int8.min)
    XCTAssertThrowsError(try roundTrip(UInt64.max, "i"))
    XCTAssertEqual(
      try raw(#"SELECT min("i"), max("i") FROM "edge""#),
      [
        ["-9223372036854775808", "9223372036854775807"]
      ])
  }

  func testDoublesBitForBit() throws {
    for value in [
      -0.0, 0.0, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      0.1 + 0.2,
    ] {
      let back = try XCTUnwrap(try roundTrip(value, "d"))
      XCTAssertEqual(back.bitPattern, value.bitPattern, "\(value)")
    }
    // float8 keeps NaN, which SQLite would store as NULL.
    XCTAssertTrue(try XCTUnwrap(try roundTrip(Double.nan, "d")).isNaN)
    XCTAssertEqual(try roundTrip(Float(1.5), "d"), 1.5)
  }

  func testDecimalsKeepEveryDigit() throws {
    let texts = [
      "12345678901234567890123456789",  // 29 digits
      "-12345678901234567890123456789012345678",  // 38 digits
      "1234567890.1234567890123456789012345678",
      "0.00000000000000000000000000000000000001",
      "0", "-0.5", "19.99",
    ]
    for text in texts {
      let value = try XCTUnwrap(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
      XCTAssertEqual(try roundTrip(value, "n"), value, text)
    }
    XCTAssertEqual(
      try raw(#"SELECT "n"::text FROM "edge" WHERE "n" = 12345678901234567890123456789"#),
      [["12345678901234567890123456789"]])
    XCTAssertThrowsError(try roundTrip(Decimal.nan, "n")) { error in
      XCTAssertEqual("\(error)", "Decimal NaN has no PostgreSQL NUMERIC form")
    }
  }

  func testDatesDistantAndBelowAMicrosecond() throws {
    let dates = [
      Date.distantPast, Date.distantFuture, Date(timeIntervalSinceReferenceDate: 0.000_000_1),
      Date(timeIntervalSinceReferenceDate: 1_234_567.123_456_789),
      Date(timeIntervalSince1970: -1e12),
    ]
    for date in dates {
      XCTAssertEqual(try roundTrip(date, "d"), date, "\(date.timeIntervalSinceReferenceDate)")
    }
  }

  func testTextIsExactAndNULIsRefused() throws {
    for text in ["", "é", "日本語", "🦤 emoji", String(repeating: "x", count: 1_000_000)] {
      XCTAssertEqual(try roundTrip(text, "t"), text)
    }
    XCTAssertThrowsError(try roundTrip("a\u{0}b", "t")) { error in
      XCTAssertEqual(
        "\(error)", "text holds a NUL character (U+0000), which PostgreSQL text cannot store")
    }
    XCTAssertEqual(try raw(#"SELECT count(*) FROM "edge" WHERE "t" LIKE 'a%'"#), [["0"]])
    XCTAssertEqual(try roundTrip(Character("é"), "t"), Character("é"))
    let url = try XCTUnwrap(URL(string: "https://example.com/a?b=c"))
    XCTAssertEqual(try roundTrip(url, "t"), url)
  }

  func testBytesEmptyAndLarge() throws {
    XCTAssertEqual(try roundTrip(Data(), "b"), Data())
    let large = Data((0..<5_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    XCTAssertEqual(try roundTrip(large, "b"), large)
    XCTAssertEqual(try raw(#"SELECT length("b") FROM "edge" ORDER BY 1"#), [["0"], ["5000000"]])
  }

  func testUUIDsAndBooleansInTheirOwnTypes() throws {
    let uuid = UUID()
    XCTAssertEqual(try roundTrip(uuid, "u"), uuid)
    XCTAssertEqual(try roundTrip(true, "f"), true)
    XCTAssertEqual(try roundTrip(false, "f"), false)
    XCTAssertEqual(try roundTrip(Bool?.none, "f"), .some(nil))
    XCTAssertEqual(
      try raw(#"SELECT "u"::text FROM "edge" WHERE "u" IS NOT NULL"#),
      [[uuid.uuidString.lowercased()]])
  }

  func testJSONHoldingNULIsRefusedWithAClearError() throws {
    let statementSQL = #"INSERT INTO "edge" ("k", "j") VALUES (?, ?)"#
    XCTAssertThrowsError(
      try db.write { tx in
        let statement = try tx.checkedConnection.cachedStatement(statementSQL)
        try statement.bind(Int64(1), at: 1)
        try statement.bindJSON(["a\u{0}b"], at: 2)
        try statement.execute()
      }
    ) { error in
      XCTAssertEqual(
        "\(error)", "JSON holding the character U+0000 cannot be stored in PostgreSQL jsonb")
    }
    // An escaped backslash before "u0000" is text, not NUL.
    try db.write { tx in
      let statement = try tx.checkedConnection.cachedStatement(statementSQL)
      try statement.bind(Int64(2), at: 1)
      try statement.bindJSON(["a\\u0000b"], at: 2)
      try statement.execute()
    }
    XCTAssertEqual(try raw(#"SELECT "j"->>0 FROM "edge""#), [["a\\u0000b"]])
  }
}
