import Foundation

// A Date is stored as REAL seconds since 2001-01-01 00:00:00 UTC, which is exactly the Double a
// Date holds: the round trip is bit-exact, so sub-millisecond times and `==` on fetched values
// keep working. (Seconds since 1970 would round away the last bit of about half of today's
// dates.) In SQL, `datetime("createdAt" + 978307200, 'unixepoch')` shows the date. A NaN date
// (`Date(timeIntervalSinceReferenceDate: .nan)`) is refused like a NaN Double: SQLite would
// store NULL, and a `Date?` column would read it back as nil.
//
// Reading also accepts the text of a `dateStorage = iso8601` column (see `ISO8601Date`), so a
// Date read from any column, expression or literal query decodes whichever way it was stored.

extension Date: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue {
    guard !timeIntervalSinceReferenceDate.isNaN else {
      throw ValueConversionError("a NaN Date cannot be stored (SQLite makes it NULL)")
    }
    return .real(timeIntervalSinceReferenceDate)
  }

  public static func decode(from value: DatabaseValue) throws -> Date {
    switch value {
    case .real(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case .integer(let seconds): return Date(timeIntervalSinceReferenceDate: Double(seconds))
    case .text(let text): return try ISO8601Date.decode(from: text).date
    default:
      throw ValueConversionError(
        expected: "REAL seconds since 2001 or ISO 8601 TEXT", found: value)
    }
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Date {
    if let seconds = row.real(at: index) { return Date(timeIntervalSinceReferenceDate: seconds) }
    return try row.decodeThroughValue(at: index)
  }
}
