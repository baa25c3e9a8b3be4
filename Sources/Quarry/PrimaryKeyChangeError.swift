/// A `save` of a record whose primary key property changed.
///
/// `save` finds the row by the record's key, so after the key changed it cannot tell which row
/// to update (and could overwrite another one). Delete the old value and insert the new one.
///
/// ```swift
/// record.id = UUID()
/// try db.write { try $0.save(record) }   // throws PrimaryKeyChangeError
/// ```
public struct PrimaryKeyChangeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The table of the record.
  public let table: String

  /// Creates an error for `table`.
  public init(table: String) {
    self.table = table
  }

  public var description: String {
    "the primary key of a record of table '\(table)' changed, so save cannot tell which row to "
      + "update - delete the old value and insert the new one"
  }
}
