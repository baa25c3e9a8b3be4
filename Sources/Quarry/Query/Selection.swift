/// A query that returns chosen columns or aggregates of table `T` instead of whole rows: one
/// column gives `[Value]`, several give tuples.
///
/// ```swift
/// let titles: [String] = try db.read {
///   try $0.fetchAll(Book.all().order(Book.Columns.title.asc).select(Book.Columns.title))
/// }
/// let perGenre: [(Genre, Int)] = try db.read {
///   try $0.fetchAll(
///     Book.all().select(Book.Columns.genre, Book.Columns.id.count)
///       .group(Book.Columns.genre).having(Book.Columns.id.count > 1))
/// }
/// ```
///
/// Like ``Query``, an immutable `Sendable` value whose SQL is rendered once. A selected column
/// decodes as in a whole row (an enum from its raw value, a JSON column from its text).
public struct Selection<T: TableRecord, Value>: Sendable {
  var core: SelectCore
  /// Reads one result row as `Value`.
  @usableFromInline let decoder: @Sendable (Row) throws -> Value
  /// Completes the decoded results, with one query per child table for all of them: the owned
  /// children of `annotated(with:)` rows. Nil for every other selection.
  @usableFromInline let completion: (@Sendable (inout [Value], ReadTransaction) throws -> Void)?
  let cache = RenderedSQLCache()

  init(
    core: SelectCore, decoder: @escaping @Sendable (Row) throws -> Value,
    completion: (@Sendable (inout [Value], ReadTransaction) throws -> Void)? = nil
  ) {
    self.core = core
    self.decoder = decoder
    self.completion = completion
  }

  /// The same selection over another `core` (a new value: the rendered SQL is cached per core).
  func with(core: SelectCore) -> Selection {
    Selection(core: core, decoder: decoder, completion: completion)
  }

  private func with(_ change: (inout SelectCore) -> Void) -> Selection {
    var core = core
    change(&core)
    return with(core: core)
  }

  /// Keeps the rows where `condition` holds (combined with earlier filters by AND).
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.title).filter(Book.Columns.price > 5)
  /// ```
  public func filter(_ condition: SQLExpression<T>) -> Selection {
    with { $0.addFilter(condition.node) }
  }

  /// Sorts the results by `orderings`, replacing any earlier order.
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.genre, Book.Columns.id.count)
  ///   .group(Book.Columns.genre).order(Book.Columns.id.count.desc)
  /// ```
  public func order(_ orderings: SQLOrdering<T>...) -> Selection {
    order(orderings)
  }

  /// Sorts the results by `orderings`, replacing any earlier order.
  public func order(_ orderings: [SQLOrdering<T>]) -> Selection {
    with { $0.orderings = orderings.map(\.term) }
  }

  /// Keeps at most `limit` results after skipping `offset` (both bound as parameters).
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.asc).select(Book.Columns.title).limit(10, offset: 20)
  /// ```
  public func limit(_ limit: Int, offset: Int? = nil) -> Selection {
    with {
      $0.limit = limit
      $0.offset = offset
    }
  }

  /// Skips the first `offset` results.
  public func offset(_ offset: Int) -> Selection {
    with { $0.offset = offset }
  }

  /// Removes duplicate results: `SELECT DISTINCT`.
  ///
  /// ```swift
  /// let genres: [Genre] = try db.read {
  ///   try $0.fetchAll(Book.all().select(Book.Columns.genre).distinct())
  /// }
  /// ```
  public func distinct() -> Selection {
    with { $0.isDistinct = true }
  }

  /// Keeps the groups where `condition` holds: SQL's `HAVING`, usually over aggregates.
  ///
  /// ```swift
  /// .group(Book.Columns.genre).having(Book.Columns.id.count > 1)
  /// ```
  public func having(_ condition: SQLExpression<T>) -> Selection {
    with { $0.having = $0.having.map { .conjunction("AND", $0, condition.node) } ?? condition.node }
  }
}
