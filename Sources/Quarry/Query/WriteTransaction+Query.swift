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
    let rendered = query.cache.sql(.delete, in: checkedConnection.dialect) {
      SQLRenderer.delete(
        query.core, primaryKey: T.table.primaryKeyNames, dialect: checkedConnection.dialect)
    }
    return try change(rendered, table: T.table.name)
  }

  /// Changes the rows of `query` with `assignments` and returns how many rows changed.
  ///
  /// ```swift
  /// let repriced: Int = try db.write {
  ///   try $0.updateAll(Book.all().filter(Book.Columns.genre == .scifi),
  ///                    set: Book.Columns.price.set(to: 10))
  /// }
  /// try db.write {
  ///   try $0.updateAll(Member.all().filter(Member.Columns.id == id),
  ///                    set: Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1),
  ///                    Member.Columns.lastLoan.set(to: Date()))
  /// }
  /// ```
  ///
  /// One `UPDATE` statement; a query with an order, a limit or an offset changes exactly its
  /// rows (chosen by primary key). Values and change-tracked records already loaded are not
  /// updated: read them again.
  ///
  /// - Throws: ``SQLiteError`` (a constraint such as NOT NULL or UNIQUE failing).
  @discardableResult
  public func updateAll<T: TableRecord>(_ query: Query<T>, set assignments: ColumnAssignment<T>...)
    throws -> Int
  {
    try updateAll(query, set: assignments)
  }

  /// Changes the rows of `query` with `assignments` (none: changes nothing, returns 0).
  ///
  /// ```swift
  /// let assignments = [Book.Columns.price.set(to: 10), Book.Columns.genre.set(to: .classic)]
  /// try db.write { try $0.updateAll(Book.all(), set: assignments) }
  /// ```
  @discardableResult
  public func updateAll<T: TableRecord>(_ query: Query<T>, set assignments: [ColumnAssignment<T>])
    throws -> Int
  {
    guard !assignments.isEmpty else { return 0 }
    let rendered = SQLRenderer.update(
      query.core, assignments: assignments.map { ($0.column, $0.value) },
      primaryKey: T.table.primaryKeyNames, dialect: checkedConnection.dialect)
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
