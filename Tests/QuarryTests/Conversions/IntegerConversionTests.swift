import Quarry
import XCTest

final class IntegerConversionTests: XCTestCase {
  func testSignedIntegersRoundTripTheirExtremes() throws {
    XCTAssertEqual(try roundTrip(Int64.min, as: .integer), -9_223_372_036_854_775_808)
    XCTAssertEqual(try roundTrip(Int64.max, as: .integer), 9_223_372_036_854_775_807)
    XCTAssertEqual(try roundTrip(Int.min, as: .integer), -9_223_372_036_854_775_808)
    XCTAssertEqual(try roundTrip(Int8.min, as: .integer), -128)
    XCTAssertEqual(try roundTrip(Int8.max, as: .integer), 127)
    XCTAssertEqual(try roundTrip(Int16.min, as: .integer), -32768)
    XCTAssertEqual(try roundTrip(Int32.max, as: .integer), 2_147_483_647)
    XCTAssertEqual(try roundTrip(0 as Int, as: .integer), 0)
  }

  func testUnsignedIntegersRoundTripTheirExtremes() throws {
    XCTAssertEqual(try roundTrip(UInt8.max, as: .integer), 255)
    XCTAssertEqual(try roundTrip(UInt16.max, as: .integer), 65535)
    XCTAssertEqual(try roundTrip(UInt32.max, as: .integer), 4_294_967_295)
    XCTAssertEqual(try roundTrip(UInt64(Int64.max), as: .integer), 9_223_372_036_854_775_807)
    XCTAssertEqual(try roundTrip(UInt(0), as: .integer), 0)
  }

  func testUInt64AboveInt64MaxThrowsInsteadOfWrapping() {
    XCTAssertThrowsError(try roundTrip(UInt64(Int64.max) + 1, as: .integer)) { error in
      XCTAssertEqual(
        "\(error)",
        "UInt64 9223372036854775808 is out of range for an SQLite INTEGER (at most "
          + "9223372036854775807)")
    }
    XCTAssertThrowsError(try roundTrip(UInt.max, as: .integer))
  }

  func testBoolIsStoredAsZeroOrOne() throws {
    XCTAssertEqual(try roundTrip(true, as: .integer), true)
    XCTAssertEqual(try roundTrip(false, as: .integer), false)
    XCTAssertEqual(try storageClass(of: true, as: .integer), "integer")
  }

  func testOptionalIntegersRoundTripNil() throws {
    XCTAssertEqual(try roundTrip(Int?.none, as: .integer), nil)
    XCTAssertEqual(try roundTrip(Int?.some(-1), as: .integer), -1)
  }
}
