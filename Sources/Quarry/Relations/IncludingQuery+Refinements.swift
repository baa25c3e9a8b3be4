// Steps on a query that already includes an association: its own rows' conditions, order and
// paging; for a to-one association, conditions and orderings over the included table choose
// and sort the rows; for a to-many one, they choose and sort each row's associated rows.

extension IncludingQuery {
  /// Keeps the rows where `condition` on their own columns holds (filters combine with AND).
  ///
  /// ```swift
  /// Book.all().including(Book.author).filter(Book.Columns.title != "Dune")
  /// ```
  public func filter(_ condition: SQLExpression<T>) -> IncludingQuery {
    with(query.filter(condition))
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: SQLOrdering<T>...) -> IncludingQuery {
    order(orderings)
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: [SQLOrdering<T>]) -> IncludingQuery {
    with(query.order(orderings))
  }

  /// Keeps at most `limit` rows, after skipping `offset` of them.
  public func limit(_ limit: Int, offset: Int? = nil) -> IncludingQuery {
    with(query.limit(limit, offset: offset))
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
    return with(Query(core: core))
  }

  private func refined<Target>(_ joined: JoinedQuery<T, Target>) -> IncludingQuery {
    with(joined.query)
  }

  /// The same inclusion over `query`'s rows.
  private func with(_ query: Query<T>) -> IncludingQuery {
    IncludingQuery(
      query: query, association: association, targetFilter: targetFilter,
      targetOrderings: targetOrderings)
  }
}

extension IncludingQuery {
  /// Loads only the associated rows that match `condition`; every row of `T` is kept, with an
  /// empty array when none of its rows match (conditions combine with AND).
  ///
  /// ```swift
  /// let recent: [(Author, [Book])] = try db.read {
  ///   try $0.fetchAll(
  ///     Author.all().including(Author.books).filter(Book.Columns.year >= 2000)
  ///       .order(Book.Columns.year.desc))
  /// }
  /// ```
  public func filter<Target>(_ condition: SQLExpression<Target>) -> IncludingQuery
  where Association == HasMany<T, Target> {
    filteringTargets(condition.node)
  }

  /// Loads only the linked targets that match `condition`; every row of `T` is kept.
  public func filter<Link, Target>(_ condition: SQLExpression<Target>) -> IncludingQuery
  where Association == HasManyThrough<T, Link, Target> {
    filteringTargets(condition.node)
  }

  /// Sorts each row's associated rows, replacing any earlier order of them.
  public func order<Target>(_ orderings: SQLOrdering<Target>...) -> IncludingQuery
  where Association == HasMany<T, Target> {
    orderingTargets(orderings.map(\.term))
  }

  /// Sorts each row's linked targets, replacing any earlier order of them.
  public func order<Link, Target>(_ orderings: SQLOrdering<Target>...) -> IncludingQuery
  where Association == HasManyThrough<T, Link, Target> {
    orderingTargets(orderings.map(\.term))
  }

  private func filteringTargets(_ condition: SQLNode) -> IncludingQuery {
    var refined = self
    refined.targetFilter = targetFilter.map { .conjunction("AND", $0, condition) } ?? condition
    return refined
  }

  private func orderingTargets(_ orderings: [SelectCore.Ordering]) -> IncludingQuery {
    var refined = self
    refined.targetOrderings = orderings
    return refined
  }
}
