extension TableDefinition {
  /// The `CREATE TABLE` statement, formatted one column per line, without a final `;`.
  ///
  /// The text is the one Quarry's generator writes to `Schema.sql`, and SQLite keeps it as is in
  /// `sqlite_master.sql`:
  ///
  /// ```swift
  /// print(Nest.table.createTableSQL)
  /// // CREATE TABLE "nests" (
  /// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  /// //   "site" TEXT NOT NULL
  /// // )
  /// ```
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_createtable.html>
  public var createTableSQL: String {
    let hasCompositeKey = primaryKeyPositions.count > 1
    var lines = columns.map { "  " + $0.definitionSQL(inlinePrimaryKey: !hasCompositeKey) }
    if hasCompositeKey {
      let names = primaryKeyPositions.map { SQLIdentifier.quote(columns[$0].name) }
      lines.append("  PRIMARY KEY (" + names.joined(separator: ", ") + ")")
    }
    for key in foreignKeys {
      lines.append("  " + key.constraintSQL)
    }
    return "CREATE TABLE \(SQLIdentifier.quote(name)) (\n"
      + lines.joined(separator: ",\n") + "\n)"
  }

  /// The `CREATE [UNIQUE] INDEX` statements: `indexed` columns first, then `indexes`.
  ///
  /// ```swift
  /// print(Bird.table.createIndexSQL)
  /// // [#"CREATE INDEX "birds_on_kind_name" ON "birds" ("kind", "name")"#]
  /// ```
  public var createIndexSQL: [String] {
    allIndexes.map { createSQL(for: $0) }
  }

  /// The `CREATE` statement for one index of this table.
  func createSQL(for index: IndexDefinition) -> String {
    let columnList = index.columns.map(SQLIdentifier.quote).joined(separator: ", ")
    return "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX "
      + "\(SQLIdentifier.quote(index.name(inTable: name))) ON \(SQLIdentifier.quote(name)) "
      + "(\(columnList))"
  }
}

extension ColumnDefinition {
  /// The column's line in `CREATE TABLE` (and in `ALTER TABLE … ADD COLUMN`).
  ///
  /// Constraints come in a fixed order: `NOT NULL`, `PRIMARY KEY`, `UNIQUE`, `DEFAULT`,
  /// `REFERENCES`. An autoincrement key gets no `NOT NULL`: SQLite assigns it.
  func definitionSQL(inlinePrimaryKey: Bool) -> String {
    var parts = [SQLIdentifier.quote(name), type.sql]
    let isInlineKey = inlinePrimaryKey && isPrimaryKey
    if !isNullable && !(isInlineKey && isAutoincrement) { parts.append("NOT NULL") }
    if isInlineKey { parts.append(isAutoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY") }
    if isUnique { parts.append("UNIQUE") }
    if let defaultSQL { parts.append("DEFAULT \(defaultSQL)") }
    if let references {
      parts.append(
        "REFERENCES \(SQLIdentifier.quote(references.table)) "
          + "(\(SQLIdentifier.quote(references.column)))" + references.actionsSQL)
    }
    return parts.joined(separator: " ")
  }
}
