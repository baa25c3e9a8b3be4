extension TableDefinition {
  /// This definition with the ``ColumnDefinition/ValueKind`` a rebuild on PostgreSQL must keep
  /// where a column has none: a column copied from a `BOOLEAN`, `UUID` or `JSONB` column of the
  /// same ``SQLType`` keeps that type, and a conversion to `.bool` makes a `BOOLEAN`.
  ///
  /// A rebuild's definition is frozen in a generated migration, which states SQLite's types
  /// only; without the kind a `Bool` column would come back `BIGINT` and a `UUID` one `TEXT`,
  /// and the record's own definition (`kind: .bool`) would then be refused as a changed type.
  ///
  /// ```swift
  /// definition.keepingPostgresKinds(of: try catalog.columns(in: "items"), sources: sources)
  /// ```
  func keepingPostgresKinds(of oldColumns: [ColumnInfo], sources: [ColumnSource])
    -> TableDefinition
  {
    var result = self
    for index in result.columns.indices where result.columns[index].kind == nil {
      let column = result.columns[index]
      guard let source = sources.first(where: { $0.name == column.name }) else { continue }
      switch source.kind {
      case .convert(_, let target, _):
        if target?.kind == .bool, column.type == .integer { result.columns[index].kind = .bool }
      case .copy(let name), .fillNulls(let name, _):
        guard let old = oldColumns.first(where: { $0.name == name }) else { continue }
        result.columns[index].kind = Self.kind(ofPostgresType: old.type, storedAs: column.type)
      case .value:
        continue
      }
    }
    return result
  }

  /// The kind whose PostgreSQL type is `type`, when SQLite stores it as `sqlType`.
  private static func kind(ofPostgresType type: String, storedAs sqlType: SQLType)
    -> ColumnDefinition.ValueKind?
  {
    switch (type, sqlType) {
    case ("BOOLEAN", .integer): .bool
    case ("UUID", .text): .uuid
    case ("JSONB", .text): .json
    default: nil
    }
  }
}
