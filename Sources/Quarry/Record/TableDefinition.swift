/// A table: its name, its columns in order and its indexes.
///
/// ```swift
/// public static let table = TableDefinition(
///   name: "birds",
///   columns: [
///     ColumnDefinition("id", .text, primaryKey: true),
///     ColumnDefinition("name", .text, unique: true),
///   ],
///   indexes: [IndexDefinition(["name"])]
/// )
/// ```
public struct TableDefinition: Sendable, Hashable {
  /// The table name in SQL (unquoted).
  public var name: String
  /// The columns, in the order rows are read and parameters bound.
  public var columns: [ColumnDefinition]
  /// Indexes declared on the table, beyond those of `indexed` columns.
  public var indexes: [IndexDefinition]
  /// Foreign keys written as table constraints (composite ones, owned children's owner key).
  public var foreignKeys: [TableForeignKey]
  /// The full-text index (`fullText = [a, b]`), if any.
  public var fullText: FullTextIndex?

  /// Describes a table.
  public init(
    name: String, columns: [ColumnDefinition], indexes: [IndexDefinition] = [],
    foreignKeys: [TableForeignKey] = [], fullText: FullTextIndex? = nil
  ) {
    self.name = name
    self.columns = columns
    self.indexes = indexes
    self.foreignKeys = foreignKeys
    self.fullText = fullText
  }

  /// The positions (0-based) of the primary key columns, in column order.
  public var primaryKeyPositions: [Int] {
    columns.indices.filter { columns[$0].isPrimaryKey }
  }

  /// Whether a column or an index is `UNIQUE`, besides the primary key.
  public var hasUniqueConstraints: Bool {
    columns.contains { $0.isUnique && !$0.isPrimaryKey } || indexes.contains(where: \.isUnique)
  }

  /// Every index: one per `indexed` column, then the table's own, in declaration order.
  public var allIndexes: [IndexDefinition] {
    columns.filter(\.isIndexed).map { IndexDefinition([$0.name]) } + indexes
  }
}
