/// Tables and columns written field by field, as the declarations are (see
/// `CompactCodable+Declarations`): every template that lists the tables reads each one again.
extension ForeignKeyModel: CompactCodable {
  static let compactFieldCount = 5

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(typeName)
    encoder.write(table)
    encoder.write(column)
    encoder.write(onDelete)
    encoder.write(onUpdate)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var foreignKey = ForeignKeyModel(
      typeName: try decoder.readString(), table: try decoder.readString(),
      column: try decoder.readString())
    foreignKey.onDelete = try decoder.readOptionalString()
    foreignKey.onUpdate = try decoder.readOptionalString()
    return foreignKey
  }
}

extension ColumnModel: CompactCodable {
  static let compactFieldCount = 17

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(propertyName)
    encoder.write(access)
    encoder.write(name)
    encoder.write(swiftType)
    encoder.write(unwrappedSwiftType)
    encoder.write(isOptional)
    encoder.write(raw: sqlType)
    encoder.write(raw: storage)
    encoder.write(isPrimaryKey)
    encoder.write(isAutoincrement)
    encoder.write(isUnique)
    encoder.write(isIndexed)
    encoder.write(defaultSQL)
    try encoder.write(references)
    encoder.write(renamedFrom)
    encoder.write(timestamp.map(\.rawValue))
    encoder.write(location)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    var column = ColumnModel(
      propertyName: try decoder.readString(), access: try decoder.readAccess(),
      name: try decoder.readString(), swiftType: try decoder.readString(),
      unwrappedSwiftType: try decoder.readString(), isOptional: try decoder.readBool(),
      sqlType: try decoder.readRaw(SQLColumnType.self), storage: try decoder.readRaw(Storage.self),
      isPrimaryKey: try decoder.readBool(), isAutoincrement: try decoder.readBool(),
      isUnique: try decoder.readBool(), isIndexed: try decoder.readBool(),
      defaultSQL: try decoder.readOptionalString(),
      references: try decoder.readBool() ? try ForeignKeyModel.compactDecode(from: decoder) : nil,
      location: SourceLocation(path: "", offset: 0))
    column.renamedFrom = try decoder.readOptionalString()
    column.timestamp = try decoder.readOptionalRaw(Timestamp.self)
    column.location = try decoder.readLocation()
    return column
  }
}

extension IndexModel: CompactCodable {
  static let compactFieldCount = 3

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(name)
    encoder.write(columns)
    encoder.write(isUnique)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    IndexModel(
      name: try decoder.readString(), columns: try decoder.readStrings(),
      isUnique: try decoder.readBool())
  }
}

extension TableModel: CompactCodable {
  static let compactFieldCount = 19

  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(typeName)
    encoder.write(baseName)
    encoder.write(access)
    encoder.write(name)
    try encoder.write(each: columns)
    try encoder.write(each: indexes)
    encoder.write(fullTextColumns)
    try encoder.write(relations)
    try encoder.write(memberwiseInitializerProperties)
    try encoder.write(associations)
    try encoder.write(ownedTables)
    try encoder.write(jsonPaths)
    encoder.write(sourcePath)
    encoder.write(location)
    encoder.write(sendableCheckTypes)
    encoder.write(decodesRowsConcurrently)
    encoder.write(renamedFrom)
    encoder.write(dropped)
    encoder.write(migrations)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    let typeName = try decoder.readString()
    let baseName = try decoder.readString()
    var table = TableModel(
      typeName: typeName, access: try decoder.readAccess(), name: try decoder.readString(),
      columns: try decoder.readArray(of: ColumnModel.self),
      indexes: try decoder.readArray(of: IndexModel.self), sourcePath: "",
      location: SourceLocation(path: "", offset: 0))
    table.baseName = baseName
    table.fullTextColumns = try decoder.readStrings()
    table.relations = try decoder.read([OwnedRelationModel].self)
    table.memberwiseInitializerProperties = try decoder.read([String]?.self)
    table.associations = try decoder.read([AssociationModel].self)
    table.ownedTables = try decoder.read([OwnedTableModel].self)
    table.jsonPaths = try decoder.read([JSONPathModel].self)
    table.sourcePath = try decoder.readString()
    table.location = try decoder.readLocation()
    table.sendableCheckTypes = try decoder.readStrings()
    table.decodesRowsConcurrently = try decoder.readBool()
    table.renamedFrom = try decoder.readOptionalString()
    table.dropped = try decoder.readStrings()
    table.migrations = try decoder.readStrings()
    return table
  }
}
