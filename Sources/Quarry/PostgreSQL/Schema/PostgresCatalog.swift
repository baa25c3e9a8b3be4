import Foundation

/// What `migrate` and the introspection API ask of a PostgreSQL database's catalog, and the
/// statements they run, over one connection.
///
/// Tables are looked up by exact name in the connection's current schema (`search_path`'s
/// first, normally `public`): PostgreSQL compares quoted names exactly, as Quarry writes them.
///
/// ```swift
/// let catalog = PostgresCatalog(connection: postgres)
/// if try !catalog.tableExists("birds") { try catalog.execute(Bird.table.postgresCreateTableSQL) }
/// ```
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/catalogs.html>
struct PostgresCatalog {
  let connection: PostgresConnection

  /// Runs one statement without parameters.
  func execute(_ sql: String) throws {
    _ = try connection.execute(sql)
  }

  /// Every row of `sql` (with `?` placeholders), each as its column values.
  func rows(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[DatabaseValue]] {
    let statement = PostgresStatement(connection: connection, sql: sql)
    for (offset, argument) in arguments.enumerated() {
      switch argument {
      case .null: statement.parameters.setNull(at: offset)
      case .integer(let value): statement.parameters.setInt64(value, at: offset)
      case .real(let value): statement.parameters.setDouble(value, at: offset)
      case .text(let value): try statement.parameters.setText(value, at: offset)
      case .blob(let data):
        data.withUnsafeBytes {
          statement.parameters.setBytes($0, type: PostgresType.bytea, format: 1, at: offset)
        }
      }
    }
    var rows: [[DatabaseValue]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.databaseValue(at: $0) })
    }
    return rows
  }

  /// The first column of every row, as text.
  func strings(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> [String] {
    try rows(sql, arguments).compactMap { row in
      if case .text(let text) = row.first { return text }
      return nil
    }
  }

  /// Whether a table (or view) named exactly `name` exists in the current schema.
  func tableExists(_ name: String) throws -> Bool {
    try !rows(PostgresCatalogSQL.relationExists, [.text(name), .text("rvpmf")]).isEmpty
  }

  /// Whether a table (ordinary or partitioned; not a view) named exactly `name` exists in the
  /// current schema: ``ReadTransaction/tableExists(_:)``'s answer, as SQLite's counts tables
  /// only.
  func isTable(_ name: String) throws -> Bool {
    try !rows(PostgresCatalogSQL.relationExists, [.text(name), .text("rp")]).isEmpty
  }

  /// Whether an index named exactly `name` exists in the current schema.
  func indexExists(_ name: String) throws -> Bool {
    try !rows(
      PostgresCatalogSQL.relationExists, [.text(PostgresIdentifier.stored(name)), .text("iI")]
    ).isEmpty
  }

  /// Whether the table `name` holds no row.
  func isEmpty(_ name: String) throws -> Bool {
    try rows("SELECT 1 FROM \(SQLIdentifier.quote(name)) LIMIT 1").isEmpty
  }

  /// The columns of `table` in order, as ``ReadTransaction/columns(in:)`` reports them: the
  /// type in upper case (`BIGINT`, `DOUBLE PRECISION`), the default as PostgreSQL prints it
  /// (`'draft'::text`, `0`).
  func columns(in table: String) throws -> [ColumnInfo] {
    try rows(PostgresCatalogSQL.columns, [.text(table)]).map { row in
      ColumnInfo(
        name: Self.text(row[0]), type: Self.text(row[1]), isNotNull: row[2] == .integer(1),
        defaultValue: row[3] == .null ? nil : Self.text(row[3]),
        primaryKeyIndex: Int(Self.integer(row[4])))
    }
  }

  /// The indexes of `table` sorted by name, including those of its `PRIMARY KEY` (`<table>_pkey`)
  /// and `UNIQUE` constraints (`<table>_<column>_key`); an expression's terms are left out.
  func indexes(on table: String) throws -> [IndexInfo] {
    var indexes: [IndexInfo] = []
    for row in try rows(PostgresCatalogSQL.indexes, [.text(table)]) {
      let name = Self.text(row[0])
      let column = row[2] == .null ? [] : [Self.text(row[2])]
      if let last = indexes.last, last.name == name {
        indexes[indexes.count - 1] = IndexInfo(
          name: name, columns: last.columns + column, isUnique: last.isUnique)
      } else {
        indexes.append(IndexInfo(name: name, columns: column, isUnique: row[1] == .integer(1)))
      }
    }
    return indexes
  }

  /// The foreign keys of `table`.
  func foreignKeys(on table: String) throws -> [ForeignKeyInfo] {
    try namedForeignKeys(on: table).map(\.info)
  }

  /// The foreign keys of `table` with their constraint names.
  func namedForeignKeys(on table: String) throws -> [(name: String, info: ForeignKeyInfo)] {
    var keys: [(name: String, info: ForeignKeyInfo)] = []
    for row in try rows(PostgresCatalogSQL.foreignKeys, [.text(table)]) {
      let name = Self.text(row[0])
      let column = Self.text(row[2])
      let destinationColumn = Self.text(row[3])
      if let last = keys.last, last.name == name {
        let info = last.info
        keys[keys.count - 1].info = ForeignKeyInfo(
          destinationTable: info.destinationTable, columns: info.columns + [column],
          destinationColumns: info.destinationColumns + [destinationColumn],
          onDelete: info.onDelete, onUpdate: info.onUpdate)
      } else {
        keys.append(
          (
            name,
            ForeignKeyInfo(
              destinationTable: Self.text(row[1]), columns: [column],
              destinationColumns: [destinationColumn], onDelete: Self.action(row[4]),
              onUpdate: Self.action(row[5]))
          ))
      }
    }
    return keys
  }

  /// The tables whose foreign keys refer to `table` (itself included when it refers to itself).
  func referencingTables(_ table: String) throws -> [String] {
    try strings(PostgresCatalogSQL.referencingTables, [.text(table)])
  }

  /// `pg_constraint`'s one-letter action codes.
  private static func action(_ value: DatabaseValue) -> ForeignKeyAction {
    switch text(value) {
    case "c": .cascade
    case "n": .setNull
    case "r": .restrict
    case "d": .setDefault
    default: .noAction
    }
  }

  static func text(_ value: DatabaseValue) -> String {
    if case .text(let text) = value { return text }
    return ""
  }

  static func integer(_ value: DatabaseValue) -> Int64 {
    if case .integer(let integer) = value { return integer }
    return 0
  }
}
