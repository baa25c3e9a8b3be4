/// A query whose rows come with the values of several associations: what a second `including`
/// returns. `fetchAll` gives flat tuples, `Row`, in the order the associations were included.
///
/// ```swift
/// let rows: [(Book, Author, Author?)] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.author).including(Book.editor))
/// }
/// ```
///
/// Each association is still one query for the whole result (never one per row): three
/// statements here, however many books.
///
/// `Row` is the whole tuple, `(Book, Author, Author?)`, rather than a parameter pack of the
/// included values: Swift 6.3's type checker cannot infer a pack that grows by one at each
/// call of a chain, so with a pack a chain of three `including` written inline in `fetchAll`,
/// and any chain of four, failed to compile ("pack expansion requires that … have the same
/// shape"). A plain tuple parameter is inferred from the call before it.
public struct ChainedIncludingQuery<T: TableRecord, Row>: Sendable {
  var query: Query<T>
  /// The inclusions, `(repeat Inclusion<T, each Included>)` for `Row == (T, repeat each
  /// Included)`, which the next `including` extends.
  let inclusions: any Sendable
  /// Loads every association for `owners` and builds their rows.
  let rows: @Sendable (_ owners: [T], _ db: ReadTransaction) throws -> [Row]

  /// Also loads each row's `association` value, as the next element of the tuples.
  ///
  /// ```swift
  /// Book.all().including(Book.author).including(Book.editor).including(Book.cover)
  /// ```
  public func including<each Included, Association: IncludableAssociation>(
    _ association: Association
  ) -> ChainedIncludingQuery<T, (T, repeat each Included, Association.Included)>
  where Association.Owner == T, Row == (T, repeat each Included) {
    guard let previous = inclusions as? (repeat Inclusion<T, each Included>) else {
      preconditionFailure("the inclusions of \(Self.self) are not those of its rows")
    }
    let next = Inclusion(
      association,
      refinement: IncludingRefinement(
        targetFilter: nil, targetOrderings: [], ownersAreEveryRow: query.core.readsEveryRow))
    return chainedIncluding(query, repeat each previous, next)
  }

  /// Keeps the rows where `condition` on their own columns holds (filters combine with AND).
  public func filter(_ condition: SQLExpression<T>) -> ChainedIncludingQuery {
    with(query.filter(condition))
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: SQLOrdering<T>...) -> ChainedIncludingQuery {
    with(query.order(orderings))
  }

  /// Keeps at most `limit` rows, after skipping `offset` of them.
  public func limit(_ limit: Int, offset: Int? = nil) -> ChainedIncludingQuery {
    with(query.limit(limit, offset: offset))
  }

  private func with(_ query: Query<T>) -> ChainedIncludingQuery {
    var refined = self
    refined.query = query
    return refined
  }
}

/// The chained query of `query` with `inclusions`, whose rows are `(T, repeat each Included)`.
func chainedIncluding<T: TableRecord, each Included>(
  _ query: Query<T>, _ inclusions: repeat Inclusion<T, each Included>
) -> ChainedIncludingQuery<T, (T, repeat each Included)> {
  let all = (repeat each inclusions)
  return ChainedIncludingQuery(query: query, inclusions: all) { owners, db in
    let columns = (repeat try (each all).load(owners, db))
    var rows: [(T, repeat each Included)] = []
    rows.reserveCapacity(owners.count)
    for index in owners.indices {
      rows.append((owners[index], repeat element(each columns, at: index)))
    }
    return rows
  }
}

extension IncludingQuery where Association: IncludableAssociation, Association.Owner == T {
  /// Also loads each row's `next` value: the rows come as flat tuples, in order.
  ///
  /// ```swift
  /// let rows: [(Book, Author, Author?)] = try db.read {
  ///   try $0.fetchAll(Book.all().including(Book.author).including(Book.editor))
  /// }
  /// ```
  public func including<Next: IncludableAssociation>(_ next: Next)
    -> ChainedIncludingQuery<T, (T, Association.Included, Next.Included)>
  where Next.Owner == T {
    let first = Inclusion(association, refinement: refinement)
    let second = Inclusion(
      next,
      refinement: IncludingRefinement(
        targetFilter: nil, targetOrderings: [], ownersAreEveryRow: query.core.readsEveryRow))
    return chainedIncluding(query, first, second)
  }
}

extension ReadTransaction {
  /// The rows of the query, each with the value of every included association, as flat
  /// tuples; one query for the rows and one per association.
  ///
  /// ```swift
  /// let rows: [(Book, Author, Author?)] = try db.read {
  ///   try $0.fetchAll(Book.all().including(Book.author).including(Book.editor))
  /// }
  /// ```
  public func fetchAll<T, Row>(_ query: ChainedIncludingQuery<T, Row>) throws -> [Row] {
    try query.rows(try fetchAll(query.query), self)
  }
}
