import Foundation

extension Column where Value == Date {
  /// A `Date` column named `name`, stored as ISO 8601 text (`dateStorage = iso8601`): values
  /// compared with it, and assigned to it, are bound as the same text.
  ///
  /// ```swift
  /// static let born = Column<Author, Date>(iso8601: "born")
  /// ```
  public init(iso8601 name: String) {
    self.name = name
    decoder = { row, index in try Date.decode(from: row, at: index) }
    argument = { ISO8601Date($0) }
    storage = .iso8601Date
  }
}

extension Column where Value == Date? {
  /// An optional `Date` column named `name`, stored as ISO 8601 text, or NULL.
  ///
  /// ```swift
  /// static let died = Column<Author, Date?>(iso8601: "died")
  /// ```
  public init(iso8601 name: String) {
    self.name = name
    decoder = { row, index in try Date?.decode(from: row, at: index) }
    argument = { $0.map(ISO8601Date.init) }
    storage = .iso8601Date
  }
}
