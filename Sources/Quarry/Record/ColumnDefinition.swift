/// The description of one column: name, type and constraints.
///
/// Generated code lists them in `TableDefinition.columns`, in the order `init(row:)` reads and
/// `bind(to:)` binds them.
///
/// ```swift
/// ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true)
/// ColumnDefinition("name", .text, unique: true)
/// ColumnDefinition("wingspan", .real, nullable: true)
/// ColumnDefinition("rank", .integer, defaultSQL: "0")
/// ColumnDefinition("created", .real, kind: .date, timestamp: .createdAt)
/// ColumnDefinition("done", .integer, kind: .bool, defaultSQL: "0")
/// ```
public struct ColumnDefinition: Sendable, Hashable {
  /// What a timestamp column (`// quarry: createdAt` or `updatedAt`) records.
  public enum Timestamp: Sendable, Hashable {
    /// When the row was inserted: an upsert that updates the row keeps the stored date.
    case createdAt
    /// When the row was last inserted, updated or upserted.
    case updatedAt
  }

  /// The column name in SQL (unquoted).
  public var name: String
  /// The declared SQL type.
  public var type: SQLType
  /// What the values are when ``type`` alone does not say (a `Bool` in an `INTEGER` column),
  /// so an engine with richer types (PostgreSQL's `BOOLEAN`, `UUID`, `JSONB`) declares the
  /// column by it; nil when `type` says it all.
  public var kind: ValueKind?
  /// Whether the column accepts NULL (an optional property).
  public var isNullable: Bool
  /// Whether the column is (part of) the primary key.
  public var isPrimaryKey: Bool
  /// Whether SQLite assigns the key (`INTEGER PRIMARY KEY AUTOINCREMENT`).
  public var isAutoincrement: Bool
  /// Whether the column has a `UNIQUE` constraint.
  public var isUnique: Bool
  /// Whether the column gets its own index, named `<table>_on_<column>`.
  public var isIndexed: Bool
  /// An SQL expression for `DEFAULT`, written as is into the DDL (such as `0` or `'new'`).
  public var defaultSQL: String?
  /// The column this one refers to, if any.
  public var references: ForeignKey?
  /// The date the column records, for a `createdAt` or `updatedAt` property.
  public var timestamp: Timestamp?

  /// Describes a column; every constraint is off unless asked for.
  public init(
    _ name: String, _ type: SQLType, kind: ValueKind? = nil, nullable: Bool = false,
    primaryKey: Bool = false,
    autoincrement: Bool = false, unique: Bool = false, indexed: Bool = false,
    defaultSQL: String? = nil, references: ForeignKey? = nil, timestamp: Timestamp? = nil
  ) {
    self.name = name
    self.type = type
    self.kind = kind
    self.isNullable = nullable
    self.isPrimaryKey = primaryKey
    self.isAutoincrement = autoincrement
    self.isUnique = unique
    self.isIndexed = indexed
    self.defaultSQL = defaultSQL
    self.references = references
    self.timestamp = timestamp
  }
}
