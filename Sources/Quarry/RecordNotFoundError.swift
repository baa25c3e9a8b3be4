/// An `update` or `save` whose primary key matches no row.
///
/// ```swift
/// do {
///   try db.write { try $0.update(bird) }
/// } catch is RecordNotFoundError {
///   try db.write { try $0.insert(bird) }
/// }
/// ```
public struct RecordNotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The table that has no row with the primary key.
  public let table: String

  /// Creates an error for `table`.
  public init(table: String) {
    self.table = table
  }

  public var description: String {
    "no row of table '\(table)' has the primary key of the record being updated"
  }
}
