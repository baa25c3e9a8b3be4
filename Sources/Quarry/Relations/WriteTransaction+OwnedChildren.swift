extension WriteTransaction {
  /// Inserts one row into an owned child table; `bind` binds every column from `?1`.
  ///
  /// Generated code calls it for each child of a value being inserted:
  ///
  /// ```swift
  /// try db.insertOwnedRow(into: RecipeOwnedTables.steps) { statement in
  ///   try statement.bind(key, at: 1)
  ///   try statement.bind(position, at: 2)
  ///   try step.bind(to: statement, startingAt: 3)
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or what `bind` throws.
  public func insertOwnedRow(into table: OwnedTable, _ bind: (Statement) throws -> Void) throws {
    let connection = checkedConnection
    let statement = try connection.statements(for: table).statement(.insert, on: connection)
    try bind(statement)
    try statement.execute()
  }

  /// Deletes an owner's rows of a child table (their own children go by `ON DELETE CASCADE`),
  /// or only those at `position` and after; `owner` binds the owner's key from `?1`.
  ///
  /// ```swift
  /// try db.deleteOwnedRows(of: RecipeOwnedTables.steps, fromPosition: 3) {
  ///   try $0.bind(recipeID, at: 1)
  /// }
  /// ```
  public func deleteOwnedRows(
    of table: OwnedTable, fromPosition position: Int? = nil, owner: (Statement) throws -> Void
  ) throws {
    let connection = checkedConnection
    let statements = connection.statements(for: table)
    let statement: Statement
    if let position {
      precondition(table.hasPosition, "\(table.definition.name) stores a to-one child")
      statement = try statements.statement(.deleteFromPosition, on: connection)
      try statement.bind(position, at: Int32(table.ownerKeyColumns + 1))
    } else {
      statement = try statements.statement(.deleteByOwner, on: connection)
    }
    try owner(statement)
    try statement.execute()
  }

  /// Writes the changed columns of one stored child row; `key` binds the row's key columns
  /// (owner key, then position) starting at the parameter it is given.
  ///
  /// ```swift
  /// let changed = Step.changedColumns(from: old, to: new)
  /// try db.updateOwnedRow(new, columns: changed, in: RecipeOwnedTables.steps) { statement, at in
  ///   try statement.bind(recipeID, at: at)
  ///   try statement.bind(position, at: at + 1)
  /// }
  /// ```
  public func updateOwnedRow<C: OwnedChild>(
    _ child: C, columns: [Int], in table: OwnedTable, key: (Statement, Int32) throws -> Void
  ) throws {
    guard !columns.isEmpty else { return }
    let statement = try checkedConnection.cachedStatement(table.updateSQL(childColumns: columns))
    statement.tableName = table.definition.name
    try child.bindColumns(columns, to: statement)
    try key(statement, Int32(columns.count + 1))
    try statement.execute()
  }
}
