/// A column of a table as the database describes it: see
/// ``ReadTransaction/columns(in:)``.
///
/// ```swift
/// let columns = try db.read { try $0.columns(in: "books") }
/// let required = columns.filter(\.isNotNull).map(\.name)
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_table_info>
public struct ColumnInfo: Sendable, Hashable {
  /// The column's name, as written when the table was created.
  public let name: String
  /// The declared type as written (`TEXT`, `INTEGER`, `VARCHAR(20)`); empty when none was.
  public let type: String
  /// Whether the column has a `NOT NULL` constraint.
  public let isNotNull: Bool
  /// The SQL text of the column's default (`'draft'`, `0`, `CURRENT_TIMESTAMP`), or nil.
  public let defaultValue: String?
  /// The column's 1-based position in the primary key, or 0 when it is not part of it.
  public let primaryKeyIndex: Int

  /// A column description, as ``ReadTransaction/columns(in:)`` makes them.
  public init(
    name: String, type: String, isNotNull: Bool, defaultValue: String?, primaryKeyIndex: Int
  ) {
    self.name = name
    self.type = type
    self.isNotNull = isNotNull
    self.defaultValue = defaultValue
    self.primaryKeyIndex = primaryKeyIndex
  }
}
