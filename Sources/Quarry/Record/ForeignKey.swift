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

  /// Creates a reference to `column` of `table`.
  public init(_ table: String, _ column: String) {
    self.table = table
    self.column = column
  }
}
