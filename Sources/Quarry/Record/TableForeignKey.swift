/// A foreign key over one or more columns, written as a table constraint.
///
/// Owned child tables use it to point at their owner's key, which may span several columns
/// (a composite key, or a parent child row's key and position):
///
/// ```swift
/// TableForeignKey(["recipe_id", "steps_position"], references: "recipe_steps",
///                 columns: ["recipe_id", "position"], onDelete: .cascade)
/// // FOREIGN KEY ("recipe_id", "steps_position")
/// //   REFERENCES "recipe_steps" ("recipe_id", "position") ON DELETE CASCADE
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/foreignkeys.html#fk_composite>
public struct TableForeignKey: Sendable, Hashable {
  /// The referencing columns of this table, in order.
  public var columns: [String]
  /// The referenced table.
  public var table: String
  /// The referenced columns, one per referencing column.
  public var referencedColumns: [String]
  public var onDelete: ForeignKeyAction?
  public var onUpdate: ForeignKeyAction?

  /// Describes a foreign key from `columns` to `referencedColumns` of `table`.
  public init(
    _ columns: [String], references table: String, columns referencedColumns: [String],
    onDelete: ForeignKeyAction? = nil, onUpdate: ForeignKeyAction? = nil
  ) {
    if columns.count != referencedColumns.count {
      fatalError(
        "a foreign key needs one referenced column per column: \(columns) references "
          + "\(table)\(referencedColumns)")
    }
    self.columns = columns
    self.table = table
    self.referencedColumns = referencedColumns
    self.onDelete = onDelete
    self.onUpdate = onUpdate
  }

  /// `FOREIGN KEY (…) REFERENCES "t" (…) ON DELETE …`, one line.
  var constraintSQL: String {
    let own = columns.map(SQLIdentifier.quote).joined(separator: ", ")
    let other = referencedColumns.map(SQLIdentifier.quote).joined(separator: ", ")
    var text = "FOREIGN KEY (\(own)) REFERENCES \(SQLIdentifier.quote(table)) (\(other))"
    if let onDelete { text += " ON DELETE " + onDelete.sql }
    if let onUpdate { text += " ON UPDATE " + onUpdate.sql }
    return text
  }
}
