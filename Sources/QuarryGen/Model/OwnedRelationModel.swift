/// An `owned` property: a child struct (or an array of them) stored in its own table.
public struct OwnedRelationModel: Sendable, Hashable, Codable {
  /// How many children one owner has.
  public enum Cardinality: String, Sendable, Hashable, Codable {
    /// `[Child]`: rows ordered by a `position` column.
    case many
    /// `Child?`: zero or one row.
    case optional
    /// `Child` (with a default value): one row, or the default when none is stored.
    case one
  }

  public var propertyName: String
  /// The qualified name of the child struct.
  public var childTypeName: String
  public var cardinality: Cardinality
  public var access: AccessLevel
  public var location: SourceLocation

  public init(
    propertyName: String, childTypeName: String, cardinality: Cardinality, access: AccessLevel,
    location: SourceLocation
  ) {
    self.propertyName = propertyName
    self.childTypeName = childTypeName
    self.cardinality = cardinality
    self.access = access
    self.location = location
  }
}

/// A struct that `owned` properties hold: its own columns and owned properties, no key.
public struct ChildModel: Sendable, Hashable, Codable {
  public var typeName: String
  public var baseName: String
  public var access: AccessLevel
  /// The table name written with `table = "…"` on the struct, if any.
  public var tableName: String?
  public var columns: [ColumnModel]
  public var relations: [OwnedRelationModel]
  /// `renamedFrom = "…"`: the child table's name in the previous `Schema.sql`.
  public var renamedFrom: String?
  /// `dropped = [...]`: columns of the previous `Schema.sql` that are gone on purpose.
  public var dropped: [String] = []
  public var sourcePath: String
  public var location: SourceLocation

  public init(
    typeName: String, access: AccessLevel, tableName: String?, columns: [ColumnModel],
    relations: [OwnedRelationModel], sourcePath: String, location: SourceLocation
  ) {
    self.typeName = typeName
    self.baseName = typeName.split(separator: ".").joined()
    self.access = access
    self.tableName = tableName
    self.columns = columns
    self.relations = relations
    self.sourcePath = sourcePath
    self.location = location
  }
}

/// One child table of a persisted struct: the path of owned properties leading to it from the
/// struct (`steps`, `steps.substeps`), its key columns and the owner it points at.
public struct OwnedTableModel: Sendable, Hashable, Codable {
  /// Property names from the persisted struct down to this relation.
  public var path: [String]
  public var relation: OwnedRelationModel
  /// The SQL table name.
  public var name: String
  /// The owner's key (the top-level key columns, then array ancestors' positions), then
  /// `position` for an array.
  public var keyColumns: [ColumnModel]
  /// How many leading key columns hold the top-level row's key.
  public var rootKeyCount: Int
  /// How many leading key columns hold the owner row's key.
  public var ownerKeyCount: Int
  /// The owner's table and the key columns there that `ownerKeyCount` columns point at.
  public var ownerTable: String
  public var ownerKeyColumnNames: [String]
  /// The child struct's own columns, after the key columns.
  public var childColumns: [ColumnModel]
  /// The position in the persisted struct's `ownedTables` of the owner table, nil for a
  /// direct child.
  public var parent: Int?

  public init(
    path: [String], relation: OwnedRelationModel, name: String, keyColumns: [ColumnModel],
    rootKeyCount: Int, ownerKeyCount: Int, ownerTable: String, ownerKeyColumnNames: [String],
    childColumns: [ColumnModel], parent: Int?
  ) {
    self.path = path
    self.relation = relation
    self.name = name
    self.keyColumns = keyColumns
    self.rootKeyCount = rootKeyCount
    self.ownerKeyCount = ownerKeyCount
    self.ownerTable = ownerTable
    self.ownerKeyColumnNames = ownerKeyColumnNames
    self.childColumns = childColumns
    self.parent = parent
  }

  /// Every column: the key, then the child's own.
  public var columns: [ColumnModel] { keyColumns + childColumns }
}
