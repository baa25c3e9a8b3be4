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

  /// The first value matching `condition` in `ordering`, or nil.
  ///
  /// ```swift
  /// let longest = try db.read {
  ///   try $0.fetchOne(Bird.self, orderBy: [Bird.Columns.wingspan.desc])
  /// }
  /// ```
  public func fetchOne<T: TableRecord>(
    _ type: T.Type, where condition: SQLExpression? = nil, orderBy ordering: [SQLOrdering] = []
  ) throws -> T? {
    try fetchAll(type, where: condition, orderBy: ordering, limit: 1).first
  }

  /// The values matching `condition`, sorted by `ordering`, at most `limit` of them.
  ///
  /// ```swift
  /// let robins = try db.read {
  ///   try $0.fetchAll(Bird.self,
  ///                   where: Bird.Columns.name == "Robin" && Bird.Columns.wingspan > 0.2,
  ///                   orderBy: [Bird.Columns.name.asc], limit: 10)
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when a row does not decode.
  /// - Complexity: one prepared statement per distinct query shape, reused on later calls.
  public func fetchAll<T: TableRecord>(
    _ type: T.Type, where condition: SQLExpression? = nil, orderBy ordering: [SQLOrdering] = [],
    limit: Int? = nil
  ) throws -> [T] {
    let connection = checkedConnection
    let tableStatements = connection.statements(for: T.self)
    guard condition != nil || !ordering.isEmpty || limit != nil else {
      var values = try collect(T.self, from: tableStatements.statement(.selectAll, on: connection))
      if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: true) }
      return values
    }
    var sql = tableStatements.selectPrefix
    Self.appendClauses(to: &sql, where: condition, orderBy: ordering, limit: limit)
    let statement = try connection.cachedStatement(sql)
    statement.tableName = tableStatements.tableName
    var values = try statement.withReset { statement in
      var next = try condition?.bindArguments(to: statement, from: 1) ?? 1
      if let limit {
        try statement.bind(limit, at: next)
        next += 1
      }
      return try collect(T.self, from: statement)
    }
    if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: false) }
    return values
  }

  /// The number of rows matching `condition`.
  ///
  /// ```swift
  /// let songbirds = try db.read { try $0.count(Bird.self, where: Bird.Columns.kind == .songbird) }
  /// ```
  public func count<T: TableRecord>(_ type: T.Type, where condition: SQLExpression? = nil)
    throws -> Int
  {
    let connection = checkedConnection
    let tableStatements = connection.statements(for: T.self)
    let statement: Statement
    if let condition {
      var sql = tableStatements.countPrefix
      Self.appendClauses(to: &sql, where: condition, orderBy: [], limit: nil)
      statement = try connection.cachedStatement(sql)
    } else {
      statement = try tableStatements.statement(.count, on: connection)
    }
    return try statement.withReset { statement in
      _ = try condition?.bindArguments(to: statement, from: 1)
      guard try statement.step() else { return 0 }
      return try Row(statement: statement, number: 1).decode(at: 0)
    }
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
    let statement = try checkedConnection.cachedStatement(sql)
    statement.tableName = T.table.name
    var values = try statement.withReset { statement in
      try Self.bind(arguments, to: statement)
      return try collect(T.self, from: statement)
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

  /// Reads every remaining row of a bound statement, then resets it.
  private func collect<T: TableRecord>(_ type: T.Type, from statement: Statement) throws -> [T] {
    try statement.withReset { try T.decodeRows(from: $0) }
  }

  static func bind(_ arguments: [any DatabaseValueConvertible], to statement: Statement) throws {
    for (offset, argument) in arguments.enumerated() {
      try statement.bind(argument, at: Int32(offset + 1))
    }
  }

  static func appendClauses(
    to sql: inout String, where condition: SQLExpression?, orderBy ordering: [SQLOrdering],
    limit: Int?
  ) {
    if let condition { sql += " WHERE " + condition.sql }
    if !ordering.isEmpty { sql += " ORDER BY " + ordering.map(\.sql).joined(separator: ", ") }
    if limit != nil { sql += " LIMIT ?" }
  }
}
