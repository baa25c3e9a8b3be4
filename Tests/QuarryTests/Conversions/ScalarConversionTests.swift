import Foundation
import Quarry
import XCTest

/// Scalar conversions. The round trips run on both engines (`engineRoundTrip`: the column as a
/// generated table declares it there), each value compared with a literal and with what the
/// engine itself stored; checks of SQLite's own storage stay on SQLite.
final class ScalarConversionTests: EngineTestCase {
  func testDoublesRoundTripExactly() throws {
    forEachEngine { _ in
      let db = try makeDatabase()
      for (value, expected) in [
        (0.1 + 0.2, 0.30000000000000004), (.greatestFiniteMagnitude, 1.7976931348623157e308),
        (.leastNonzeroMagnitude, Double(bitPattern: 1)), (-.infinity, -.infinity),
      ] as [(Double, Double)] {
        let (back, stored) = try engineRoundTrip(value, as: .real, in: db)
        XCTAssertEqual(back, expected)
        XCTAssertEqual(stored, .real(expected))
      }
      XCTAssertEqual(try engineRoundTrip(Float(1.5), as: .real, in: db).value, 1.5)
    }
  }

  func testCGFloatAndTimeIntervalRoundTripAsReal() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let quarter = try engineRoundTrip(CGFloat(0.25), as: .real, in: db)
      XCTAssertEqual(quarter.value, 0.25)
      XCTAssertEqual(quarter.stored, .real(0.25))
      XCTAssertEqual(try engineRoundTrip(CGFloat(-3), as: .real, in: db).stored, .real(-3))
      let day = try engineRoundTrip(TimeInterval(86_400.5), as: .real, in: db)
      XCTAssertEqual(day.value, 86_400.5)
      XCTAssertEqual(day.stored, .real(86_400.5))
    }
  }

  func testNaNIsRefusedBecauseSQLiteWouldStoreNull() {
    XCTAssertThrowsError(try roundTrip(Double.nan, as: .real)) { error in
      XCTAssertEqual("\(error)", "NaN cannot be stored (SQLite makes it NULL)")
    }
  }

  func testNaNDatesAreRefusedAlsoInOptionalColumns() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let nan = Date(timeIntervalSinceReferenceDate: .nan)
      // PostgreSQL's DOUBLE PRECISION could keep NaN, but a NaN Date is no moment: refused too.
      XCTAssertThrowsError(try engineRoundTrip(nan, as: .real, kind: .date, in: db)) { error in
        XCTAssertEqual(
          "\(error)",
          engine == .postgres
            ? "a NaN Date cannot be stored: it is no moment in time"
            : "a NaN Date cannot be stored (SQLite makes it NULL)")
      }
      // In a Date? column NULL means nil: a NaN stored as NULL would read back as "no date".
      let declared = engine == .postgres ? "DOUBLE PRECISION" : "REAL"
      try db.write { try $0.execute(#"CREATE TABLE "events" ("at" \#(declared))"#) }
      let optional: Date? = nan
      XCTAssertThrowsError(
        try db.write {
          try $0.execute(#"INSERT INTO "events" ("at") VALUES (?)"#, arguments: [optional])
        })
      XCTAssertEqual(try rawValue(#"SELECT count(*) FROM "events""#, in: db), .integer(0))
      let none = try engineRoundTrip(Date?.none, as: .real, kind: .date, in: db)
      XCTAssertEqual(none.value, .some(nil))
      XCTAssertEqual(none.stored, .null)
    }
  }

  func testStringsRoundTripEmptyNonASCIIAndNUL() {
    forEachEngine { engine in
      let db = try makeDatabase()
      for text in ["", "Rouge-gorge 🐦 コマドリ", "'; DROP TABLE \"values\"; --"] {
        let back = try engineRoundTrip(text, as: .text, in: db)
        XCTAssertEqual(back.value, text)
        // The empty string is TEXT, not NULL, on both.
        XCTAssertEqual(back.stored, .text(text))
      }
      switch engine {
      case .sqlite:
        XCTAssertEqual(try engineRoundTrip("a\u{0}b", as: .text, in: db).value, "a\u{0}b")
      case .postgres:
        // PostgreSQL text cannot hold U+0000: refused, never cut short.
        XCTAssertThrowsError(try engineRoundTrip("a\u{0}b", as: .text, in: db))
      }
    }
  }

  func testEmptyStringIsNotNull() throws {
    // SQLite's storage class; on both engines in testStringsRoundTripEmptyNonASCIIAndNUL.
    XCTAssertEqual(try storageClass(of: "", as: .text), "text")
  }

  func testDataRoundTripsNULBytesEmptyAndOneMegabyteOnBothEngines() throws {
    forEachEngine { _ in
      let db = try makeDatabase()
      let megabyte = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31) })
      for value in [Data([0, 1, 0, 255]), Data(), megabyte] {
        let (back, stored) = try engineRoundTrip(value, as: .blob, in: db)
        XCTAssertEqual(back, value)
        XCTAssertEqual(stored, .blob(value))
      }
    }
  }

  func testDataRoundTripsNULBytesEmptyAndOneMegabyte() throws {
    XCTAssertEqual(try roundTrip(Data([0, 1, 0, 255]), as: .blob), Data([0, 1, 0, 255]))
    XCTAssertEqual(try roundTrip(Data(), as: .blob), Data())
    XCTAssertEqual(try storageClass(of: Data(), as: .blob), "blob")
    let megabyte = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let fetched = try roundTrip(megabyte, as: .blob)
    XCTAssertEqual(fetched.count, 1_048_576)
    XCTAssertEqual(fetched, megabyte)
  }

  func testDatesRoundTripBelowTheMillisecond() throws {
    let date = Date(timeIntervalSinceReferenceDate: 786_297_600.000_123_4)
    XCTAssertEqual(
      try roundTrip(date, as: .real).timeIntervalSinceReferenceDate, 786_297_600.000_123_4)
    let now = Date()
    XCTAssertEqual(try roundTrip(now, as: .real), now)
    XCTAssertEqual(try roundTrip(Date.distantPast, as: .real), Date.distantPast)
    XCTAssertEqual(
      try roundTrip(Date(timeIntervalSince1970: 0), as: .real).timeIntervalSince1970, 0)
  }

  func testDatesRoundTripBelowTheMillisecondOnBothEngines() throws {
    forEachEngine { _ in
      let db = try makeDatabase()
      let distantPast = Date.distantPast.timeIntervalSinceReferenceDate
      for seconds in [786_297_600.000_123_4, distantPast, -978_307_200] {
        let (back, stored) = try engineRoundTrip(
          Date(timeIntervalSinceReferenceDate: seconds), as: .real, kind: .date, in: db)
        XCTAssertEqual(back?.timeIntervalSinceReferenceDate, seconds)
        XCTAssertEqual(stored, .real(seconds))
      }
      let none = try engineRoundTrip(Date?.none, as: .real, kind: .date, in: db)
      XCTAssertEqual(none.stored, .null)
      XCTAssertEqual(none.value, .some(nil), "a row whose Date? is nil")
    }
  }

  func testDatesAreStoredAsSecondsSince2001() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let sql =
        engine == .postgres
        ? "SELECT to_char(to_timestamp(CAST(? AS double precision) + 978307200) AT TIME ZONE "
          + "'UTC', 'YYYY-MM-DD HH24:MI:SS')"
        : "SELECT datetime(? + 978307200, 'unixepoch')"
      let text = try db.read {
        try $0.fetchValue(
          String.self, sql: sql, arguments: [Date(timeIntervalSince1970: 1_700_000_000)])
      }
      XCTAssertEqual(text, "2023-11-14 22:13:20")
    }
  }

  /// Canonical upper-case TEXT on SQLite; PostgreSQL's `uuid` (its text output lower case).
  func testUUIDsAreStoredAsCanonicalText() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
      let back = try engineRoundTrip(uuid, as: .text, kind: .uuid, in: db)
      XCTAssertEqual(back.value, uuid)
      XCTAssertEqual(back.value?.uuidString, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
      XCTAssertEqual(
        back.stored,
        .text(engine == .postgres ? "e621e1f8-c36c-495a-93fc-0c247a3e6e5f" : uuid.uuidString))
    }
  }

  func testURLsAndEnumsRoundTripOnBothEngines() throws {
    forEachEngine { _ in
      let db = try makeDatabase()
      let text = "https://example.com/a%20b?q=%C3%A9#frag"
      let (url, stored) = try engineRoundTrip(URL(string: text), as: .text, in: db)
      XCTAssertEqual(url??.absoluteString, text)
      XCTAssertEqual(stored, .text(text))
      XCTAssertEqual(try engineRoundTrip(Kind.raptor, as: .text, in: db).stored, .text("raptor"))
      XCTAssertEqual(try engineRoundTrip(Kind.raptor, as: .text, in: db).value, .raptor)
      XCTAssertEqual(try engineRoundTrip(Priority.high, as: .integer, in: db).stored, .integer(2))
      XCTAssertEqual(try engineRoundTrip(Priority.high, as: .integer, in: db).value, .high)
      XCTAssertEqual(try engineRoundTrip(Kind?.none, as: .text, in: db).stored, .null)
    }
  }

  func testURLsRoundTrip() throws {
    let url = URL(string: "https://example.com/a%20b?q=%C3%A9#frag") ?? URL(fileURLWithPath: "/")
    XCTAssertEqual(
      try roundTrip(url, as: .text).absoluteString, "https://example.com/a%20b?q=%C3%A9#frag")
  }

  func testRawRepresentableEnumsStoreTheirRawValue() throws {
    XCTAssertEqual(try roundTrip(Kind.raptor, as: .text), .raptor)
    XCTAssertEqual(try roundTrip(Priority.high, as: .integer), .high)
    XCTAssertEqual(try storageClass(of: Priority.high, as: .integer), "integer")
    XCTAssertEqual(try roundTrip(Kind?.none, as: .text), nil)
  }

  func testAnUnknownRawValueIsAnErrorNotACrash() {
    forEachEngine { _ in
      let db = try makeDatabase()
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(Kind.self, sql: #"SELECT 'eagle' AS "kind""#) }
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'kind' (row 1) as Kind: raw value eagle is not a case of Kind"
            + #" - while executing `SELECT 'eagle' AS "kind"`"#)
      }
    }
  }
}

