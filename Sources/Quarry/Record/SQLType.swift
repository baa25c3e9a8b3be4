/// The declared type of a column, which gives it SQLite's matching type affinity.
///
/// ```swift
/// ColumnDefinition("price", .numeric)   // "price" NUMERIC NOT NULL
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html#type_affinity>
public enum SQLType: String, Sendable, Hashable, CaseIterable {
  case integer = "INTEGER"
  case real = "REAL"
  case text = "TEXT"
  case blob = "BLOB"
  case numeric = "NUMERIC"

  /// The type name as written in `CREATE TABLE`, such as `INTEGER`.
  public var sql: String { rawValue }
}
