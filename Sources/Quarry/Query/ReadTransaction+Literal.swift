extension ReadTransaction {
  // Overloads: a table record decodes through its generated `init(row:)`, checked column by
  // column; a `DatabaseValueConvertible` value reads the first column; any other `Decodable`
  // reads its properties by column name. Types that are two of these get an overload of their
  // own, which Swift prefers as the more specific one, so `String` (a value that is also
  // `Decodable`) and a `Decodable` table record are never ambiguous.

  // MARK: Table records

  /// The rows of your own SQL, decoded as table records: interpolated values are bound.
  ///
  /// ```swift
  /// let zola = try db.read {
  ///   try $0.fetchAll(Author.self, literal: "SELECT * FROM authors WHERE name = \(name)")
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``, or ``RowDecodingError`` when the result's columns are not the
  ///   table's or a row does not decode.
  public func fetchAll<T: TableRecord>(_ type: T.Type, literal: SQLLiteral) throws -> [T] {
    try fetchRecords(T.self, sql: literal.sql, arguments: literal.arguments)
  }

  /// The rows of your own SQL as table records, for a record type that is also `Decodable`:
  /// decoded by the generated `init(row:)`, like any table record.
  public func fetchAll<T: TableRecord & Decodable>(_ type: T.Type, literal: SQLLiteral) throws
    -> [T]
  {
    try fetchRecords(T.self, sql: literal.sql, arguments: literal.arguments)
  }

  /// The first row of your own SQL as a table record, or nil when there is none.
  ///
  /// ```swift
  /// let newest = try db.read {
  ///   try $0.fetchOne(Book.self, literal: "SELECT * FROM books ORDER BY year DESC LIMIT 1")
  /// }
  /// ```
  public func fetchOne<T: TableRecord>(_ type: T.Type, literal: SQLLiteral) throws -> T? {
    try fetchOneRecord(T.self, literal)
  }

  /// The first row of your own SQL as a table record that is also `Decodable`.
  public func fetchOne<T: TableRecord & Decodable>(_ type: T.Type, literal: SQLLiteral) throws
    -> T?
  {
    try fetchOneRecord(T.self, literal)
  }

  private func fetchOneRecord<T: TableRecord>(_ type: T.Type, _ literal: SQLLiteral) throws -> T? {
    let statement = try literalStatement(literal, table: T.table.name)
    defer { statement.reset() }
    try statement.checkColumns(of: T.self)
    guard try statement.step() else { return nil }
    var values = [try T(row: Row(statement: statement, number: 1))]
    statement.reset()
    if T.hasOwnedChildren { try T.loadOwnedChildren(&values, in: self, everyRow: false) }
    return values[0]
  }

  // MARK: Any Decodable

  /// The rows of your own SQL, each decoded as `T` from its columns by name: for result
  /// shapes that are not tables (counts, reports, joins).
  ///
  /// ```swift
  /// struct CountryCount: Decodable { var country: String; var n: Int }
  /// let counts = try db.read {
  ///   try $0.fetchAll(
  ///     CountryCount.self,
  ///     literal: "SELECT country, COUNT(*) AS n FROM authors GROUP BY country ORDER BY country")
  /// }
  /// ```
  ///
  /// Each property reads the column of its coding key (an exact match first, then ignoring
  /// ASCII case): ``DatabaseValueConvertible`` properties as a table column of that type would,
  /// other `Decodable` ones (arrays, nested structs) from JSON text. An optional property reads
  /// NULL as nil, but its column must still be there.
  ///
  /// - Throws: ``RowDecodingError`` naming the column when a property's column is missing, a
  ///   result column is read by no property, or a value does not decode; ``SQLiteError``.
  public func fetchAll<T: Decodable>(_ type: T.Type, literal: SQLLiteral) throws -> [T] {
    let statement = try literalStatement(literal, table: "")
    defer { statement.reset() }
    let columns = RowDecoder.Columns(of: statement)
    var values: [T] = []
    while try statement.step() {
      let row = Row(statement: statement, number: values.count + 1)
      values.append(try RowDecoder.decode(T.self, from: row, columns: columns))
    }
    return values
  }

  /// The first row of your own SQL decoded as `T` by column name, or nil when there is none.
  ///
  /// ```swift
  /// let top = try db.read {
  ///   try $0.fetchOne(CountryCount.self, literal: "SELECT country, COUNT(*) AS n FROM authors "
  ///     + "GROUP BY country ORDER BY n DESC LIMIT 1")
  /// }
  /// ```
  public func fetchOne<T: Decodable>(_ type: T.Type, literal: SQLLiteral) throws -> T? {
    let statement = try literalStatement(literal, table: "")
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return try RowDecoder.decode(
      T.self, from: Row(statement: statement, number: 1), columns: RowDecoder.Columns(of: statement)
    )
  }

  // MARK: Values

  /// The first column of every row of your own SQL, as values.
  ///
  /// ```swift
  /// let names = try db.read { try $0.fetchAll(String.self, literal: "SELECT name FROM authors") }
  /// let nicknames = try db.read {
  ///   try $0.fetchAll(String?.self, literal: "SELECT nickname FROM authors")   // NULL is nil
  /// }
  /// ```
  ///
  /// - Throws: ``RowDecodingError`` when a value does not decode (NULL into a non-optional);
  ///   ``SQLiteError``.
  public func fetchAll<V: DatabaseValueConvertible>(_ type: V.Type, literal: SQLLiteral) throws
    -> [V]
  {
    try fetchValues(V.self, literal)
  }

  /// The first column of every row, for value types that are also `Decodable` (`String`,
  /// `Int`, `Date`…): read as values, not by column name.
  public func fetchAll<V: DatabaseValueConvertible & Decodable>(
    _ type: V.Type, literal: SQLLiteral
  ) throws -> [V] {
    try fetchValues(V.self, literal)
  }

  /// The first column of the first row, or nil when there is no row.
  public func fetchOne<V: DatabaseValueConvertible>(_ type: V.Type, literal: SQLLiteral) throws
    -> V?
  {
    try fetchValue(V.self, literal: literal)
  }

  /// The first column of the first row, for value types that are also `Decodable`.
  public func fetchOne<V: DatabaseValueConvertible & Decodable>(
    _ type: V.Type, literal: SQLLiteral
  ) throws -> V? {
    try fetchValue(V.self, literal: literal)
  }

  /// The first column of the first row of your own SQL, or nil when there is no row.
  ///
  /// ```swift
  /// let longest = try db.read {
  ///   try $0.fetchValue(String.self, literal: "SELECT name FROM authors ORDER BY length(name) DESC")
  /// }
  /// ```
  ///
  /// A NULL in a row that exists is an error for a non-optional `V`; ask for `V?` and read
  /// `V??` to tell it from "no row".
  public func fetchValue<V: DatabaseValueConvertible>(_ type: V.Type, literal: SQLLiteral) throws
    -> V?
  {
    try fetchValue(V.self, sql: literal.sql, arguments: literal.arguments)
  }

  // MARK: sql: + arguments: spellings

  /// The first column of every row of `sql`, with `arguments` bound to its `?` parameters.
  ///
  /// ```swift
  /// let names = try db.read {
  ///   try $0.fetchAll(String.self, sql: "SELECT name FROM authors WHERE country = ?",
  ///                   arguments: ["FR"])
  /// }
  /// ```
  public func fetchAll<V: DatabaseValueConvertible>(
    _ type: V.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> [V] {
    try fetchValues(V.self, SQLLiteral(sql: sql, arguments: arguments))
  }

  /// The first column of every row of `sql`, for value types that are also `Decodable`.
  public func fetchAll<V: DatabaseValueConvertible & Decodable>(
    _ type: V.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> [V] {
    try fetchValues(V.self, SQLLiteral(sql: sql, arguments: arguments))
  }

  /// The rows of `sql` decoded as `T` by column name, with `arguments` bound.
  ///
  /// ```swift
  /// let counts = try db.read {
  ///   try $0.fetchAll(CountryCount.self,
  ///                   sql: "SELECT country, COUNT(*) AS n FROM authors GROUP BY country")
  /// }
  /// ```
  public func fetchAll<T: Decodable>(
    _ type: T.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> [T] {
    try fetchAll(T.self, literal: SQLLiteral(sql: sql, arguments: arguments))
  }

  /// The rows of `sql` as table records, for a record type that is also `Decodable`.
  public func fetchAll<T: TableRecord & Decodable>(
    _ type: T.Type, sql: String, arguments: [any DatabaseValueConvertible] = []
  ) throws -> [T] {
    try fetchRecords(T.self, sql: sql, arguments: arguments)
  }

  // MARK: Helpers

  private func fetchValues<V: DatabaseValueConvertible>(_ type: V.Type, _ literal: SQLLiteral)
    throws -> [V]
  {
    let statement = try literalStatement(literal, table: "")
    defer { statement.reset() }
    var values: [V] = []
    while try statement.step() {
      values.append(try Row(statement: statement, number: values.count + 1).decode(at: 0))
    }
    return values
  }

  /// The cached statement of `literal`, its arguments bound.
  func literalStatement(_ literal: SQLLiteral, table: String) throws -> Statement {
    let statement = try checkedConnection.cachedStatement(literal.sql)
    statement.tableName = table
    do {
      try Self.bind(literal.arguments, to: statement)
    } catch {
      statement.reset()
      throw error
    }
    return statement
  }
}
