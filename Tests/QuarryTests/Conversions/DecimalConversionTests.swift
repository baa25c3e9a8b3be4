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

  func testADecimalLiteralComesBackAsWritten() throws {
    // Swift builds this literal through a Double: 19.98999999999999488.
    let literal: Decimal = 19.99
    XCTAssertEqual(try roundTrip(literal, as: .numeric), decimal("19.99"))
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
