/// A `Codable` struct stored as JSON by some column: its stored properties become typed JSON
/// paths (`Book.Columns.meta.pages`) through a generated `JSONPathRoot` conformance.
///
/// Each struct is generated once, in the file of the first table (by type name) whose JSON
/// column reaches it, directly or through other such structs (`meta.author`).
public struct JSONPathModel: Sendable, Hashable, Codable {
  /// The qualified Swift type name (`Book.Meta`).
  public var typeName: String
  public var access: AccessLevel
  /// A path to show in the generated doc comment: `Book.Columns.meta.author`.
  public var example: String
  public var fields: [JSONFieldModel]

  public init(
    typeName: String, access: AccessLevel, example: String, fields: [JSONFieldModel]
  ) {
    self.typeName = typeName
    self.access = access
    self.example = example
    self.fields = fields
  }
}

/// One stored property of a `JSONPathModel` struct as a step of a path.
public struct JSONFieldModel: Sendable, Hashable, Codable {
  public var propertyName: String
  public var access: AccessLevel
  /// The property's type with nested type names qualified (`Book.Author?`).
  public var swiftType: String
  /// The key JSONEncoder writes: the `CodingKeys` raw value, else the property name.
  public var key: String
  /// Whether the value is read back through `Codable` (structs, collections) rather than as
  /// the SQL value SQLite extracts (numbers, text, `Bool`, `Date`, raw-value enums).
  public var isJSON: Bool
  public var location: SourceLocation

  public init(
    propertyName: String, access: AccessLevel, swiftType: String, key: String, isJSON: Bool,
    location: SourceLocation
  ) {
    self.propertyName = propertyName
    self.access = access
    self.swiftType = swiftType
    self.key = key
    self.isJSON = isJSON
    self.location = location
  }
}
