// Aggregates over an association, computed per owner row by a correlated subquery:
// `Author.books.count` is `(SELECT COUNT(*) FROM "books" WHERE "books"."authorID" =
// "authors"."id")`, usable wherever an expression over `Author` is (`annotated(with:)`,
// `having`, `filter`, `order`).

extension HasMany {
  /// The number of associated rows of each owner (0 when it has none).
  ///
  /// ```swift
  /// let counts: [(Author, Int)] = try db.read {
  ///   try $0.fetchAll(Author.all().annotated(with: Author.books.count))
  /// }
  /// let prolific: [Author] = try db.read {
  ///   try $0.fetchAll(Author.all().having(Author.books.count >= 10))
  /// }
  /// ```
  public var count: ValueExpression<Owner, Int> {
    // A table that refers to itself (`Employee.reports`) is aliased inside the subquery.
    let inner =
      Target.table.name == Owner.table.name ? Target.table.name + "_counted" : Target.table.name
    var core = SelectCore(
      tableName: Target.table.name, selection: .expressions([.keyword("COUNT(*)")]))
    if inner != Target.table.name { core.alias = inner }
    core.filter = .binary(
      .column(table: inner, name: column), "=",
      .outerColumn(table: Owner.table.name, name: Owner.table.keyColumnName))
    return ValueExpression(node: .subquery(core))
  }
}

extension HasManyThrough {
  /// The number of linked targets of each owner (0 when it has none): the link rows.
  ///
  /// ```swift
  /// let tagCounts = Book.all().annotated(with: Book.tags.count)
  /// ```
  public var count: ValueExpression<Owner, Int> {
    let link = Link.table.name
    let inner = link == Owner.table.name ? link + "_counted" : link
    var core = SelectCore(tableName: link, selection: .expressions([.keyword("COUNT(*)")]))
    if inner != link { core.alias = inner }
    core.filter = .binary(
      .column(table: inner, name: ownerColumn), "=",
      .outerColumn(table: Owner.table.name, name: Owner.table.keyColumnName))
    return ValueExpression(node: .subquery(core))
  }
}

extension Query {
  /// Each row with the value of `annotation` for it, such as an association's count.
  ///
  /// ```swift
  /// let counts: [(Author, Int)] = try db.read {
  ///   try $0.fetchAll(Author.all().annotated(with: Author.books.count))
  /// }
  /// let busiest = Author.all().annotated(with: Author.books.count)
  ///   .order(Author.books.count.desc).limit(3)
  /// ```
  ///
  /// One statement: `SELECT "id", "name", (SELECT COUNT(*) FROM "books" WHERE …) FROM
  /// "authors"`. The owned children of the rows are loaded as by `fetchAll` of the query: one
  /// more query per child table for all rows.
  public func annotated<A: SQLExpressible>(with annotation: A) -> Selection<T, (T, A.Value)>
  where A.Scope == T {
    let position = Int32(T.table.columns.count)
    let decoder = annotation.expression.decoder
    return annotatedSelection([annotation.node], row: { $0.0 }, setRow: { $0.0 = $1 }) { row in
      (try T(row: row), try decoder(row, position))
    }
  }

  /// Each row with the values of two annotations.
  ///
  /// ```swift
  /// let rows: [(Author, Int, Int)] = try db.read {
  ///   try $0.fetchAll(Author.all().annotated(with: Author.books.count, Author.edited.count))
  /// }
  /// ```
  public func annotated<A: SQLExpressible, B: SQLExpressible>(with a: A, _ b: B)
    -> Selection<T, (T, A.Value, B.Value)>
  where A.Scope == T, B.Scope == T {
    let position = Int32(T.table.columns.count)
    let aDecoder = a.expression.decoder
    let bDecoder = b.expression.decoder
    return annotatedSelection([a.node, b.node], row: { $0.0 }, setRow: { $0.0 = $1 }) { row in
      (try T(row: row), try aDecoder(row, position), try bDecoder(row, position + 1))
    }
  }

  /// The selection of the table's columns then `annotations`; `row` and `setRow` reach the
  /// record in each result, whose owned children are loaded for all results at once.
  private func annotatedSelection<Value>(
    _ annotations: [SQLNode], row: @escaping @Sendable (Value) -> T,
    setRow: @escaping @Sendable (inout Value, T) -> Void,
    decoder: @escaping @Sendable (Row) throws -> Value
  ) -> Selection<T, Value> {
    var core = core
    let columns = T.table.columns.map { SQLNode.column(table: T.table.name, name: $0.name) }
    core.selection = .expressions(columns + annotations)
    guard T.hasOwnedChildren else { return Selection(core: core, decoder: decoder) }
    return Selection(core: core, decoder: decoder) { results, db in
      var rows = results.map(row)
      try T.loadOwnedChildren(&rows, in: db, everyRow: false)
      for index in results.indices { setRow(&results[index], rows[index]) }
    }
  }
}
