import Foundation

/// How the values of a typed expression are stored, so that a value compared with it is bound
/// the same way: a `dateStorage = iso8601` column holds text, and `born > cutoff` must bind
/// `cutoff` as that text, not as seconds (TEXT sorts after every number in SQLite).
///
/// A column carries its storage into the expressions made from it that keep its values
/// (`min`, `max`, `ifNull`); arithmetic and other functions compute new values and are plain.
@usableFromInline
enum ValueStorage: Sendable, Hashable {
  /// The value's own `DatabaseValueConvertible` form.
  case plain
  /// Dates as ISO 8601 text (``ISO8601Date``).
  case iso8601Date

  /// What to bind for `value` compared with (or assigned to) an expression of this storage.
  func argument<V: DatabaseValueConvertible>(_ value: V) -> any DatabaseValueConvertible {
    guard self == .iso8601Date else { return value }
    if let date = value as? Date { return ISO8601Date(date) }
    if let date = value as? Date? { return date.map(ISO8601Date.init) }
    return value
  }
}
