import Foundation
import Quarry
import XCTest

/// Issue 21: `dateStorage = iso8601` text is exact (every date comes back `==`, or is refused),
/// text order is time order, and SQLite's date functions read it. Expected texts were computed
/// apart from Quarry, with exact rational arithmetic and Python's proleptic calendar.
final class ISO8601DateTests: XCTestCase {
  private func text(_ seconds: Double) throws -> String {
    try ISO8601Date(Date(timeIntervalSinceReferenceDate: seconds)).text
  }

  private func decoded(_ text: String) throws -> Double {
    try Date.decode(from: .text(text)).timeIntervalSinceReferenceDate
  }

  func testEdgeDatesHaveTheirExactText() throws {
    let cases: [(Double, String)] = [
      (0, "2001-01-01 00:00:00"),
      (0.5, "2001-01-01 00:00:00.5"),
      (0.1, "2001-01-01 00:00:00.1"),
      (1e-5, "2001-01-01 00:00:00.00001"),
      (0.999999, "2001-01-01 00:00:00.999999"),
      (-0.5, "2000-12-31 23:59:59.5"),
      (-1.25, "2000-12-31 23:59:58.75"),
      (-31.5, "2000-12-31 23:59:28.5"),
      (-86400.1, "2000-12-30 23:59:59.9"),
      (1e9, "2032-09-09 01:46:40"),
      (1e9 + 0.1, "2032-09-09 01:46:40.1"),
      (1e9.nextUp, "2032-09-09 01:46:40.0000001"),
      (1.0.nextUp, "2001-01-01 00:00:01.0000000000000002"),
      (736_000_000.123456, "2024-04-28 12:26:40.123456"),
      (946_728_000.001, "2031-01-01 12:00:00.001"),
      (-63_145_526_400, "0000-01-01 00:00:00"),
      (-63_113_904_000, "0001-01-01 00:00:00"),
      (Date.distantPast.timeIntervalSinceReferenceDate, "0000-12-30 00:00:00"),
      (Date.distantFuture.timeIntervalSinceReferenceDate, "4001-01-01 00:00:00"),
      (252_423_993_599, "9999-12-31 23:59:59"),
      (252_423_993_599.5, "9999-12-31 23:59:59.5"),
    ]
    for (seconds, expected) in cases {
      XCTAssertEqual(try text(seconds), expected, "\(seconds)")
      XCTAssertEqual(
        try decoded(expected).bitPattern, seconds.bitPattern, "\(expected) reads back")
    }
  }

  func testDatesWithoutExactTextAreRefused() {
    let refused: [(Double, String)] = [
      (.nan, "a NaN Date cannot be stored as ISO 8601 text"),
      (.infinity, "an infinite Date cannot be stored as ISO 8601 text"),
      (-.infinity, "an infinite Date cannot be stored as ISO 8601 text"),
      (
        -63_145_526_400.5,
        "the Date -63145526400.5 seconds after 2001-01-01 is outside the years 0000-9999 that "
          + "SQLite's date functions read, so it cannot be stored as ISO 8601 text"
      ),
      (
        252_423_993_600,
        "the Date 252423993600.0 seconds after 2001-01-01 is outside the years 0000-9999 that "
          + "SQLite's date functions read, so it cannot be stored as ISO 8601 text"
      ),
      (
        -0.1,
        "the Date -0.1 seconds after 2001-01-01 has no ISO 8601 text that reads back exactly "
          + "(its fraction of a second needs more than 19 digits)"
      ),
      (
        0.0.nextUp,
        "the Date 5e-324 seconds after 2001-01-01 has no ISO 8601 text that reads back exactly "
          + "(its fraction of a second needs more than 19 digits)"
      ),
    ]
    for (seconds, message) in refused {
      XCTAssertThrowsError(try text(seconds), "\(seconds)") { error in
        XCTAssertEqual("\(error)", message)
      }
    }
  }

  func testReadingAcceptsWhatSQLiteWrites() throws {
    XCTAssertEqual(try decoded("2001-01-02"), 86_400)
    XCTAssertEqual(try decoded("2001-01-01 01:30"), 5_400)
    XCTAssertEqual(try decoded("2001-01-01T00:00:05.250"), 5.25)
    XCTAssertEqual(try decoded("2001-01-01 00:00:05Z"), 5)
    XCTAssertEqual(try decoded("2001-01-01 02:00:00+02:00"), 0)
    XCTAssertEqual(try decoded("2000-12-31 22:00:00-02:00"), 0)
    // A fraction longer than anything Quarry writes is read correctly rounded.
    XCTAssertEqual(try decoded("2001-01-01 00:00:00.1000000000000000000000001"), 0.1)
    for bad in [
      "2001-13-01", "2001-02-29 00:00:00", "2001-01-01 24:00:00", "2001-01-01 00:00:60",
      "2001-1-1", "2001-01-01 00:00:00.", "2001-01-01 00:00:00 ", "yesterday", "",
    ] {
      XCTAssertThrowsError(try decoded(bad), bad) { error in
        XCTAssertEqual(
          "\(error)", "text '\(bad)' is not a date 'YYYY-MM-DD HH:MM:SS.SSS' (UTC)")
      }
    }
    XCTAssertEqual(try decoded("2000-02-29 00:00:00"), -26_524_800)
  }

  /// "…:05" < "…:05.25" < "…:05.5", as text and as dates.
  func testTextOrderIsTimeOrder() throws {
    let texts = try [5.5, 5, 5.25].map(text)
    XCTAssertEqual(texts.sorted(), try [5, 5.25, 5.5].map(text))
    XCTAssertEqual(
      texts.sorted(),
      ["2001-01-01 00:00:05", "2001-01-01 00:00:05.25", "2001-01-01 00:00:05.5"])
  }

