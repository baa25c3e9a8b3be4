extension ReadTransaction {
  /// The results of `selection`: values for one column or aggregate, tuples for several.
  ///
  /// ```swift
  /// let titles: [String] = try db.read { try $0.fetchAll(Book.all().select(Book.Columns.title)) }
  /// let pairs: [(String, Decimal)] = try db.read {
  ///   try $0.fetchAll(Book.all().select(Book.Columns.title, Book.Columns.price))
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when a value does not decode.
  // Inlinable, so the loop is specialised for `Value` where it is called: compiled generically,
  // each row paid a metadata lookup of `[Value]` and an unspecialised `append` (callgrind: a
  // third of the per-row cost of one text column).
  @inlinable
  public func fetchAll<T: TableRecord, Value>(_ selection: Selection<T, Value>) throws -> [Value] {
    let statement = try rowsStatement(of: selection)
    defer { statement.reset() }
    var values: [Value] = []
    var number = 0
    let decoder = selection.decoder
    while try statement.step() {
      number += 1
      values.append(try decoder(Row(statement: statement, number: number)))
    }
    if let completion = selection.completion { try completion(&values, self) }
    return values
  }

  /// The first result of `selection`, or nil when it has none.
  ///
  /// ```swift
  /// let cheapest: (String, Decimal)? = try db.read {
  ///   try $0.fetchOne(Book.all().order(Book.Columns.price.asc)
  ///     .select(Book.Columns.title, Book.Columns.price))
  /// }
  /// ```
  public func fetchOne<T: TableRecord, Value>(_ selection: Selection<T, Value>) throws -> Value? {
    let rendered = selection.cache.sql(.first, in: checkedConnection.dialect) {
      SQLRenderer.first(selection.core, dialect: checkedConnection.dialect)
    }
    let statement = try prepared(rendered, table: T.table.name)
    let value = try statement.withReset { statement -> Value? in
      guard try statement.step() else { return nil }
      return try selection.decoder(Row(statement: statement, number: 1))
    }
    guard let completion = selection.completion, let value else { return value }
    var values = [value]
    try completion(&values, self)
    return values[0]
  }

  /// The first value of a one-column `selection`, nil when there is no row or the value is
  /// NULL: one level of optional, so `MAX` of a `Decimal` column reads as a `Decimal?`.
  ///
  /// ```swift
  /// let dearest: Decimal? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.max)) }
  /// ```
  public func fetchOne<T: TableRecord, Value: DatabaseValueConvertible>(
    _ selection: Selection<T, Value>
  ) throws -> Value.NullableValue {
    let rendered = selection.cache.sql(.first, in: checkedConnection.dialect) {
      SQLRenderer.first(selection.core, dialect: checkedConnection.dialect)
    }
    let statement = try prepared(rendered, table: T.table.name)
    return try statement.withReset { statement in
      let row = Row(statement: statement, number: 1)
      guard try statement.step(), !row.isNull(at: 0) else {
        return try Value.NullableValue.decode(from: .null)
      }
      return try Value.NullableValue.decode(from: row, at: 0)
    }
  }

  /// The number of results of `selection` (distinct values, groups…).
  ///
  /// ```swift
  /// let genres: Int = try db.read { try $0.fetchCount(Book.all().select(Book.Columns.genre).distinct()) }
  /// ```
  public func fetchCount<T: TableRecord, Value>(_ selection: Selection<T, Value>) throws -> Int {
    let rendered = selection.cache.sql(.count, in: checkedConnection.dialect) {
      SQLRenderer.countOfResults(selection.core, dialect: checkedConnection.dialect)
    }
    return try fetchInteger(rendered, table: T.table.name)
  }

  /// Whether `selection` has at least one result.
  public func exists<T: TableRecord, Value>(_ selection: Selection<T, Value>) throws -> Bool {
    let rendered = selection.cache.sql(.exists, in: checkedConnection.dialect) {
      SQLRenderer.exists(selection.core, dialect: checkedConnection.dialect)
    }
    return try fetchInteger(rendered, table: T.table.name) != 0
  }

  /// The cached statement of `selection`'s rows, with its arguments bound.
  @usableFromInline
  func rowsStatement<T: TableRecord, Value>(of selection: Selection<T, Value>) throws
    -> Statement
  {
    let rendered = selection.cache.sql(.rows, in: checkedConnection.dialect) {
      SQLRenderer.rows(selection.core, dialect: checkedConnection.dialect)
    }
    return try prepared(rendered, table: T.table.name)
  }

  /// The cached statement of `rendered`, with its arguments bound.
  func prepared(_ rendered: RenderedSQL, table: String) throws -> Statement {
    let statement = try checkedConnection.cachedStatement(rendered.sql)
    statement.tableName = table
    do {
      try rendered.bind(to: statement)
    } catch {
      statement.reset()
      throw error
    }
    return statement
  }
}
