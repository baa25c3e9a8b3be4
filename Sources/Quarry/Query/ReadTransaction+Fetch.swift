extension ReadTransaction {
  /// The value whose primary key is `id`, or nil when there is none.
  ///
  /// ```swift
  /// let robin = try db.read { try $0.fetchOne(Bird.self, id: robinID) }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when the row does not decode.
  public func fetchOne<T: TableRecord>(_ type: T.Type, id: T.PrimaryKey) throws -> T? {
    let connection = checkedConnection
    let statement = try connection.statements(for: T.self).statement(.selectByKey, on: connection)
    // `defer` rather than `withReset`: a generic closure returning `T?` made every call look up
    // the metadata of `Optional<T>`.
    defer { statement.reset() }
    try T.bind(primaryKey: id, to: statement, at: 1)
    guard try statement.step() else { return nil }
    let value = try T(row: Row(statement: statement, number: 1))
    guard T.hasOwnedChildren else { return value }
    statement.reset()
    var values = [value]
    try T.loadOwnedChildren(&values, in: self, everyRow: false)
    return values[0]
  }

  /// The first value matching `condition` in `ordering`, or nil: a shorthand for
  /// `fetchOne(T.all().filter(condition).order(ordering))`.
  ///
  /// ```swift
  /// let longest = try db.read {
  ///   try $0.fetchOne(Bird.self, orderBy: [Bird.Columns.wingspan.desc])
  /// }
  /// ```
  public func fetchOne<T: TableRecord>(
    _ type: T.Type, where condition: SQLExpression<T>? = nil,
    orderBy ordering: [SQLOrdering<T>] = [],
    offset: Int? = nil
  ) throws -> T? {
    try fetchAll(type, where: condition, orderBy: ordering, limit: 1, offset: offset).first
  }

  /// The values matching `condition`, sorted by `ordering`, at most `limit` of them after
  /// skipping `offset`: a shorthand for
  /// `fetchAll(T.all().filter(condition).order(ordering).limit(limit, offset: offset))`.
  ///
  /// ```swift
  /// let robins = try db.read {
  ///   try $0.fetchAll(Bird.self,
  ///                   where: Bird.Columns.name == "Robin" && Bird.Columns.wingspan > 0.2,
  ///                   orderBy: [Bird.Columns.name.asc], limit: 10, offset: 20)
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when a row does not decode.
  /// - Complexity: one prepared statement per distinct query shape, reused on later calls.
  public func fetchAll<T: TableRecord>(
    _ type: T.Type, where condition: SQLExpression<T>? = nil,
    orderBy ordering: [SQLOrdering<T>] = [],
    limit: Int? = nil, offset: Int? = nil
  ) throws -> [T] {
    guard condition != nil || !ordering.isEmpty || limit != nil || offset != nil else {
      let connection = checkedConnection
      let statement = try connection.statements(for: T.self).statement(.selectAll, on: connection)
      var values = try statement.withReset { try T.decodeRows(from: $0) }
      if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: true) }
      return values
    }
    let query = Self.query(
      T.self, where: condition, orderBy: ordering, limit: limit, offset: offset)
    return try fetchRows(T.self, SQLRenderer.rows(query.core, dialect: checkedConnection.dialect))
  }

  /// The number of rows matching `condition`: a shorthand for
  /// `fetchCount(T.all().filter(condition))`.
  ///
  /// ```swift
  /// let songbirds = try db.read { try $0.count(Bird.self, where: Bird.Columns.kind == .songbird) }
  /// ```
  public func count<T: TableRecord>(_ type: T.Type, where condition: SQLExpression<T>? = nil)
    throws -> Int
  {
    guard let condition else {
      let connection = checkedConnection
      let statement = try connection.statements(for: T.self).statement(.count, on: connection)
      return try statement.withReset { statement in
        guard try statement.step() else { return 0 }
        return try Row(statement: statement, number: 1).decode(at: 0)
      }
    }
    return try fetchInteger(
      SQLRenderer.count(T.all().filter(condition).core, dialect: checkedConnection.dialect),
      table: T.table.name)
  }

  /// The query the shorthands stand for.
  static func query<T: TableRecord>(
    _ type: T.Type, where condition: SQLExpression<T>?, orderBy ordering: [SQLOrdering<T>],
    limit: Int?, offset: Int?
  ) -> Query<T> {
    var core = T.all().core
    core.filter = condition?.node
    core.orderings = ordering.map(\.term)
    core.limit = limit
    core.offset = offset
    return Query(core: core)
  }

  /// Values read with your own SQL, whose result columns must be `T.table.columns` in order.
  ///
  /// ```swift
  /// let birds = try db.read {
  ///   try $0.fetchAll(Bird.self, sql: #"SELECT * FROM "birds" WHERE length("name") > ?"#,
  ///                   arguments: [5])
  /// }
  /// ```
  ///
  /// Pass values as `arguments`, never inside `sql`.
  public func fetchAll<T: TableRecord>(
    _ type: T.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> [T] {
    try fetchRecords(T.self, sql: sql, arguments: arguments)
  }

  /// The work of every raw-SQL fetch of table records (`sql:` and `literal:` spellings).
  func fetchRecords<T: TableRecord>(
    _ type: T.Type, sql: String, arguments: [any DatabaseValueConvertible]
  ) throws -> [T] {
    let statement = try checkedConnection.cachedStatement(sql)
    statement.tableName = T.table.name
    var values = try statement.withReset { statement in
      try Self.bind(arguments, to: statement)
      try statement.checkColumns(of: T.self)
      return try T.decodeRows(from: statement)
    }
    if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: false) }
    return values
  }

  /// The first column of the first row of `sql`, or nil when there is no row.
  ///
  /// ```swift
  /// let names = try db.read {
  ///   try $0.fetchValue(Int.self, sql: "SELECT COUNT(DISTINCT \"name\") FROM \"birds\"")
  /// }
  /// ```
  public func fetchValue<V: DatabaseValueConvertible>(
    _ type: V.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> V? {
    let statement = try checkedConnection.cachedStatement(sql)
    statement.tableName = ""
    return try statement.withReset { statement in
      try Self.bind(arguments, to: statement)
      guard try statement.step() else { return nil }
      let value: V = try Row(statement: statement, number: 1).decode(at: 0)
      return value
    }
  }

  static func bind(_ arguments: [any DatabaseValueConvertible], to statement: Statement) throws {
    for (offset, argument) in arguments.enumerated() {
      try statement.bind(argument, at: Int32(offset + 1))
    }
  }
}
