/// An index of a table as the database describes it: see ``ReadTransaction/indexes(on:)``.
///
/// ```swift
/// let unique = try db.read { try $0.indexes(on: "covers").filter(\.isUnique) }
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_index_list>
public struct IndexInfo: Sendable, Hashable {
  /// The index's name; SQLite names the indexes of `UNIQUE` and `PRIMARY KEY` constraints
  /// `sqlite_autoindex_<table>_<n>`.
  public let name: String
  /// The indexed columns in index order. The terms of an index on an expression
  /// (`CREATE INDEX … ON books (lower(title))`) are not columns and are left out.
  public let columns: [String]
  /// Whether the index refuses two rows with the same values.
  public let isUnique: Bool

  /// An index description, as ``ReadTransaction/indexes(on:)`` makes them.
  public init(name: String, columns: [String], isUnique: Bool) {
    self.name = name
    self.columns = columns
    self.isUnique = isUnique
  }
}
