// `group` and `having` of queries and selections. One overload per number of grouping
// expressions (up to four), because each must read the query's own table: parameter packs
// cannot yet require that of each element.

extension Query {
  /// Groups the rows by the values of the given expressions, one result per group.
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.genre, Book.Columns.price.avg).group(Book.Columns.genre)
  /// ```
  public func group<A: SQLExpressible>(_ a: A) -> Query
  where A.Scope == T {
    grouped(by: [a.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible>(_ a: A, _ b: B) -> Query
  where A.Scope == T, B.Scope == T {
    grouped(by: [a.node, b.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible>(_ a: A, _ b: B, _ c: C)
    -> Query
  where A.Scope == T, B.Scope == T, C.Scope == T {
    grouped(by: [a.node, b.node, c.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible>(
    _ a: A, _ b: B, _ c: C, _ d: D
  ) -> Query
  where A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T {
    grouped(by: [a.node, b.node, c.node, d.node])
  }

  /// Keeps the groups where `condition` holds: SQL's `HAVING`, usually over aggregates.
  ///
  /// ```swift
  /// Book.all().group(Book.Columns.genre).having(Book.Columns.id.count > 1)
  /// let prolific = Author.all().having(Author.books.count >= 10)
  /// ```
  ///
  /// On a query without `group`, each row is its own group: the condition keeps rows, as
  /// `WHERE` (an association aggregate such as `Author.books.count` is computed per row), where
  /// SQL's `HAVING` would have made the whole table one group.
  public func having(_ condition: SQLExpression<T>) -> Query {
    var core = core
    if core.groups.isEmpty {
      core.addFilter(condition.node)
    } else {
      core.addHaving(condition.node)
    }
    return Query(core: core)
  }

  private func grouped(by nodes: [SQLNode]) -> Query {
    var core = core
    core.groups = nodes
    return Query(core: core)
  }
}

extension Selection {
  /// Groups the rows by the values of the given expressions, one result per group.
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.genre, Book.Columns.price.avg).group(Book.Columns.genre)
  /// ```
  public func group<A: SQLExpressible>(_ a: A) -> Selection
  where A.Scope == T {
    grouped(by: [a.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible>(_ a: A, _ b: B) -> Selection
  where A.Scope == T, B.Scope == T {
    grouped(by: [a.node, b.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible>(_ a: A, _ b: B, _ c: C)
    -> Selection
  where A.Scope == T, B.Scope == T, C.Scope == T {
    grouped(by: [a.node, b.node, c.node])
  }

  /// Groups the rows by the values of the given expressions, one result per group.
  public func group<A: SQLExpressible, B: SQLExpressible, C: SQLExpressible, D: SQLExpressible>(
    _ a: A, _ b: B, _ c: C, _ d: D
  ) -> Selection
  where A.Scope == T, B.Scope == T, C.Scope == T, D.Scope == T {
    grouped(by: [a.node, b.node, c.node, d.node])
  }

  private func grouped(by nodes: [SQLNode]) -> Selection {
    var core = core
    core.groups = nodes
    return with(core: core)
  }
}

extension SelectCore {
  /// Adds `condition` to HAVING with AND.
  mutating func addHaving(_ condition: SQLNode) {
    having = having.map { .conjunction("AND", $0, condition) } ?? condition
  }
}
