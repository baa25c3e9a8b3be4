import Foundation
import XCTest

@testable import Quarry

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

/// A user type stored as text: `@name`.
struct Handle: Equatable, Sendable { var name: String }

extension Handle: DatabaseValueConvertible {
  func databaseValue() throws -> DatabaseValue { .text("@" + name) }

  static func decode(from value: DatabaseValue) throws -> Handle {
    guard case .text(let text) = value, text.hasPrefix("@") else {
      throw ValueConversionError(expected: "an @handle", found: value)
    }
    return Handle(name: String(text.dropFirst()))
  }
}

/// User conversions on both engines: a value binds in the type of the storage class its
/// conformance gives, so a column declared with that `SQLType` takes it on PostgreSQL too.
final class CustomConversionTests: EngineTestCase {
  func testAUserTypeRoundTripsThroughItsConversion() {
    forEachEngine { _ in
      let orange = Color(red: 255, green: 128, blue: 0)
      let stored = try engineRoundTrip(orange, as: .integer)
      XCTAssertEqual(stored.value, orange)
      XCTAssertEqual(stored.stored, .integer(0xFF8000))
      let none = try engineRoundTrip(Color?.none, as: .integer)
      XCTAssertNil(none.value ?? nil)
      XCTAssertEqual(none.stored, .null)
    }
  }

  func testAUserTypeStoredAsTextRoundTrips() {
    forEachEngine { _ in
      let stored = try engineRoundTrip(Handle(name: "zoë"), as: .text)
      XCTAssertEqual(stored.value, Handle(name: "zoë"))
      XCTAssertEqual(stored.stored, .text("@zoë"))
    }
  }

  func testAUserTypeInAnUntypedColumnIsStoredOnSQLiteAndRefusedOnPostgreSQL() {
    // The generator declares a user type's column BLOB: no affinity on SQLite, which keeps the
    // integer; BYTEA on PostgreSQL, which takes bytes only.
    forEachEngine { engine in
      let orange = Color(red: 255, green: 128, blue: 0)
      switch engine {
      case .sqlite:
        let stored = try engineRoundTrip(orange, as: .blob)
        XCTAssertEqual(stored.value, orange)
        XCTAssertEqual(stored.stored, .integer(0xFF8000))
      case .postgres:
        XCTAssertThrowsError(try engineRoundTrip(orange, as: .blob)) { error in
          XCTAssertEqual(
            "\(error)",
            #"PostgreSQL error 42804: column "v" is of type bytea but expression is of type "#
              + #"bigint - while executing `INSERT INTO "values bytea" ("v") VALUES (?)`"#)
        }
      }
    }
  }

  func testAUserTypeReportsBadStoredValues() {
    forEachEngine { _ in
      let db = try makeDatabase()
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(Color.self, sql: #"SELECT 'red' AS "color""#) }
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'color' (row 1) as Color: expected a 0xRRGGBB integer, found "
            + #"TEXT - while executing `SELECT 'red' AS "color"`"#)
      }
    }
  }

  func testAUserTypeWorksInTypedQueries() throws {
    let condition = Column<Bird, Color>("color") == Color(red: 1, green: 2, blue: 3)
    XCTAssertEqual(condition.sql, #""color" = ?"#)
  }
}
