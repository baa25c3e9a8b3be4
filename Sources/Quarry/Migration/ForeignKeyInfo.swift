/// A foreign key of a table as the database describes it: see
/// ``ReadTransaction/foreignKeys(on:)``.
///
/// ```swift
/// let keys = try db.read { try $0.foreignKeys(on: "reviews") }
/// let cascading = keys.filter { $0.onDelete == .cascade }.map(\.destinationTable)
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_foreign_key_list>
public struct ForeignKeyInfo: Sendable, Hashable {
  /// The referenced table.
  public let destinationTable: String
  /// The referencing columns of this table, in key order.
  public let columns: [String]
  /// The referenced columns, in the same order: the destination's primary key when the
  /// definition names none (`REFERENCES "books"`).
  public let destinationColumns: [String]
  /// What happens to the referencing rows when the referenced row is deleted.
  public let onDelete: ForeignKeyAction
  /// What happens to them when the referenced key changes.
  public let onUpdate: ForeignKeyAction

  /// A foreign key description, as ``ReadTransaction/foreignKeys(on:)`` makes them.
  public init(
    destinationTable: String, columns: [String], destinationColumns: [String],
    onDelete: ForeignKeyAction, onUpdate: ForeignKeyAction
  ) {
    self.destinationTable = destinationTable
    self.columns = columns
    self.destinationColumns = destinationColumns
    self.onDelete = onDelete
    self.onUpdate = onUpdate
  }
}
