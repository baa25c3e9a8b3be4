import Quarry
import XCTest

/// Integers, unsigned integers and `Bool` stored and read back on both engines (SQLite INTEGER,
/// PostgreSQL BIGINT and BOOLEAN), each compared with what the engine itself stored.
final class IntegerConversionTests: EngineTestCase {
  /// `value` round-tripped through an INTEGER column, checked against `expected` both as read
  /// back and as the engine stored it.
  private func assertRoundTrip<V: DatabaseValueConvertible & Equatable & BinaryInteger>(
    _ value: V, _ expected: Int64, in db: Database, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let back = try engineRoundTrip(value, as: .integer, in: db)
    XCTAssertEqual(back.value, value, "\(V.self) \(value)", file: file, line: line)
    XCTAssertEqual(back.stored, .integer(expected), "\(V.self) \(value)", file: file, line: line)
  }

  func testSignedIntegersRoundTripTheirExtremes() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try assertRoundTrip(Int64.min, -9_223_372_036_854_775_808, in: db)
      try assertRoundTrip(Int64.max, 9_223_372_036_854_775_807, in: db)
      try assertRoundTrip(Int.min, -9_223_372_036_854_775_808, in: db)
      try assertRoundTrip(Int8.min, -128, in: db)
      try assertRoundTrip(Int8.max, 127, in: db)
      try assertRoundTrip(Int16.min, -32768, in: db)
      try assertRoundTrip(Int32.max, 2_147_483_647, in: db)
      try assertRoundTrip(0 as Int, 0, in: db)
    }
  }

  func testUnsignedIntegersRoundTripTheirExtremes() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try assertRoundTrip(UInt8.max, 255, in: db)
      try assertRoundTrip(UInt16.max, 65535, in: db)
      try assertRoundTrip(UInt32.max, 4_294_967_295, in: db)
      try assertRoundTrip(UInt64(Int64.max), 9_223_372_036_854_775_807, in: db)
      try assertRoundTrip(UInt(0), 0, in: db)
    }
  }

  /// A stored value too large for the Swift type it is read as is refused, not wrapped.
  func testAStoredIntegerOutOfTheTypesRangeIsRefused() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let stored = try engineRoundTrip(Int64(Int16.max) + 1, as: .integer, in: db)
      XCTAssertEqual(stored.stored, .integer(32768))
      let table = engine == .postgres ? "values bigint" : "values integer"
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(Int16.self, sql: #"SELECT "v" FROM "\#(table)""#) })
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(UInt8.self, sql: "SELECT -1 AS n") })
    }
  }

  func testUInt64AboveInt64MaxThrowsInsteadOfWrapping() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let type = engine == .postgres ? "a PostgreSQL BIGINT" : "an SQLite INTEGER"
      XCTAssertThrowsError(try engineRoundTrip(UInt64(Int64.max) + 1, as: .integer, in: db)) {
        XCTAssertEqual(
          "\($0)",
          "UInt64 9223372036854775808 is out of range for \(type) (at most 9223372036854775807)")
      }
      XCTAssertThrowsError(try engineRoundTrip(UInt.max, as: .integer, in: db))
    }
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

  /// SQLite keeps a `Bool` as INTEGER 0 or 1; PostgreSQL as BOOLEAN (raw `t`/`f`, read as 1/0).
  func testBoolIsStoredAsZeroOrOne() {
    forEachEngine { engine in
      let db = try makeDatabase()
      for value in [true, false] {
        let back = try engineRoundTrip(value, as: .integer, kind: .bool, in: db)
        XCTAssertEqual(back.value, value)
        XCTAssertEqual(back.stored, .integer(value ? 1 : 0))
      }
      let typeOf =
        engine == .postgres
        ? #"SELECT pg_typeof("v")::text FROM "values boolean" LIMIT 1"#
        : #"SELECT typeof("v") FROM "values integer" LIMIT 1"#
      XCTAssertEqual(
        try rawValue(typeOf, in: db), .text(engine == .postgres ? "boolean" : "integer"))
    }
  }

  func testOptionalIntegersRoundTripNil() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let none = try engineRoundTrip(Int?.none, as: .integer, in: db)
      XCTAssertEqual(none.value ?? nil, nil)
      XCTAssertEqual(none.stored, .null)
      let some = try engineRoundTrip(Int?.some(-1), as: .integer, in: db)
      XCTAssertEqual(some.value ?? nil, -1)
      XCTAssertEqual(some.stored, .integer(-1))
    }
  }
}