  /// Random dates across years 0000–9999, with random fractions: each text reads back as the
  /// same Double, and sorting by text sorts by date.
  func testRandomDatesRoundTripAndSortAsText() throws {
    var random = DateSampler(seed: 21)
    let count = ProcessInfo.processInfo.environment["QUARRY_LONG"] == nil ? 100_000 : 2_000_000
    var pairs: [(seconds: Double, text: String)] = []
    pairs.reserveCapacity(count)
    var refused = 0
    for _ in 0..<count {
      let seconds = random.next()
      do {
        let written = try text(seconds)
        XCTAssertEqual(
          try decoded(written).bitPattern, seconds.bitPattern, "\(seconds) -> \(written)")
        pairs.append((seconds, written))
      } catch {
        refused += 1
      }
    }
    // Only dates within a second before 2001 can lack an exact text; the sampler makes few.
    XCTAssertLessThan(refused, count / 1000)
    let byText = pairs.sorted { $0.text < $1.text }
    for (earlier, later) in zip(byText, byText.dropFirst()) {
      XCTAssertLessThanOrEqual(earlier.seconds, later.seconds, "\(earlier.text) < \(later.text)")
      if earlier.seconds == later.seconds { XCTAssertEqual(earlier.text, later.text) }
    }
  }

  /// SQLite's own calendar (an independent implementation) agrees on every field, and its
  /// functions read the fraction to the millisecond they keep.
  func testSQLiteDateFunctionsReadTheText() throws {
    let db = try Database.inMemory()
    var random = DateSampler(seed: 2021)
    var samples = (0..<2_000).map { _ in random.next() }
    samples += [
      0, 0.5, -0.5, 1e9 + 0.1, -63_145_526_400, 252_423_993_599.25,
      Date.distantPast.timeIntervalSinceReferenceDate,
      Date.distantFuture.timeIntervalSinceReferenceDate,
    ]
    for seconds in samples {
      guard let written = try? text(seconds) else { continue }
      let whole = seconds.rounded(.down)
      // SQLite keeps whole milliseconds of the decimal text, rounded half up; skip halves,
      // which its floating-point arithmetic may round either way.
      let digits = written.split(separator: ".").dropFirst().first.map(String.init) ?? "0"
      let milliseconds = (Decimal(string: "0." + digits) ?? 0) * 1000
      var rounded = Decimal()
      var copy = milliseconds
      NSDecimalRound(&rounded, &copy, 0, .down)
      if milliseconds - rounded == Decimal(string: "0.5") { continue }
      var nearest = Decimal()
      NSDecimalRound(&nearest, &copy, 0, .plain)
      let unix = Int64(whole) + 978_307_200
      let julianMilliseconds =
        (unix * 1000 + 210_866_760_000_000) + NSDecimalNumber(decimal: nearest).int64Value
      let row = try db.read { tx in
        try tx.fetchAll(
          SQLiteReading.self,
          literal: """
            SELECT date(\(written)) AS date, datetime(\(unix), 'unixepoch') AS calendar,
              CAST(strftime('%s', \(written)) AS INTEGER) AS unix, julianday(\(written)) AS julian
            """)
      }.first
      XCTAssertEqual(row?.date, String(written.prefix(10)), written)
      XCTAssertEqual(row?.calendar, String(written.prefix(19)), written)
      XCTAssertEqual(row?.unix, julianMilliseconds / 1000 - 210_866_760_000, written)
      XCTAssertEqual(row?.julian, Double(julianMilliseconds) / 86_400_000, written)
    }
  }

  func testISO8601DateIsADatabaseValue() throws {
    let date = Date(timeIntervalSinceReferenceDate: 0.25)
    XCTAssertEqual(try ISO8601Date(date).databaseValue(), .text("2001-01-01 00:00:00.25"))
    XCTAssertEqual(try ISO8601Date.decode(from: .text("2001-01-01 00:00:00.25")).date, date)
    XCTAssertEqual(try ISO8601Date.decode(from: .real(0.25)).date, date)
    XCTAssertThrowsError(try ISO8601Date.decode(from: .blob(Data([1])))) { error in
      XCTAssertEqual("\(error)", "expected ISO 8601 TEXT, found BLOB of 1 byte")
    }
    // A plain Date reads either storage.
    XCTAssertEqual(try Date.decode(from: .text("2001-01-01 00:00:00.25")), date)
    XCTAssertEqual(try Date.decode(from: .real(0.25)), date)
  }
}

private struct SQLiteReading: Decodable {
  var date: String
  var calendar: String
  var unix: Int64
  var julian: Double
}

/// Seeded dates: whole seconds, milliseconds, microseconds and full-precision doubles, across
/// years 0000–9999 and close to 2001.
struct DateSampler {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  private mutating func nextBits() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  private mutating func unit() -> Double { Double(nextBits() >> 11) / Double(1 << 53) }

  mutating func next() -> Double {
    let earliest = -63_145_526_400.0
    let span = 252_423_993_600.0 - earliest
    let wide = (earliest + unit() * span).rounded(.down)
    switch nextBits() % 6 {
    case 0: return wide
    case 1: return wide + (unit() * 1000).rounded(.down) / 1000
    case 2: return wide + (unit() * 1_000_000).rounded(.down) / 1_000_000
    case 3: return (unit() - 0.5) * 4_000_000_000  // near today, every bit used
    case 4: return (unit() - 0.5) * 200  // within minutes of 2001
    default: return earliest + unit() * span
    }
  }
}
