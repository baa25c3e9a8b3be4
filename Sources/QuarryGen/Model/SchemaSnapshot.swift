/// The tables of one schema as `Schema.sql` states them: what the previous run reviewed, or
/// what this run's model gives, in one form so that `SchemaDiff` compares like with like.
///
/// Engine-neutral: types are the five declared types, defaults are the SQL text after
/// `DEFAULT`, and nothing else of a dialect is kept.
///
/// ```swift
/// let previous = SchemaSQLParser.parse(schemaSQL)
/// print(previous.tables.map(\.name))   // ["books", "shelves"]
/// ```
public struct SchemaSnapshot: Sendable, Hashable {
  public var tables: [SchemaTable]
  /// Where each table is in `tables`, so that a diff of thousands of tables does not scan
  /// them all for each one; checked on use, so a direct change of `tables` stays correct.
  private var positions: [String: Int] = [:]

  public init(tables: [SchemaTable] = []) {
    self.tables = tables
    for (position, table) in tables.enumerated() where positions[table.name] == nil {
      positions[table.name] = position
    }
  }

  /// The position of the table named `name` in `tables`, if any.
  func position(of name: String) -> Int? {
    if let position = positions[name], position < tables.count, tables[position].name == name {
      return position
    }
    return tables.firstIndex { $0.name == name }
  }

  /// The table named `name`, if any.
  public func table(named name: String) -> SchemaTable? {
    position(of: name).map { tables[$0] }
  }

  /// Adds a table at the end.
  mutating func append(_ table: SchemaTable) {
    if positions[table.name] == nil { positions[table.name] = tables.count }
    tables.append(table)
  }

  /// Records that the table at `position` is now called `name`.
  mutating func noteName(_ name: String, at position: Int) {
    positions[name] = position
  }

  public static func == (left: SchemaSnapshot, right: SchemaSnapshot) -> Bool {
    left.tables == right.tables
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tables)
  }
}

/// One table: its columns in order, a composite key, table-level foreign keys and indexes.
public struct SchemaTable: Sendable, Hashable {
  public var name: String
  public var columns: [SchemaColumn]
  /// `PRIMARY KEY ("a", "b")` of a composite key; empty when a column says `PRIMARY KEY`.
  public var compositeKey: [String] = []
  /// `FOREIGN KEY (...) REFERENCES ...` clauses (owned child tables).
  public var foreignKeys: [SchemaForeignKey] = []
  public var indexes: [SchemaIndex] = []

  public init(name: String, columns: [SchemaColumn]) {
    self.name = name
    self.columns = columns
  }

  public func column(named name: String) -> SchemaColumn? {
    columns.first { $0.name == name }
  }

  /// The key's column names in key order.
  public var primaryKey: [String] {
    compositeKey.isEmpty ? columns.filter(\.isPrimaryKey).map(\.name) : compositeKey
  }
}

/// One column definition.
public struct SchemaColumn: Sendable, Hashable {
  public var name: String
  /// `INTEGER`, `REAL`, `TEXT`, `BLOB` or `NUMERIC`, as declared.
  public var type: String
  public var isNotNull = false
  /// The column says `PRIMARY KEY` itself (a one-column key).
  public var isPrimaryKey = false
  public var isAutoincrement = false
  public var isUnique = false
  /// SQL text after `DEFAULT`.
  public var defaultSQL: String?
  public var references: SchemaForeignKey?
  /// The runtime's `ValueKind` (`bool`, `uuid`, `decimal`, `date`, `json`) of a column of the
  /// model; SQLite's DDL does not say it, so a parsed column has none. A migration's frozen
  /// definition carries it, so that PostgreSQL creates the column with its own type.
  public var valueKind: String?

  public init(name: String, type: String) {
    self.name = name
    self.type = type
  }

  /// Whether the column takes NULL: an `INTEGER PRIMARY KEY` never does.
  public var isNullable: Bool { !isNotNull && !isPrimaryKey }
}

/// A foreign key: the columns it constrains (one for a column's `REFERENCES`), the table and
/// columns it points at, and its actions as the runtime's `ForeignKeyAction` cases.
public struct SchemaForeignKey: Sendable, Hashable {
  public var columns: [String]
  public var table: String
  public var referencedColumns: [String]
  public var onDelete: String?
  public var onUpdate: String?

  public init(
    columns: [String], table: String, referencedColumns: [String], onDelete: String? = nil,
    onUpdate: String? = nil
  ) {
    self.columns = columns
    self.table = table
    self.referencedColumns = referencedColumns
    self.onDelete = onDelete
    self.onUpdate = onUpdate
  }

  /// `cascade` for `CASCADE`, `setNull` for `SET NULL`…; nil for an unknown word.
  static func action(sql words: String) -> String? {
    switch words.uppercased() {
    case "CASCADE": "cascade"
    case "SET NULL": "setNull"
    case "RESTRICT": "restrict"
    case "NO ACTION": "noAction"
    default: nil
    }
  }
}

/// `CREATE [UNIQUE] INDEX "name" ON "table" ("a", "b")`.
public struct SchemaIndex: Sendable, Hashable {
  public var name: String
  public var columns: [String]
  public var isUnique: Bool

  public init(name: String, columns: [String], isUnique: Bool) {
    self.name = name
    self.columns = columns
    self.isUnique = isUnique
  }
}
