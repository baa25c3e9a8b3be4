/// A query of `T` rows joined to the row each one refers to, through a to-one association:
/// what `joining(Book.author)` returns.
///
/// Conditions and orderings over the joined table's columns compile here, and only on a query
/// that joined that table; `Book.all().order(Author.Columns.name.asc)` does not compile.
///
/// ```swift
/// let byAuthor: [Book] = try db.read {
///   try $0.fetchAll(
///     Book.all().joining(Book.author)
///       .filter(Author.Columns.name != "Anonymous")
///       .order(Author.Columns.name.asc).thenOrder(Book.Columns.title.asc))
/// }
/// ```
///
/// Where a table refers to itself (`Employee.manager`), the columns are the same type, and a
/// condition or ordering reads the query's own rows; write a condition on the referenced row
/// in `joining(_:where:)`.
///
/// The joined row is read, not returned: add `including` to load it too. Every other step of
/// ``Query`` (`select`, `group`, `updateAll`, `observe`, …) takes ``query``, and the
/// `joining` overloads that return a plain `Query` still serve code that expects one.
///
/// A condition on the joined table runs as `"authorID" IN (SELECT "id" FROM "authors" WHERE …)`
/// and an ordering as the correlated subquery `(SELECT "name" FROM "authors" WHERE "id" =
/// "books"."authorID")`, so each `T` row comes back once and the statement stays a statement
/// over `T`'s table.
public struct JoinedQuery<T: TableRecord, Joined: TableRecord>: Sendable {
  /// The rows of `T` whose reference exists and matches every condition on `Joined`, in the
  /// order asked for.
  public let query: Query<T>
  /// The referencing column of `T`'s table.
  let column: String

  init(query: Query<T>, column: String) {
    self.query = query
    self.column = column
  }

  private func with(_ change: (inout SelectCore) -> Void) -> JoinedQuery {
    var core = query.core
    change(&core)
    return JoinedQuery(query: Query(core: core), column: column)
  }

  /// Keeps the rows where `condition` on their own columns holds (filters combine with AND).
  public func filter(_ condition: SQLExpression<T>) -> JoinedQuery {
    with { $0.addFilter(condition.node) }
  }

  /// Keeps the rows whose joined row matches `condition`.
  ///
  /// ```swift
  /// Book.all().joining(Book.author).filter(Author.Columns.name == "Frank Herbert")
  /// ```
  @_disfavoredOverload
  public func filter(_ condition: SQLExpression<Joined>) -> JoinedQuery {
    with {
      $0.addFilter(Query<T>.semijoin(T.self, column: column, Joined.self, condition))
    }
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: SQLOrdering<T>...) -> JoinedQuery {
    order(orderings)
  }

  /// Sorts the rows by their own columns, replacing any earlier order.
  public func order(_ orderings: [SQLOrdering<T>]) -> JoinedQuery {
    with { $0.orderings = orderings.map(\.term) }
  }

  /// Sorts the rows by their joined row's columns, replacing any earlier order.
  ///
  /// ```swift
  /// Book.all().joining(Book.author).order(Author.Columns.name.asc)
  /// ```
  @_disfavoredOverload
  public func order(_ orderings: SQLOrdering<Joined>...) -> JoinedQuery {
    order(orderings)
  }

  /// Sorts the rows by their joined row's columns, replacing any earlier order.
  @_disfavoredOverload
  public func order(_ orderings: [SQLOrdering<Joined>]) -> JoinedQuery {
    with { core in core.orderings = orderings.map { throughReference($0.term) } }
  }

  /// Adds orderings by the rows' own columns after the current ones, to break their ties.
  ///
  /// ```swift
  /// Book.all().joining(Book.author).order(Author.Columns.name.asc)
  ///   .thenOrder(Book.Columns.title.asc)
  /// ```
  public func thenOrder(_ orderings: SQLOrdering<T>...) -> JoinedQuery {
    with { $0.orderings += orderings.map(\.term) }
  }

  /// Adds orderings by the joined row's columns after the current ones.
  @_disfavoredOverload
  public func thenOrder(_ orderings: SQLOrdering<Joined>...) -> JoinedQuery {
    with { core in core.orderings += orderings.map { throughReference($0.term) } }
  }

  /// Keeps at most `limit` rows, after skipping `offset` of them.
  public func limit(_ limit: Int, offset: Int? = nil) -> JoinedQuery {
    JoinedQuery(query: query.limit(limit, offset: offset), column: column)
  }

  /// Skips the first `offset` rows, keeping the rest.
  public func offset(_ offset: Int) -> JoinedQuery {
    JoinedQuery(query: query.offset(offset), column: column)
  }

