import Foundation
import XCTest

@testable import Quarry

/// `Decimal` in a `kind: .decimal` NUMERIC column on both engines: SQLite keeps 15 significant
/// digits (a REAL or INTEGER), so a value it would not read back the same is refused there;
/// PostgreSQL's NUMERIC keeps every digit a Decimal holds.
final class DecimalConversionTests: EngineTestCase {
  private func decimal(_ text: String) -> Decimal {
    Decimal(string: text) ?? .nan
  }

  /// `value` stored and read back on the run's engine, in `db`.
  private func stored(_ value: Decimal, in db: Database) throws -> (
    value: Decimal?, stored: DatabaseValue
  ) {
    try engineRoundTrip(value, as: .numeric, kind: .decimal, in: db)
  }

  func testDecimalArithmeticRoundTripsExactly() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let sum = decimal("0.1") + decimal("0.2")
      let back = try stored(sum, in: db)
      XCTAssertEqual(back.value, decimal("0.3"))
      XCTAssertEqual(back.value?.description, "0.3")
      XCTAssertEqual(back.stored, engine == .sqlite ? .real(0.3) : .text("0.3"))
    }
  }

  func testUserWrittenDecimalsRoundTrip() {
    forEachEngine { _ in
      let db = try makeDatabase()
      for text in ["19.99", "-0.01", "0", "123456789.123456", "99999999999999.9", "0.000001"] {
        XCTAssertEqual(try stored(decimal(text), in: db).value, decimal(text), text)
      }
    }
  }

  func testADecimalLiteralBuiltThroughADoubleReadsBackAsWritten() {
    forEachEngine { engine in
      let db = try makeDatabase()
      // Swift builds these literals through a Double: 19.99 is 19.98999999999999488.
      let literals: [Decimal] = [19.99, 9.99, 0.1, -1234.5678]
      let written = ["19.99", "9.99", "0.1", "-1234.5678"]
      XCTAssertEqual(literals[0].description, "19.98999999999999488")
      for (literal, text) in zip(literals, written) {
        let back = try stored(literal, in: db).value?.description
        // SQLite's 15 digits give back what was written; PostgreSQL keeps the Double's digits.
        XCTAssertEqual(back, engine == .sqlite ? decimal(text).description : literal.description)
      }
      let long: Decimal = 0.1234567890123456
      switch engine {
      case .sqlite:
        // A literal with more than 15 digits does not read back as written: refused.
        XCTAssertThrowsError(try stored(long, in: db))
      case .postgres:
        XCTAssertEqual(try stored(long, in: db).value, long)
      }
    }
  }

  /// Issue 15 #6: these came back as 3.14159265358979 and 123456789012346000000000000000.
  func testDecimalsPastFifteenDigitsAreRefusedOnSQLiteAndExactOnPostgreSQL() {
    forEachEngine { engine in
      let db = try makeDatabase()
      for text in [
        "3.141592653589793238", "123456789012345678901234567890", "0.1234567890123456",
        "-99999999999999999999.5",
      ] {
        switch engine {
        case .sqlite:
          XCTAssertThrowsError(try stored(decimal(text), in: db), text) { error in
            XCTAssertTrue("\(error)".contains("keeps 15, so it would not read back the same"))
          }
        case .postgres:
          let back = try stored(decimal(text), in: db)
          XCTAssertEqual(back.value, decimal(text), text)
          XCTAssertEqual(back.stored, .text(text), text)
        }
      }
      if engine == .sqlite {
        XCTAssertThrowsError(try stored(decimal("123456789012345678901234567890"), in: db)) {
          XCTAssertTrue(
            "\($0)".hasPrefix("Decimal 123456789012345678901234567890 has 29 significant"))
        }
      }
    }
  }

  func testFifteenDigitsAndLargeWholeNumbersWithFewDigitsRoundTrip() {
    forEachEngine { _ in
      let db = try makeDatabase()
      for text in [
        "0.123456789012345", "-987654321.012345", "1e30", "1.5e-20", "12345678901234500000",
      ] {
        XCTAssertEqual(try stored(decimal(text), in: db).value, decimal(text), text)
      }
    }
  }

  func testWholeDecimalsUseIntegerStorageUpToInt64() {
    forEachEngine { engine in
      let db = try makeDatabase()
      XCTAssertEqual(
        try stored(decimal("9223372036854775807"), in: db).value,
        decimal("9223372036854775807"))
      // SQLite's storage class; PostgreSQL's NUMERIC is one type, read here as its text.
      XCTAssertEqual(
        try stored(decimal("42"), in: db).stored, engine == .sqlite ? .integer(42) : .text("42"))
      XCTAssertEqual(
        try stored(decimal("4.2"), in: db).stored, engine == .sqlite ? .real(4.2) : .text("4.2"))
    }
  }

  func testNaNIsRefused() {
    forEachEngine { _ in
      XCTAssertThrowsError(try stored(Decimal.nan, in: try makeDatabase()))
    }
  }
}
