import Quarry
import XCTest

final class IntegerConversionTests: EngineTestCase {
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

  /// The refusal names the column type of the engine the value was bound on.
  func testUnsignedIntegersAboveInt64MaxAreRefusedInTheEnginesWords() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let type = engine == .postgres ? "a PostgreSQL BIGINT" : "an SQLite INTEGER"
      for (value, text) in [
        (UInt64(Int64.max) + 1 as any DatabaseValueConvertible, "UInt64 9223372036854775808"),
        (UInt.max as any DatabaseValueConvertible, "UInt 18446744073709551615"),
      ] {
        XCTAssertThrowsError(
          try db.read { try $0.fetchValue(Int64.self, sql: "SELECT ?", arguments: [value]) }
        ) {
          XCTAssertEqual(
            "\($0)", "\(text) is out of range for \(type) (at most 9223372036854775807)")
        }
      }
      XCTAssertEqual(
        try db.read {
          try $0.fetchValue(Int64.self, sql: "SELECT ?", arguments: [UInt64(Int64.max)])
        }, Int64.max)
    }
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
