/// One persisted struct and the table it maps to.
///
/// `columns` keep the struct's declaration order, except that the parts of a composite key
/// trade places to follow the order written in `primaryKey = [...]` and property-wrapped
/// columns outside the key come last (generated initializers can only assign them once every
/// plain property is set). That is the column order of the table, of `init(row:)` and of
/// `bind(to:)`.
public struct TableModel: Sendable, Hashable, Codable {
  /// The qualified Swift type name (`Bird`, `Aviary.Cage`).
  public var typeName: String
  /// The name used to build generated type names: the qualified name without dots.
  public var baseName: String
  public var access: AccessLevel
  /// The SQL table name.
  public var name: String
  public var columns: [ColumnModel]
  /// Struct-level indexes (`index = [a, b]`, `unique = [a, b]`) in declaration order.
  public var indexes: [IndexModel]
  /// The columns of the FTS5 index (`fullText = [a, b]`), in the order written; empty without.
  public var fullTextColumns: [String] = []
  /// `owned` properties, in declaration order.
  public var relations: [OwnedRelationModel] = []
  /// The properties (columns and owned relations) the struct's memberwise initializer takes,
  /// in declaration order, when `init(row:)` builds the value with it; nil when it assigns
  /// each property instead (see `MemberwiseInitializer`).
  public var memberwiseInitializerProperties: [String]?
  /// Generated associations (`Book.author`, `Author.books`, `Book.tags`).
  public var associations: [AssociationModel] = []
  /// The child tables of `relations`, nested ones after their owner (depth first).
  public var ownedTables: [OwnedTableModel] = []
  /// The `Codable` structs whose typed JSON paths this table's file declares (see
  /// `JSONPathModel`), in the order its JSON columns reach them.
  public var jsonPaths: [JSONPathModel] = []
  /// The path of the declaring file relative to the run's root, for headers.
  public var sourcePath: String
  public var location: SourceLocation
  /// For an internal struct that declares no `Sendable`: the type of each stored property
  /// (once each), which the generated `@unchecked Sendable` conformance's `checkSendable()`
  /// names so that the compiler checks them; empty when the struct declares `Sendable`.
  public var sendableCheckTypes: [String] = []
  /// Whether generated `init(row:)` runs only Quarry's own code, so the runtime may decode rows
  /// on several threads at once (see `ConcurrentDecodingDecision`).
  public var decodesRowsConcurrently = false
  /// `renamedFrom = "books"`: the table's name in the previous `Schema.sql`.
  public var renamedFrom: String?
  /// `dropped = [...]`: columns of the previous `Schema.sql` that are gone on purpose.
  public var dropped: [String] = []
  /// The generated migrations concerning the table or its owned child tables, by identifier
  /// (`0002_volumes_rename_isbn_to_code`), oldest first.
  public var migrations: [String] = []

  public init(
    typeName: String, access: AccessLevel, name: String, columns: [ColumnModel],
    indexes: [IndexModel], sourcePath: String, location: SourceLocation
  ) {
    self.typeName = typeName
    self.baseName = typeName.split(separator: ".").joined()
    self.access = access
    self.name = name
    self.columns = columns
    self.indexes = indexes
    self.sourcePath = sourcePath
    self.location = location
  }

  /// The columns forming the primary key, in key order (which is also column order).
  public var primaryKeyColumns: [ColumnModel] { columns.filter(\.isPrimaryKey) }

  /// Whether the key spans several columns, which gives a nested `PrimaryKey` struct.
  public var hasCompositePrimaryKey: Bool { primaryKeyColumns.count > 1 }
}

/// A struct-level index over one or more columns.
public struct IndexModel: Sendable, Hashable, Codable {
  /// The SQL index name: `<table>_on_<column>_<column>`.
  public var name: String
  public var columns: [String]
  public var isUnique: Bool

  public init(name: String, columns: [String], isUnique: Bool) {
    self.name = name
    self.columns = columns
    self.isUnique = isUnique
  }
}
