extension ReadTransaction {
  /// The rows of `query`.
  ///
  /// ```swift
  /// let books: [Book] = try db.read {
  ///   try $0.fetchAll(Book.all().filter(Book.Columns.price > 5).limit(20, offset: 40))
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when a row does not decode.
  /// - Complexity: one prepared statement per query text and connection, reused.
  public func fetchAll<T: TableRecord>(_ query: Query<T>) throws -> [T] {
    let rendered = query.cache.sql(.rows, in: checkedConnection.dialect) {
      SQLRenderer.rows(query.core, dialect: checkedConnection.dialect)
    }
    return try fetchRows(T.self, rendered, everyRow: query.core.readsEveryRow)
  }

  /// The first row of `query`, or nil when it has none.
  ///
  /// ```swift
  /// let newest: Book? = try db.read {
  ///   try $0.fetchOne(Book.all().order(Book.Columns.published.desc))
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when the row does not decode.
  public func fetchOne<T: TableRecord>(_ query: Query<T>) throws -> T? {
    let rendered = query.cache.sql(.first, in: checkedConnection.dialect) {
      SQLRenderer.first(query.core, dialect: checkedConnection.dialect)
    }
    return try fetchRows(T.self, rendered).first
  }

  /// The number of rows of `query` (after its limit and offset, when it has them).
  ///
  /// ```swift
  /// let scifi: Int = try db.read { try $0.fetchCount(Book.all().filter(Book.Columns.genre == .scifi)) }
  /// ```
  public func fetchCount<T: TableRecord>(_ query: Query<T>) throws -> Int {
    let rendered = query.cache.sql(.count, in: checkedConnection.dialect) {
      SQLRenderer.count(query.core, dialect: checkedConnection.dialect)
    }
    return try fetchInteger(rendered, table: T.table.name)
  }

  /// Whether `query` has at least one row; cheaper than counting them.
  ///
  /// ```swift
  /// let anyScifi: Bool = try db.read { try $0.exists(Book.all().filter(Book.Columns.genre == .scifi)) }
  /// ```
  public func exists<T: TableRecord>(_ query: Query<T>) throws -> Bool {
    let rendered = query.cache.sql(.exists, in: checkedConnection.dialect) {
      SQLRenderer.exists(query.core, dialect: checkedConnection.dialect)
    }
    return try fetchInteger(rendered, table: T.table.name) != 0
  }

  /// Runs `rendered` and decodes its rows as `T`.
  ///
  /// Owned children are loaded afterwards, one query per child table; `everyRow` says the rows
  /// are the whole table, so those queries need no key filter.
  func fetchRows<T: TableRecord>(_ type: T.Type, _ rendered: RenderedSQL, everyRow: Bool = false)
    throws -> [T]
  {
    let statement = try checkedConnection.cachedStatement(rendered.sql)
    statement.tableName = T.table.name
    var values = try statement.withReset { statement in
      try rendered.bind(to: statement)
      try statement.checkColumns(of: T.self)
      return try T.decodeRows(from: statement)
    }
    if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: everyRow) }
    return values
  }

  /// Runs `rendered` and reads the integer in the first column of its one row.
  func fetchInteger(_ rendered: RenderedSQL, table: String) throws -> Int {
    let statement = try checkedConnection.cachedStatement(rendered.sql)
    statement.tableName = table
    return try statement.withReset { statement in
      try rendered.bind(to: statement)
      guard try statement.step() else { return 0 }
      return try Row(statement: statement, number: 1).decode(at: 0)
    }
  }
}
