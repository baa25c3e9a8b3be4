/// The table and column a column refers to.
///
/// ```swift
/// ColumnDefinition("nest_id", .integer, nullable: true, references: ForeignKey("nests", "id"))
/// // "nest_id" INTEGER REFERENCES "nests" ("id")
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/foreignkeys.html>
public struct ForeignKey: Sendable, Hashable {
  /// The referenced table.
  public var table: String
  /// The referenced column.
  public var column: String
  /// What happens to this row when the referenced row is deleted (nil: SQLite's default).
  public var onDelete: ForeignKeyAction?
  /// What happens to this row when the referenced key changes (nil: SQLite's default).
  public var onUpdate: ForeignKeyAction?

  /// Creates a reference to `column` of `table`, with optional actions.
  public init(
    _ table: String, _ column: String, onDelete: ForeignKeyAction? = nil,
    onUpdate: ForeignKeyAction? = nil
  ) {
    self.table = table
    self.column = column
    self.onDelete = onDelete
    self.onUpdate = onUpdate
  }

  /// ` ON DELETE CASCADE ON UPDATE …`, or empty without actions.
  var actionsSQL: String {
    var text = ""
    if let onDelete { text += " ON DELETE " + onDelete.sql }
    if let onUpdate { text += " ON UPDATE " + onUpdate.sql }
    return text
  }
}
