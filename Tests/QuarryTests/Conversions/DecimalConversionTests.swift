import Foundation
import Quarry
import XCTest

final class DecimalConversionTests: XCTestCase {
  private func decimal(_ text: String) -> Decimal {
    Decimal(string: text) ?? .nan
  }

  func testDecimalArithmeticRoundTripsExactly() throws {
    let sum = decimal("0.1") + decimal("0.2")
    XCTAssertEqual(try roundTrip(sum, as: .numeric), decimal("0.3"))
    XCTAssertEqual(try roundTrip(sum, as: .numeric).description, "0.3")
  }

  func testUserWrittenDecimalsRoundTrip() throws {
    for text in ["19.99", "-0.01", "0", "123456789.123456", "99999999999999.9", "0.000001"] {
      XCTAssertEqual(try roundTrip(decimal(text), as: .numeric), decimal(text), text)
    }
  }

  func testADecimalLiteralBuiltThroughADoubleReadsBackAsWritten() throws {
    // Swift builds these literals through a Double: 19.99 is 19.98999999999999488.
    let literals: [Decimal] = [19.99, 9.99, 0.1, -1234.5678]
    let written = ["19.99", "9.99", "0.1", "-1234.5678"]
    for (literal, text) in zip(literals, written) {
      XCTAssertEqual(try roundTrip(literal, as: .numeric).description, decimal(text).description)
    }
    XCTAssertEqual(literals[0].description, "19.98999999999999488")
    // A literal with more than 15 digits does not read back as written: refused.
    let long: Decimal = 0.1234567890123456
    XCTAssertThrowsError(try roundTrip(long, as: .numeric))
  }

  /// Issue 15 #6: these came back as 3.14159265358979 and 123456789012346000000000000000.
  func testDecimalsPastFifteenDigitsAreRefusedNotRounded() {
    for text in [
      "3.141592653589793238", "123456789012345678901234567890", "0.1234567890123456",
      "-99999999999999999999.5",
    ] {
      XCTAssertThrowsError(try roundTrip(decimal(text), as: .numeric), text) { error in
        XCTAssertTrue("\(error)".contains("keeps 15, so it would not read back the same"))
      }
    }
    XCTAssertThrowsError(try roundTrip(decimal("123456789012345678901234567890"), as: .numeric)) {
      XCTAssertTrue("\($0)".hasPrefix("Decimal 123456789012345678901234567890 has 29 significant"))
    }
  }

  func testFifteenDigitsAndLargeWholeNumbersWithFewDigitsRoundTrip() throws {
    for text in [
      "0.123456789012345", "-987654321.012345", "1e30", "1.5e-20", "12345678901234500000",
    ] {
      XCTAssertEqual(try roundTrip(decimal(text), as: .numeric), decimal(text), text)
    }
  }

  func testWholeDecimalsUseIntegerStorageUpToInt64() throws {
    XCTAssertEqual(
      try roundTrip(decimal("9223372036854775807"), as: .numeric),
      decimal("9223372036854775807"))
    XCTAssertEqual(try storageClass(of: decimal("42"), as: .numeric), "integer")
    XCTAssertEqual(try storageClass(of: decimal("4.2"), as: .numeric), "real")
  }

  func testNaNIsRefused() {
    XCTAssertThrowsError(try roundTrip(Decimal.nan, as: .numeric))
  }
}
