extension ReadTransaction {
  // Each cursor prepares its own statement rather than taking the cached one: a query run
  // again while the cursor is open (the same query inside the loop) would otherwise reset it.

  /// A cursor over the rows of `query`, decoded one by one: memory stays bounded whatever the
  /// number of rows.
  ///
  /// ```swift
  /// try db.read { tx in
  ///   let cursor = try tx.fetchCursor(Book.all())
  ///   while let book = try cursor.next() { total += book.pages ?? 0 }
  /// }
  /// ```
  ///
  /// The cursor is valid inside this closure only (see ``DatabaseCursor``).
  ///
  /// - Throws: ``SQLiteError`` when the query does not compile.
  // Inlinable, with `recordCursor`, so the decoding closure calls the record's own
  // `init(row:)` rather than going through its conformance for every row.
  @inlinable
  public func fetchCursor<T: TableRecord>(_ query: Query<T>) throws -> DatabaseCursor<T> {
    recordCursor(T.self, try recordCursorStatement(query))
  }

  /// The statement of a record cursor over `query`, its columns checked.
  @usableFromInline
  func recordCursorStatement<T: TableRecord>(_ query: Query<T>) throws -> Statement {
    let rendered = query.cache.sql(.rows, in: checkedConnection.dialect) {
      SQLRenderer.rows(query.core, dialect: checkedConnection.dialect)
    }
    let statement = try cursorStatement(rendered.sql, rendered.arguments, table: T.table.name)
    try statement.checkColumns(of: T.self)
    return statement
  }

  /// A cursor over the values (or tuples) of `selection`.
  ///
  /// ```swift
  /// try db.read { tx in
  ///   let titles = try tx.fetchCursor(Book.all().select(Book.Columns.title))
  ///   while let title = try titles.next() { print(title) }
  /// }
  /// ```
  public func fetchCursor<T: TableRecord, Value>(_ selection: Selection<T, Value>) throws
    -> DatabaseCursor<Value>
  {
    let rendered = selection.cache.sql(.rows, in: checkedConnection.dialect) {
      SQLRenderer.rows(selection.core, dialect: checkedConnection.dialect)
    }
    let statement = try cursorStatement(rendered.sql, rendered.arguments, table: T.table.name)
    guard let completion = selection.completion else {
      return DatabaseCursor(transaction: self, statement: statement, decode: selection.decoder)
    }
    let decoder = selection.decoder
    return DatabaseCursor(transaction: self, statement: statement) { row in
      var values = [try decoder(row)]
      try completion(&values, self)
      return values[0]
    }
  }

  /// A cursor over the rows of your own SQL as table records; interpolated values are bound.
  ///
  /// ```swift
  /// let cursor = try tx.fetchCursor(Book.self, literal: "SELECT * FROM books WHERE year > \(year)")
  /// ```
  public func fetchCursor<T: TableRecord>(_ type: T.Type, literal: SQLLiteral) throws
    -> DatabaseCursor<T>
  {
    let statement = try cursorStatement(literal.sql, literal.arguments, table: T.table.name)
    try statement.checkColumns(of: T.self)
    return recordCursor(T.self, statement)
  }

  /// A cursor over table records that are also `Decodable`: decoded as table records.
  public func fetchCursor<T: TableRecord & Decodable>(_ type: T.Type, literal: SQLLiteral) throws
    -> DatabaseCursor<T>
  {
    let statement = try cursorStatement(literal.sql, literal.arguments, table: T.table.name)
    try statement.checkColumns(of: T.self)
    return recordCursor(T.self, statement)
  }

  /// A cursor over the rows of your own SQL, each decoded as `T` by column name (see
  /// ``fetchAll(_:literal:)-(T.Type,_)``).
  ///
  /// ```swift
  /// let counts = try tx.fetchCursor(CountryCount.self, literal: "SELECT country, COUNT(*) AS n …")
  /// ```
  public func fetchCursor<T: Decodable>(_ type: T.Type, literal: SQLLiteral) throws
    -> DatabaseCursor<T>
  {
    let statement = try cursorStatement(literal.sql, literal.arguments, table: "")
    let columns = RowDecoder.Columns(of: statement)
    return DatabaseCursor(transaction: self, statement: statement) { row in
      try RowDecoder.decode(T.self, from: row, columns: columns)
    }
  }

  /// A cursor over the first column of your own SQL's rows.
  ///
  /// ```swift
  /// let names = try tx.fetchCursor(String.self, literal: "SELECT name FROM authors")
  /// ```
  public func fetchCursor<V: DatabaseValueConvertible>(_ type: V.Type, literal: SQLLiteral) throws
    -> DatabaseCursor<V>
  {
    try valueCursor(V.self, literal)
  }

  /// A cursor over the first column, for value types that are also `Decodable`.
  public func fetchCursor<V: DatabaseValueConvertible & Decodable>(
    _ type: V.Type, literal: SQLLiteral
  ) throws -> DatabaseCursor<V> {
    try valueCursor(V.self, literal)
  }

  private func valueCursor<V: DatabaseValueConvertible>(_ type: V.Type, _ literal: SQLLiteral)
    throws -> DatabaseCursor<V>
  {
    let statement = try cursorStatement(literal.sql, literal.arguments, table: "")
    return DatabaseCursor(transaction: self, statement: statement) { row in
      try V.decode(from: row, at: 0)
    }
  }

  @inlinable
  func recordCursor<T: TableRecord>(_ type: T.Type, _ statement: Statement)
    -> DatabaseCursor<T>
  {
    guard T.hasOwnedChildren else {
      return DatabaseCursor(transaction: self, statement: statement) { try T(row: $0) }
    }
    // The transaction is held strongly: it does not hold the cursor, and a cursor used after
    // it ended stops before reaching it.
    return DatabaseCursor(transaction: self, statement: statement) { row in
      var values = [try T(row: row)]
      try T.loadOwnedChildren(&values, in: self, everyRow: false)
      return values[0]
    }
  }

  /// A new statement for one cursor, its arguments bound.
  private func cursorStatement(
    _ sql: String, _ arguments: [any DatabaseValueConvertible], table: String
  ) throws -> Statement {
    let statement = try checkedConnection.makeStatement(sql)
    // On PostgreSQL the walk reads a server-side cursor's batches, not the whole result.
    statement.postgres?.fetchesInBatches = true
    statement.tableName = table
    try Self.bind(arguments, to: statement)
    return statement
  }
}
