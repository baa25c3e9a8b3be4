/// An index over one or more columns, declared on the table.
///
/// ```swift
/// IndexDefinition(["kind", "name"])
/// // CREATE INDEX "birds_on_kind_name" ON "birds" ("kind", "name")
/// IndexDefinition(["email"], unique: true)
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/lang_createindex.html>
public struct IndexDefinition: Sendable, Hashable {
  /// The indexed columns, in order.
  public var columns: [String]
  /// Whether the index is a `UNIQUE` index.
  public var isUnique: Bool

  /// Describes an index over `columns`.
  public init(_ columns: [String], unique: Bool = false) {
    self.columns = columns
    self.isUnique = unique
  }

  /// The index name Quarry uses: `<table>_on_<column>_<column>…`.
  public func name(inTable table: String) -> String {
    "\(table)_on_" + columns.joined(separator: "_")
  }
}
