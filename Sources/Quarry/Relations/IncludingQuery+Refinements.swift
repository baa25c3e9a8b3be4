// Steps on a query that already includes an association: its own rows' conditions, order and
// paging, and, for a to-one association, conditions and orderings over the included table.

extension IncludingQuery {
  /// Keeps the rows where `condition` on their own columns holds (filters combine with AND).
  ///
  /// ```swift
  /// Book.all().including(Book.author).filter(Book.Columns.title != "Dune")
  /// ```
  public func filter(_ condition: SQLExpression<T>) -> IncludingQuery {
    IncludingQuery(query: query.filter(condition), association: association)
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: SQLOrdering<T>...) -> IncludingQuery {
    order(orderings)
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: [SQLOrdering<T>]) -> IncludingQuery {
    IncludingQuery(query: query.order(orderings), association: association)
  }

  /// Keeps at most `limit` rows, after skipping `offset` of them.
  public func limit(_ limit: Int, offset: Int? = nil) -> IncludingQuery {
    IncludingQuery(query: query.limit(limit, offset: offset), association: association)
  }

  /// Keeps the rows whose included row matches `condition`.
  ///
  /// ```swift
  /// let pairs: [(Book, Author)] = try db.read {
  ///   try $0.fetchAll(
  ///     Book.all().including(Book.author).filter(Author.Columns.name.like("F%"))
  ///       .order(Author.Columns.name.asc))
  /// }
  /// ```
  public func filter<Target>(_ condition: SQLExpression<Target>) -> IncludingQuery
  where Association == BelongsTo<T, Target> {
    refined(JoinedQuery<T, Target>(query: query, column: association.column).filter(condition))
  }

  /// Keeps the rows whose optional reference points at a row matching `condition` (so not the
  /// rows whose reference is NULL).
  public func filter<Target>(_ condition: SQLExpression<Target>) -> IncludingQuery
  where Association == OptionalBelongsTo<T, Target> {
    refined(JoinedQuery<T, Target>(query: query, column: association.column).filter(condition))
  }

  /// Sorts the rows by their included row's columns, replacing any earlier order.
  public func order<Target>(_ orderings: SQLOrdering<Target>...) -> IncludingQuery
  where Association == BelongsTo<T, Target> {
    refined(JoinedQuery<T, Target>(query: query, column: association.column).order(orderings))
  }

  /// Sorts the rows by their included row's columns (NULL, for a NULL reference, sorts first
  /// ascending), replacing any earlier order.
  public func order<Target>(_ orderings: SQLOrdering<Target>...) -> IncludingQuery
  where Association == OptionalBelongsTo<T, Target> {
    refined(JoinedQuery<T, Target>(query: query, column: association.column).order(orderings))
  }

  /// Adds orderings by the rows' own columns after the current ones, to break their ties.
  ///
  /// ```swift
  /// Book.all().including(Book.author).order(Author.Columns.name.asc)
  ///   .thenOrder(Book.Columns.title.asc)
  /// ```
  public func thenOrder(_ orderings: SQLOrdering<T>...) -> IncludingQuery {
    var core = query.core
    core.orderings += orderings.map(\.term)
    return IncludingQuery(query: Query(core: core), association: association)
  }

  private func refined<Target>(_ joined: JoinedQuery<T, Target>) -> IncludingQuery {
    IncludingQuery(query: joined.query, association: association)
  }
}
