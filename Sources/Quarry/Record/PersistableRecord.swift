import Foundation

/// A change-tracked record that can write its columns one at a time.
///
/// Generated record classes conform, so that ``WriteTransaction/save(_:)`` updates only the
/// changed columns:
///
/// ```swift
/// public func bindColumn(_ column: Int, to statement: Statement, at index: Int32) throws {
///   switch column {
///   case 0: try statement.bind(id, at: index)
///   case 1: try statement.bind(name, at: index)
///   default: preconditionFailure("BirdRecord has no column \(column)")
///   }
/// }
/// ```
public protocol PersistableRecord: Record {
  /// The struct the record mirrors, which knows the table.
  associatedtype Value: TableRecord

  /// Binds the column at position `column` (0-based) to the parameter at `index`.
  func bindColumn(_ column: Int, to statement: Statement, at index: Int32) throws

  /// Binds the primary key columns to consecutive parameters starting at `index`.
  func bindPrimaryKey(to statement: Statement, at index: Int32) throws

  /// Writes what changed in the record's owned children since it was made or last saved
  /// (generated only for structs with `owned` properties).
  func saveOwnedChildren(in db: WriteTransaction) throws

  /// Sets the record's `// quarry: updatedAt` properties to `date` (generated only for structs
  /// that have one); ``WriteTransaction/save(_:)`` calls it with the transaction's
  /// ``WriteTransaction/transactionDate`` when it writes changed columns.
  ///
  /// ```swift
  /// public func setUpdatedTimestamps(_ date: Date) {
  ///   self.updatedAt = date
  /// }
  /// ```
  func setUpdatedTimestamps(_ date: Date)
}

extension PersistableRecord {
  public func saveOwnedChildren(in db: WriteTransaction) throws {}
  public func setUpdatedTimestamps(_ date: Date) {}
}