enum Priority: Int, Sendable, DatabaseValueConvertible {
  case low = 1, high = 2
}

/// Values another tool wrote, in the storage class it chose, read leniently on both engines;
/// each compared with what the engine itself answers to the same SELECT.
final class LenientReadingTests: EngineTestCase {
  func testValuesWrittenByOtherToolsAreAccepted() {
    forEachEngine { engine in
      let db = try makeDatabase()
      let bytes =
        engine == .postgres
        ? #"SELECT '\xE621E1F8C36C495A93FC0C247A3E6E5F'::bytea"#
        : "SELECT x'E621E1F8C36C495A93FC0C247A3E6E5F'"
      let uuid = try db.read { try $0.fetchValue(UUID.self, sql: bytes) }
      XCTAssertEqual(uuid?.uuidString, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
      let stored: [UInt8] = [
        0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E,
        0x5F,
      ]
      XCTAssertEqual(try rawValue(bytes, in: db), .blob(Data(stored)))
      // Lower-case text on SQLite; PostgreSQL's own uuid type.
      let text =
        engine == .postgres
        ? "SELECT 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'::uuid"
        : "SELECT 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'"
      XCTAssertEqual(try db.read { try $0.fetchValue(UUID.self, sql: text) }, uuid)
      XCTAssertEqual(try rawValue(text, in: db), .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
      let date = try db.read { try $0.fetchValue(Date.self, sql: "SELECT 60") }
      XCTAssertEqual(date?.timeIntervalSinceReferenceDate, 60)
      XCTAssertEqual(try rawValue("SELECT 60", in: db), .integer(60))
      let double = try db.read { try $0.fetchValue(Double.self, sql: "SELECT 2") }
      XCTAssertEqual(double, 2)
      let decimal = try db.read { try $0.fetchValue(Decimal.self, sql: "SELECT '12.50'") }
      XCTAssertEqual(decimal, Decimal(string: "12.5"))
      XCTAssertEqual(try rawValue("SELECT '12.50'", in: db), .text("12.50"))
    }
  }

  func testAnIntegerIsNotAString() {
    forEachEngine { _ in
      let db = try makeDatabase()
      XCTAssertThrowsError(
        try db.read { try $0.fetchValue(String.self, sql: "SELECT 1 AS \"n\"") }
      ) {
        XCTAssertEqual(
          "\($0)",
          "cannot decode column 'n' (row 1) as String: expected TEXT, found INTEGER 1 - while "
            + "executing `SELECT 1 AS \"n\"`")
      }
      XCTAssertEqual(try rawValue("SELECT 1 AS \"n\"", in: db), .integer(1))
    }
  }
}
