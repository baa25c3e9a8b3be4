/// One stored property and the column it maps to.
public struct ColumnModel: Sendable, Hashable, Codable {
  /// How a value crosses into SQLite.
  public enum Storage: String, Sendable, Hashable, Codable {
    /// Through `DatabaseValueConvertible` (`row.decode`, `statement.bind`).
    case value
    /// As JSON text through `Codable` (`row.decodeJSON`, `statement.bindJSON`).
    case json
    /// A `Date` as ISO 8601 text (`row.decode`, `statement.bindISO8601`): `dateStorage =
    /// iso8601`.
    case iso8601
  }

  /// What `dateStorage = …` asks of a `Date` property.
  public enum DateStorage: String, Sendable, Hashable, CaseIterable, Codable {
    /// UTC text SQLite's date functions read, `2024-05-01 09:30:00.25`.
    case iso8601
    /// REAL seconds since 2001, `Date`'s own value: the default.
    case real
  }

  /// The date a `createdAt` or `updatedAt` property records.
  public enum Timestamp: String, Sendable, Hashable, Codable {
    case createdAt, updatedAt
  }

  public var propertyName: String
  /// The property's access level: generated members mentioning its type use no wider one.
  public var access: AccessLevel
  public var name: String
  /// The Swift type with nested type names qualified (`Bird.Kind?`), usable at top level.
  public var swiftType: String
  /// `swiftType` without its outer optional.
  public var unwrappedSwiftType: String
  public var isOptional: Bool
  public var sqlType: SQLColumnType
  public var storage: Storage
  public var isPrimaryKey: Bool
  public var isAutoincrement: Bool
  public var isUnique: Bool
  public var isIndexed: Bool
  /// SQL text after `DEFAULT`, already escaped (`'robin'`, `0`, `NULL`).
  public var defaultSQL: String?
  public var references: ForeignKeyModel?
  /// `renamedFrom = "isbn"`: the column's name in the previous `Schema.sql`.
  public var renamedFrom: String?
  /// Set from the transaction's date on insert (`createdAt`), or on every write (`updatedAt`).
  public var timestamp: Timestamp?
  public var location: SourceLocation

  public init(
    propertyName: String, access: AccessLevel = .internal, name: String, swiftType: String,
    unwrappedSwiftType: String,
    isOptional: Bool, sqlType: SQLColumnType, storage: Storage = .value,
    isPrimaryKey: Bool = false, isAutoincrement: Bool = false, isUnique: Bool = false,
    isIndexed: Bool = false, defaultSQL: String? = nil, references: ForeignKeyModel? = nil,
    location: SourceLocation
  ) {
    self.propertyName = propertyName
    self.access = access
    self.name = name
    self.swiftType = swiftType
    self.unwrappedSwiftType = unwrappedSwiftType
    self.isOptional = isOptional
    self.sqlType = sqlType
    self.storage = storage
    self.isPrimaryKey = isPrimaryKey
    self.isAutoincrement = isAutoincrement
    self.isUnique = isUnique
    self.isIndexed = isIndexed
    self.defaultSQL = defaultSQL
    self.references = references
    self.location = location
  }

  /// Whether the column accepts NULL: optionals, except an autoincrement key, which SQLite
  /// fills in itself.
  public var isNullable: Bool { isOptional && !isAutoincrement }

  /// The runtime's `ColumnDefinition.ValueKind` case (`bool`, `uuid`, `decimal`, `date`,
  /// `json`) for a column whose SQL type does not say what its values are, so PostgreSQL gets
  /// `BOOLEAN`, `UUID`, `JSONB`; nil for the other columns.
  public var valueKind: String? {
    if storage == .json { return "json" }
    switch TypeMapping.builtinName(unwrappedSwiftType) {
    case "Bool": return "bool"
    case "UUID": return "uuid"
    case "Decimal": return "decimal"
    case "Date": return "date"
    default: return nil
    }
  }
}

/// A foreign key: the referenced table and its primary key column.
public struct ForeignKeyModel: Sendable, Hashable, Codable {
  public var typeName: String
  public var table: String
  public var column: String
  /// `onDelete` / `onUpdate` as the runtime's `ForeignKeyAction` cases (`cascade`, `setNull`…).
  public var onDelete: String?
  public var onUpdate: String?

  public init(
    typeName: String, table: String, column: String, onDelete: String? = nil,
    onUpdate: String? = nil
  ) {
    self.typeName = typeName
    self.table = table
    self.column = column
    self.onDelete = onDelete
    self.onUpdate = onUpdate
  }

  /// ` ON DELETE CASCADE ON UPDATE …` as the DDL writes the actions.
  public var actionsSQL: String {
    var text = ""
    if let onDelete { text += " ON DELETE " + Self.sql(onDelete) }
    if let onUpdate { text += " ON UPDATE " + Self.sql(onUpdate) }
    return text
  }

  /// `, onDelete: .cascade` as the runtime's `ForeignKey` initializer takes the actions.
  public var actionsArguments: String {
    var text = ""
    if let onDelete { text += ", onDelete: .\(onDelete)" }
    if let onUpdate { text += ", onUpdate: .\(onUpdate)" }
    return text
  }

  static func sql(_ action: String) -> String {
    switch action {
    case "cascade": "CASCADE"
    case "setNull": "SET NULL"
    case "restrict": "RESTRICT"
    default: "NO ACTION"
    }
  }
}

/// The declared SQL type of a column, which is also its SQLite affinity.
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html#type_affinity>
public enum SQLColumnType: String, Sendable, Hashable, Codable {
  case integer, real, text, blob, numeric

  /// The type as written in DDL: `INTEGER`.
  public var sql: String { rawValue.uppercased() }
}
