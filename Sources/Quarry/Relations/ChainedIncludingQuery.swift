/// A query whose rows come with the values of several associations: what a second `including`
/// returns. `fetchAll` gives flat tuples, in the order the associations were included.
///
/// ```swift
/// let rows: [(Book, Author, Author?)] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.author).including(Book.editor))
/// }
/// ```
///
/// Each association is still one query for the whole result (never one per row): three
/// statements here, however many books.
public struct ChainedIncludingQuery<T: TableRecord, each Included>: Sendable {
  var query: Query<T>
  let inclusions: (repeat Inclusion<T, each Included>)

  init(query: Query<T>, inclusions: (repeat Inclusion<T, each Included>)) {
    self.query = query
    self.inclusions = inclusions
  }

  /// Also loads each row's `association` value, as the next element of the tuples.
  ///
  /// ```swift
  /// Book.all().including(Book.author).including(Book.editor).including(Book.cover)
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> ChainedIncludingQuery<T, repeat each Included, Association.Included>
  where Association.Owner == T {
    let next = Inclusion(
      association,
      refinement: IncludingRefinement(
        targetFilter: nil, targetOrderings: [], ownersAreEveryRow: query.core.readsEveryRow))
    return ChainedIncludingQuery<T, repeat each Included, Association.Included>(
      query: query, inclusions: (repeat each inclusions, next))
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

  // A copy, not `ChainedIncludingQuery(query:inclusions:)`: passing the pack tuple on crashed
  // Swift 6.3's SIL generation.
  private func with(_ query: Query<T>) -> ChainedIncludingQuery {
    var refined = self
    refined.query = query
    return refined
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
    -> ChainedIncludingQuery<T, Association.Included, Next.Included>
  where Next.Owner == T {
    let first = Inclusion(association, refinement: refinement)
    let second = Inclusion(
      next,
      refinement: IncludingRefinement(
        targetFilter: nil, targetOrderings: [], ownersAreEveryRow: query.core.readsEveryRow))
    return ChainedIncludingQuery(query: query, inclusions: (first, second))
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
  public func fetchAll<T, each Included>(_ query: ChainedIncludingQuery<T, repeat each Included>)
    throws -> [(T, repeat each Included)]
  {
    let owners = try fetchAll(query.query)
    let columns = (repeat try (each query.inclusions).load(owners, self))
    var rows: [(T, repeat each Included)] = []
    rows.reserveCapacity(owners.count)
    for index in owners.indices {
      rows.append((owners[index], repeat element(each columns, at: index)))
    }
    return rows
  }
}
