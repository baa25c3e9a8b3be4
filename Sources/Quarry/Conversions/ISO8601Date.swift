import Foundation

/// A `Date` stored as UTC text that SQLite's date functions read: `2024-05-01 09:30:00.25`.
///
/// A property annotated `// quarry: dateStorage = iso8601` (or every `Date` of a struct so
/// annotated) is stored this way by generated code, its typed column binds this text in
/// queries, and `Date` reads it back. Use it yourself where you bind a date to such a column in
/// SQL you write:
///
/// ```swift
/// let recent = try db.read { tx in
///   try tx.fetchAll(Author.self, literal: "SELECT * FROM authors WHERE born > \(ISO8601Date(cutoff))")
/// }
/// let text = try ISO8601Date(cutoff).text   // "1970-01-01 00:00:00"
/// ```
///
/// The text is exact: the fraction of a second has the fewest digits that read back as the
/// same `timeIntervalSinceReferenceDate`, so every stored date comes back `==`. A date with no
/// such text is refused when it is bound, never rounded: NaN, infinities, dates outside the
/// years 0000–9999, which SQLite's date functions do not read (`Date.distantPast`,
/// `0000-12-30 00:00:00`, and `Date.distantFuture`, `4001-01-01 00:00:00`, are inside), and the
/// rare date less than a second from 2001-01-01 whose fraction needs more than 19 digits. Text
/// order is time order.
///
/// Reading accepts `YYYY-MM-DD`, optionally followed by ` HH:MM` (or `THH:MM`), `:SS`, a
/// fraction of any length and a zone (`Z`, `+HH:MM`, `-HH:MM`), which covers what SQLite's
/// `date()`, `datetime()` and `strftime('%Y-%m-%d %H:%M:%f')` write.
///
/// Related SQLite documentation: <https://sqlite.org/lang_datefunc.html>
public struct ISO8601Date: Hashable, Sendable, DatabaseValueConvertible {
  /// The date.
  public var date: Date

  /// Wraps `date`, to bind it as text.
  public init(_ date: Date) {
    self.date = date
  }

  /// The stored text, such as `2001-01-01 00:00:00.5`.
  ///
  /// - Throws: ``ValueConversionError`` for a date that has no exact text (see the type).
  public var text: String {
    get throws {
      let seconds = date.timeIntervalSinceReferenceDate
      do {
        return try DateText.text(forReferenceSeconds: seconds)
      } catch {
        throw ValueConversionError(Self.reason(error, seconds: seconds))
      }
    }
  }

  public func databaseValue() throws -> DatabaseValue {
    .text(try text)
  }

  public static func decode(from value: DatabaseValue) throws -> ISO8601Date {
    switch value {
    case .text(let text): return try decode(from: text)
    case .real(let seconds): return ISO8601Date(Date(timeIntervalSinceReferenceDate: seconds))
    case .integer(let seconds):
      return ISO8601Date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
    default: throw ValueConversionError(expected: "ISO 8601 TEXT", found: value)
    }
  }

  /// Reads `text` as written by Quarry or SQLite's date functions.
  static func decode(from text: String) throws -> ISO8601Date {
    guard let seconds = DateText.referenceSeconds(parsing: text.utf8) else {
      throw ValueConversionError(
        "text '\(text.prefix(40))' is not a date 'YYYY-MM-DD HH:MM:SS.SSS' (UTC)")
    }
    return ISO8601Date(Date(timeIntervalSinceReferenceDate: seconds))
  }

  private static func reason(_ refusal: DateText.Refusal, seconds: Double) -> String {
    switch refusal {
    case .notFinite:
      return (seconds.isNaN ? "a NaN" : "an infinite") + " Date cannot be stored as ISO 8601 text"
    case .outOfRange:
      return "the Date \(seconds) seconds after 2001-01-01 is outside the years 0000-9999 that "
        + "SQLite's date functions read, so it cannot be stored as ISO 8601 text"
    case .inexact:
      return "the Date \(seconds) seconds after 2001-01-01 has no ISO 8601 text that reads "
        + "back exactly (its fraction of a second needs more than "
        + "\(DateText.maximumFractionDigits) digits)"
    }
  }
}
