/// Brings a table's FTS5 index in line with its ``TableDefinition/fullText``: creates it and
/// its triggers and fills it from the existing rows, recreates it when its columns changed, and
/// drops it when the definition has none any more.
///
/// A trigger that is missing (its table was recreated, or another program dropped it) is
/// created again and the index rebuilt, since it may have missed changes meanwhile.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#the_rebuild_command>
struct FullTextMigration {
  let definition: TableDefinition
  let connection: Connection

  private var indexName: String { FullTextIndex.tableName(indexing: definition.name) }
  private var triggerNames: [String] {
    ["insert", "delete", "update"].map { indexName + "_" + $0 }
  }

  func run() throws {
    let existingColumns = try indexColumns()
    guard let fullText = definition.fullText else {
      if existingColumns != nil { try dropIndex() }
      return
    }
    let statements = definition.createFullTextSQL
    if let existingColumns {
      let wanted = fullText.columns.map(SQLIdentifier.comparisonKey)
      if existingColumns.map(SQLIdentifier.comparisonKey) == wanted {
        var isMissingTrigger = false
        for (name, statement) in zip(triggerNames, statements.dropFirst())
        where try !triggerExists(name) {
          try connection.execute(statement)
          isMissingTrigger = true
        }
        if isMissingTrigger { try rebuild() }
        return
      }
      try dropIndex()
    }
    for statement in statements { try connection.execute(statement) }
    try rebuild()
  }

  /// The columns of the existing index, or nil when there is none.
  private func indexColumns() throws -> [String]? {
    let statement = try connection.cachedStatement(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
    let exists = try statement.withReset { statement in
      try statement.bind(indexName, at: 1)
      return try statement.step()
    }
    guard exists else { return nil }
    let columns = try connection.cachedStatement(
      "SELECT name FROM pragma_table_info(?1) ORDER BY cid")
    return try columns.withReset { statement in
      try statement.bind(indexName, at: 1)
      var names: [String] = []
      while try statement.step() {
        names.append(try Row(statement: statement, number: names.count + 1).decode(at: 0))
      }
      return names
    }
  }

  private func triggerExists(_ name: String) throws -> Bool {
    let statement = try connection.cachedStatement(
      "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?1 COLLATE NOCASE")
    return try statement.withReset { statement in
      try statement.bind(name, at: 1)
      return try statement.step()
    }
  }

  private func dropIndex() throws {
    for name in triggerNames {
      try connection.execute("DROP TRIGGER IF EXISTS \(SQLIdentifier.quote(name))")
    }
    try connection.execute("DROP TABLE \(SQLIdentifier.quote(indexName))")
  }

  /// Re-reads every row of the table into the index.
  private func rebuild() throws {
    let index = SQLIdentifier.quote(indexName)
    try connection.execute("INSERT INTO \(index) (\(index)) VALUES ('rebuild')")
  }
}
