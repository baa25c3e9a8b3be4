/// A request for the rows of table `T`: an immutable, `Sendable` value built step by step and
/// run inside a `read` or `write` closure.
///
/// ```swift
/// let page = Book.all()
///   .filter(Book.Columns.genre == .scifi && Book.Columns.price > 5)
///   .order(Book.Columns.published.desc, Book.Columns.title.asc)
///   .limit(20, offset: 40)
///
/// let books = try db.read { try $0.fetchAll(page) }
/// let count = try db.read { try $0.fetchCount(page) }
/// ```
///
/// Each step returns a new query; the original is unchanged, so a base query can be shared
/// between tasks and refined differently by each. A query renders its SQL once (the text is
/// cached in the value) and every connection prepares each text once.
public struct Query<T: TableRecord>: Sendable {
  var core: SelectCore
  /// The SQL of this value, rendered on first use.
  let cache = RenderedSQLCache()

  init(core: SelectCore) {
    self.core = core
  }

  /// Every row of `T`'s table.
  init() {
    let table = T.table
    self.init(
      core: SelectCore(tableName: table.name, selection: .tableColumns(table.columns.map(\.name))))
  }

  private func with(_ change: (inout SelectCore) -> Void) -> Query {
    var core = core
    change(&core)
    return Query(core: core)
  }

  /// Keeps the rows where `condition` holds (and any earlier filter: filters combine with AND).
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.genre == .scifi).filter(Book.Columns.price > 5)
  /// ```
  public func filter(_ condition: SQLExpression<T>) -> Query {
    with { $0.addFilter(condition.node) }
  }

  /// Sorts the rows by `orderings`, replacing any earlier order.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.published.desc, Book.Columns.title.asc)
  /// ```
  public func order(_ orderings: SQLOrdering<T>...) -> Query {
    order(orderings)
  }

  /// Sorts the rows by `orderings`, replacing any earlier order.
  ///
  /// ```swift
  /// let ordering = [Book.Columns.title.asc]
  /// Book.all().order(ordering)
  /// ```
  public func order(_ orderings: [SQLOrdering<T>]) -> Query {
    with { $0.orderings = orderings.map(\.term) }
  }

  /// Keeps at most `limit` rows, after skipping `offset` of them (both bound as parameters, so
  /// every page of a query shares one prepared statement).
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.asc).limit(20, offset: 40)   // the third page of 20
  /// ```
  public func limit(_ limit: Int, offset: Int? = nil) -> Query {
    with {
      $0.limit = limit
      $0.offset = offset
    }
  }

  /// Skips the first `offset` rows, keeping the rest.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.asc).offset(100)
  /// ```
  public func offset(_ offset: Int) -> Query {
    with { $0.offset = offset }
  }

  /// Removes duplicate rows.
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.genre).distinct()
  /// ```
  public func distinct() -> Query {
    with { $0.isDistinct = true }
  }
}

extension TableRecord {
  /// A query for every row of the table, to refine with `filter`, `order`, `limit`…
  ///
  /// ```swift
  /// let books: [Book] = try db.read { try $0.fetchAll(Book.all()) }
  /// ```
  public static func all() -> Query<Self> { Query() }
}
