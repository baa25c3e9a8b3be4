/// One generated migration: what `SchemaDiff` found between the previous `Schema.sql` and the
/// model for one persisted struct's table (its owned child tables included), as engine-neutral
/// steps that `Migration.swift.stencil` writes out and the runtime applies.
///
/// ```swift
/// let migration = MigrationModel(
///   number: 2, words: "volumes_rename_isbn_to_code", tableTypeName: "Book",
///   sourcePath: "Models/Book.swift", summary: ["column 'isbn' is renamed 'code'"],
///   steps: [.renameColumn(from: "isbn", to: "code", table: "volumes")])
/// print(migration.identifier)   // 0002_volumes_rename_isbn_to_code
/// ```
public struct MigrationModel: Sendable, Hashable {
  public var number: Int
  /// Lowercase words joined by `_`, valid in a Swift identifier.
  public var words: String
  /// The struct whose `TableRecord` conformance lists the migration.
  public var tableTypeName: String
  public var sourcePath: String
  /// What changes and what happens to existing rows, one sentence each (no final period).
  public var summary: [String]
  public var steps: [MigrationStep]

  public init(
    number: Int, words: String, tableTypeName: String, sourcePath: String, summary: [String],
    steps: [MigrationStep]
  ) {
    self.number = number
    self.words = words
    self.tableTypeName = tableTypeName
    self.sourcePath = sourcePath
    self.summary = summary
    self.steps = steps
  }

  /// `0002_volumes_rename_isbn_to_code`: the file's name, the recorded name, sorted in order.
  public var identifier: String { Self.identifier(number: number, words: words) }

  static func identifier(number: Int, words: String) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + words
  }

  /// The file under the output folder: `Migrations/0002_volumes_rename_isbn_to_code.swift`.
  public var path: String { Self.folder + "/" + identifier + ".swift" }

  /// The folder, inside the output folder, that holds migration files.
  public static let folder = "Migrations"
}

/// One step of a migration, in the order the runtime applies them.
public enum MigrationStep: Sendable, Hashable {
  case renameTable(from: String, to: String)
  case renameColumn(from: String, to: String, table: String)
  /// The table created anew at `definition` (a frozen copy of the new schema) and filled from
  /// the old one column by column.
  case rebuildTable(SchemaTable, columns: [MigrationColumnSource])
}

/// Where a rebuilt table's column takes its values from.
public struct MigrationColumnSource: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// The old column's values unchanged.
    case copy
    /// The old column's values converted exactly to the new type, or the migration stops.
    case convert
    /// The old column's values, with NULLs replaced by `sql`.
    case fillNulls
    /// `sql` in every row (a column that did not exist).
    case value
  }

  public var kind: Kind
  public var name: String
  /// The old column, when it differs from `name`.
  public var from: String?
  public var sql: String?
  /// For `convert`: the runtime's `ConversionTarget` when narrower than the column's SQL type
  /// (`.bool`, `.character`, `.integer(Int8.self)`).
  public var target: String?
  /// The default the old column had in the previous schema, when the new one's differs: what
  /// a database that skipped the release whose `migrate` added the column must hold in it
  /// (the runtime's `ColumnSource.addedWithDefault(sql:)`).
  public var addedDefaultSQL: String?

  public init(
    _ kind: Kind, _ name: String, from: String? = nil, sql: String? = nil, target: String? = nil,
    addedDefaultSQL: String? = nil
  ) {
    self.kind = kind
    self.name = name
    self.from = from
    self.sql = sql
    self.target = target
    self.addedDefaultSQL = addedDefaultSQL
  }
}
