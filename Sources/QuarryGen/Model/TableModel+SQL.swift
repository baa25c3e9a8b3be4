/// The DDL of a table, exactly as the runtime creates it, so Schema.sql matches a fresh
/// database's `sqlite_master.sql` statement for statement.
///
/// ```swift
/// print(table.createTableSQL)
/// // CREATE TABLE "birds" (
/// //   "id" TEXT NOT NULL PRIMARY KEY,
/// //   "wingspan" REAL
/// // );
/// ```
extension TableModel {
  /// `CREATE TABLE …;` with one column per line.
  public var createTableSQL: String {
    var lines = columns.map { "  " + definition(of: $0) }
    if hasCompositePrimaryKey {
      let names = primaryKeyColumns.map { Self.quote($0.name) }.joined(separator: ", ")
      lines.append("  PRIMARY KEY (\(names))")
    }
    return "CREATE TABLE \(Self.quote(name)) (\n" + lines.joined(separator: ",\n") + "\n);"
  }

  /// `CREATE INDEX …;` for each indexed column, then each struct-level index.
  public var createIndexSQL: [String] {
    var statements: [String] = []
    for column in columns where column.isIndexed {
      statements.append(
        "CREATE INDEX \(Self.quote("\(name)_on_\(column.name)")) ON \(Self.quote(name)) "
          + "(\(Self.quote(column.name)));")
    }
    for index in indexes {
      let names = index.columns.map(Self.quote).joined(separator: ", ")
      let create = index.isUnique ? "CREATE UNIQUE INDEX" : "CREATE INDEX"
      statements.append("\(create) \(Self.quote(index.name)) ON \(Self.quote(name)) (\(names));")
    }
    return statements
  }

  /// One column's definition: name, type, then constraints in a fixed order.
  public func definition(of column: ColumnModel) -> String {
    var text = "\(Self.quote(column.name)) \(column.sqlType.sql)"
    if !column.isNullable && !column.isAutoincrement { text += " NOT NULL" }
    if column.isPrimaryKey && !hasCompositePrimaryKey {
      text += column.isAutoincrement ? " PRIMARY KEY AUTOINCREMENT" : " PRIMARY KEY"
    }
    if column.isUnique { text += " UNIQUE" }
    if let defaultSQL = column.defaultSQL { text += " DEFAULT \(defaultSQL)" }
    if let references = column.references {
      text += " REFERENCES \(Self.quote(references.table)) (\(Self.quote(references.column)))"
        + references.actionsSQL
    }
    return text
  }

  /// A double-quoted SQL identifier with `"` doubled inside.
  public static func quote(_ identifier: String) -> String {
    if !identifier.utf8.contains(UInt8(ascii: "\"")) { return "\"" + identifier + "\"" }
    return "\""
      + identifier.split(separator: "\"", omittingEmptySubsequences: false)
      .joined(separator: "\"\"") + "\""
  }
}
