extension ReadTransaction {
  /// Reads the rows of an owned child table that belong to `rootKeys` (every row when nil),
  /// ordered by key, and hands each to `body`.
  ///
  /// Generated `loadOwnedChildren` calls it once per child table for a whole fetch result:
  ///
  /// ```swift
  /// try db.forEachOwnedRow(of: RecipeOwnedTables.steps, rootKeys: keys, bindKey: Recipe.bind)
  /// { row in
  ///   guard let owner = positions[try row.decode(at: 0)] else { return }
  ///   values[owner].steps.append(try Step(row: row, startingAt: 2))
  /// }
  /// ```
  ///
  /// - Complexity: one statement, `WHERE <root key> IN (…)` with the keys bound; past SQLite's
  ///   limit on parameters (32,766 by default, divided by the key's column count) the keys are
  ///   split into that many per statement.
  public func forEachOwnedRow<Key>(
    of table: OwnedTable, rootKeys: [Key]?,
    bindKey: (Key, Statement, Int32) throws -> Void, _ body: (Row) throws -> Void
  ) throws {
    let connection = checkedConnection
    guard let rootKeys else {
      let statement = try connection.statements(for: table).statement(.selectAll, on: connection)
      try Self.readRows(of: statement, body)
      return
    }
    guard !rootKeys.isEmpty else { return }
    let width = table.rootKeyColumns
    let perStatement = max(1, connection.variableLimit / width)
    var start = 0
    while start < rootKeys.count {
      let end = min(start + perStatement, rootKeys.count)
      // Rounded up to a power of two (padding repeats the last key), so a handful of shapes
      // serve every result size from the statement cache.
      var shape = 8
      while shape < end - start { shape *= 2 }
      shape = min(shape, perStatement)
      let statement = try connection.cachedStatement(table.selectSQL(rootKeyCount: shape))
      statement.tableName = table.definition.name
      for slot in 0..<shape {
        let key = rootKeys[min(start + slot, end - 1)]
        try bindKey(key, statement, Int32(slot * width + 1))
      }
      try Self.readRows(of: statement, body)
      start = end
    }
  }

  private static func readRows(of statement: Statement, _ body: (Row) throws -> Void) throws {
    try statement.withReset { statement in
      var number = 0
      while try statement.step() {
        number += 1
        try body(Row(statement: statement, number: number))
      }
    }
  }
}
