import Foundation
import Quarry
import XCTest

/// The README's example of a user type stored in one column.
struct Color: Equatable, Sendable { var red, green, blue: UInt8 }

extension Color: DatabaseValueConvertible {
  func databaseValue() throws -> DatabaseValue {
    .integer(Int64(red) << 16 | Int64(green) << 8 | Int64(blue))
  }

  static func decode(from value: DatabaseValue) throws -> Color {
    guard case .integer(let rgb) = value, (0...0xFF_FFFF).contains(rgb) else {
      throw ValueConversionError(expected: "a 0xRRGGBB integer", found: value)
    }
    return Color(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
  }
}

final class CustomConversionTests: XCTestCase {
  func testAUserTypeRoundTripsThroughItsConversion() throws {
    XCTAssertEqual(
      try roundTrip(Color(red: 255, green: 128, blue: 0), as: .integer),
      Color(red: 255, green: 128, blue: 0))
    XCTAssertEqual(try roundTrip(Color?.none, as: .integer), nil)
  }

  func testAUserTypeReportsBadStoredValues() throws {
    let db = try Database.inMemory()
    XCTAssertThrowsError(
      try db.read { try $0.fetchValue(Color.self, sql: #"SELECT 'red' AS "color""#) }
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot decode column 'color' (row 1) as Color: expected a 0xRRGGBB integer, found TEXT"
          + #" - while executing `SELECT 'red' AS "color"`"#)
    }
  }

  func testAUserTypeWorksInTypedQueries() throws {
    let condition = Column<Bird, Color>("color") == Color(red: 1, green: 2, blue: 3)
    XCTAssertEqual(condition.sql, #""color" = ?"#)
  }
}