  /// The ordering of a `Joined` expression as an ordering of `T` rows: the expression read
  /// from the row `column` refers to, NULL when there is none.
  private func throughReference(_ term: SelectCore.Ordering) -> SelectCore.Ordering {
    var term = term
    term.node = Self.throughReference(term.node, column: column)
    return term
  }

  /// `(SELECT <node> FROM "joined" WHERE "joined"."id" = "t"."column")`; over the same table
  /// (a reference to its own table), the inner table is aliased and `node` re-pointed to it.
  static func throughReference(_ node: SQLNode, column: String) -> SQLNode {
    let joined = Joined.table.name
    let inner = joined == T.table.name ? joined + "_joined" : joined
    var core = SelectCore(
      tableName: joined, selection: .expressions([node.replacingTable(joined, with: inner)]))
    if inner != joined { core.alias = inner }
    core.filter = .binary(
      .column(table: inner, name: Joined.table.keyColumnName), "=",
      .column(table: T.table.name, name: column))
    return .subquery(core)
  }
}

extension JoinedQuery {
  /// Also keeps only the rows whose `association` row exists and matches `condition`.
  public func joining<Target>(
    _ association: BelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery {
    JoinedQuery(query: query.joining(association, where: condition), column: column)
  }

  /// Also keeps only the rows whose optional `association` row exists and matches `condition`.
  public func joining<Target>(
    _ association: OptionalBelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery {
    JoinedQuery(query: query.joining(association, where: condition), column: column)
  }

  /// Also keeps only the rows with at least one `association` row matching `condition`.
  public func joining<Target>(
    _ association: HasMany<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery {
    JoinedQuery(query: query.joining(association, where: condition), column: column)
  }

  /// Also keeps only the rows linked to at least one target matching `condition`.
  public func joining<Link, Target>(
    _ association: HasManyThrough<T, Link, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery {
    JoinedQuery(query: query.joining(association, where: condition), column: column)
  }

  /// Loads each row's associated value too, with one more query for the whole result.
  ///
  /// ```swift
  /// let pairs: [(Book, Author)] = try db.read {
  ///   try $0.fetchAll(
  ///     Book.all().joining(Book.author).order(Author.Columns.name.asc).including(Book.author))
  /// }
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingQuery<T, Association> where Association.Owner == T
  {
    query.including(association)
  }
}

extension ReadTransaction {
  /// The rows of a joined query.
  ///
  /// ```swift
  /// let books: [Book] = try db.read {
  ///   try $0.fetchAll(Book.all().joining(Book.author).order(Author.Columns.name.asc))
  /// }
  /// ```
  public func fetchAll<T, Joined>(_ query: JoinedQuery<T, Joined>) throws -> [T] {
    try fetchAll(query.query)
  }

  /// The first row of a joined query, or nil when it has none.
  public func fetchOne<T, Joined>(_ query: JoinedQuery<T, Joined>) throws -> T? {
    try fetchOne(query.query)
  }

  /// The number of rows of a joined query.
  public func fetchCount<T, Joined>(_ query: JoinedQuery<T, Joined>) throws -> Int {
    try fetchCount(query.query)
  }

  /// Whether a joined query has at least one row.
  public func exists<T, Joined>(_ query: JoinedQuery<T, Joined>) throws -> Bool {
    try exists(query.query)
  }
}

extension SQLNode {
  /// The same expression with the columns of `table` read from `other` instead (nested
  /// subqueries keep their own tables).
  func replacingTable(_ table: String, with other: String) -> SQLNode {
    guard table != other else { return self }
    func replaced(_ node: SQLNode) -> SQLNode { node.replacingTable(table, with: other) }
    switch self {
    case .column(let owner, let name):
      return owner == table ? .column(table: other, name: name) : self
    case .value, .keyword, .exists, .subquery, .outerColumn:
      return self
    case .prefix(let word, let operand):
      return .prefix(word, replaced(operand))
    case .postfix(let operand, let word):
      return .postfix(replaced(operand), word)
    case .binary(let lhs, let word, let rhs):
      return .binary(replaced(lhs), word, replaced(rhs))
    case .conjunction(let word, let terms):
      return .conjunction(word, terms.map(replaced))
    case .function(let name, let arguments, let distinct):
      return .function(name, arguments.map(replaced), distinct: distinct)
    case .inList(let operand, let values):
      return .inList(replaced(operand), values.map(replaced))
    case .inSubquery(let operand, let core):
      return .inSubquery(replaced(operand), core)
    case .collate(let operand, let collation):
      return .collate(replaced(operand), collation)
    case .fullTextMatch(let owner, let indexed, let columns, let pattern):
      return owner == table
        ? .fullTextMatch(table: other, indexed: indexed, columns: columns, pattern: pattern) : self

    case .jsonPath(let operand, let keys, let kind):
      return .jsonPath(replaced(operand), keys: keys, kind: kind)
    }
  }
}
