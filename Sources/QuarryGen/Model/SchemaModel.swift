/// Everything the templates need to know about the persisted structs of one run.
///
/// Built by `ModelBuilder` from scanned declarations; tables are sorted by their Swift type
/// name so the output never depends on the order files were listed in.
///
/// ```swift
/// let result = ModelBuilder().build(scannedFiles)
/// for table in result.model.tables { print(table.name) }   // "birds"
/// ```
public struct SchemaModel: Sendable, Hashable {
  /// Kept as bytes and built on each read (see `CompactArray`): read a table once into a local.
  public var tables: CompactArray<TableModel>
  /// Raw-value enums used by at least one column, sorted by name; each gets a conformance.
  public var enums: [EnumModel]
  /// Structs held by `owned` properties, sorted by name; each gets an `OwnedChild` conformance.
  public var children: [ChildModel]
  /// The migrations this run writes (`SchemaDiff`); earlier ones are files already on disk.
  public var migrations: [MigrationModel] = []

  public init(tables: [TableModel] = [], enums: [EnumModel] = [], children: [ChildModel] = []) {
    self.init(tables: CompactArray(tables), enums: enums, children: children)
  }

  public init(tables: CompactArray<TableModel>, enums: [EnumModel], children: [ChildModel]) {
    self.tables = tables
    self.enums = enums
    self.children = children
  }
}

/// A raw-value enum that some column stores through its raw value.
public struct EnumModel: Sendable, Hashable {
  /// The qualified name (`Bird.Kind`).
  public var name: String
  public var rawType: String
  public var access: AccessLevel
  /// The path of the file declaring the enum, as shown in generated headers.
  public var sourcePath: String
  /// Whether the sources declare `Sendable` for it; when not, the generated file does (as
  /// `@unchecked Sendable`: Swift accepts a plain one only in the enum's own file, and an enum
  /// with raw values has no payload, so it is always `Sendable`).
  public var declaresSendable: Bool

  public init(
    name: String, rawType: String, access: AccessLevel, sourcePath: String,
    declaresSendable: Bool = true
  ) {
    self.name = name
    self.rawType = rawType
    self.access = access
    self.sourcePath = sourcePath
    self.declaresSendable = declaresSendable
  }
}
