extension WriteTransaction {
  /// Deletes the rows of `query` and returns how many went.
  ///
  /// ```swift
  /// let removed: Int = try db.write { try $0.deleteAll(Book.all().filter(Book.Columns.price < 1)) }
  /// ```
  ///
  /// A query with an order, a limit or an offset deletes exactly its rows (chosen by primary
  /// key). Values and change-tracked records already loaded are not touched: read them again.
  ///
  /// - Throws: ``SQLiteError`` (a foreign key still referencing a row, for example).
  @discardableResult
  public func deleteAll<T: TableRecord>(_ query: Query<T>) throws -> Int {
    let rendered = query.cache.sql(.delete) {
      SQLRenderer.delete(query.core, primaryKey: T.table.primaryKeyNames)
    }
    return try change(rendered, table: T.table.name)
  }

  /// Runs a DELETE or UPDATE and returns the number of rows it changed.
  func change(_ rendered: RenderedSQL, table: String) throws -> Int {
    let connection = checkedConnection
    let statement = try connection.cachedStatement(rendered.sql)
    statement.tableName = table
    try rendered.bind(to: statement)
    try statement.execute()
    return connection.changes
  }
}

extension TableDefinition {
  /// The names of the primary key columns, in key order.
  var primaryKeyNames: [String] { primaryKeyPositions.map { columns[$0].name } }
}
