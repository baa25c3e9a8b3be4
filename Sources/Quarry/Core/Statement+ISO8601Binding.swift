import Foundation

extension Statement {
  /// Binds a date as ISO 8601 text: how generated code binds a `dateStorage = iso8601`
  /// property.
  ///
  /// ```swift
  /// try statement.bindISO8601(author.born, at: 3)   // '1802-02-26 00:00:00'
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` for a date with no exact text (see ``ISO8601Date``),
  ///   ``SQLiteError`` when SQLite refuses the binding.
  public func bindISO8601(_ date: Date, at index: Int32) throws {
    try bind(ISO8601Date(date), at: index)
  }

  /// Binds an optional date as ISO 8601 text, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bindISO8601(author.died, at: 4)   // NULL or '1885-05-22 00:00:00'
  /// ```
  public func bindISO8601(_ date: Date?, at index: Int32) throws {
    try bind(date.map(ISO8601Date.init), at: index)
  }
}
