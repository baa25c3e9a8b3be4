extension Query {
  /// Keeps the rows whose referenced row exists and matches `condition` (any, when nil); the
  /// result also takes conditions and orderings over the joined table's columns.
  ///
  /// ```swift
  /// let herbert: [Book] = try db.read {
  ///   try $0.fetchAll(
  ///     Book.all().joining(Book.author, where: Author.Columns.name == "Frank Herbert")
  ///       .order(Book.Columns.title.asc))
  /// }
  /// let byAuthor = Book.all().joining(Book.author).order(Author.Columns.name.asc)
  /// ```
  ///
  /// The condition is typed by the joined table: `Author.Columns` compile here, and only
  /// here. Runs as `"authorID" IN (SELECT "authors"."id" FROM "authors" WHERE …)`, so a row
  /// comes back once however many joined rows match.
  public func joining<Target>(
    _ association: BelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery<T, Target> {
    JoinedQuery(query: joining(association, where: condition), column: association.column)
  }

  /// Keeps the rows whose optional reference points at a row matching `condition`; the result
  /// also takes conditions and orderings over the joined table's columns.
  public func joining<Target>(
    _ association: OptionalBelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> JoinedQuery<T, Target> {
    JoinedQuery(query: joining(association, where: condition), column: association.column)
  }

  /// The same rows as the `JoinedQuery` overload, as a plain query: chosen where a `Query` is
  /// what the code asks for (`let q: Query<Book> = Book.all().joining(Book.author)`).
  @_disfavoredOverload
  public func joining<Target>(
    _ association: BelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> Query {
    filter(SQLExpression(Self.semijoin(T.self, column: association.column, Target.self, condition)))
  }

  /// The same rows as the `JoinedQuery` overload, as a plain query.
  @_disfavoredOverload
  public func joining<Target>(
    _ association: OptionalBelongsTo<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> Query {
    filter(SQLExpression(Self.semijoin(T.self, column: association.column, Target.self, condition)))
  }

  /// Keeps the rows that have at least one associated row matching `condition`.
  ///
  /// ```swift
  /// let prolific = Author.all().joining(Author.books, where: Book.Columns.pages > 500)
  /// ```
  public func joining<Target>(
    _ association: HasMany<T, Target>, where condition: SQLExpression<Target>? = nil
  ) -> Query {
    var inner = SelectCore(
      tableName: Target.table.name,
      selection: .expressions([.column(table: Target.table.name, name: association.column)]))
    inner.filter = condition?.node
    return filter(SQLExpression(.inSubquery(Self.keyNode(T.self), inner)))
  }

  /// Keeps the rows linked to at least one target matching `condition`.
  ///
  /// ```swift
  /// let classics = Book.all().joining(Book.tags, where: Tag.Columns.name == "classic")
  /// ```
  public func joining<Link, Target>(
    _ association: HasManyThrough<T, Link, Target>, where condition: SQLExpression<Target>? = nil
  ) -> Query {
    var targets = SelectCore(
      tableName: Target.table.name, selection: .expressions([Self.keyNode(Target.self)]))
    targets.filter = condition?.node
    var links = SelectCore(
      tableName: Link.table.name,
      selection: .expressions([.column(table: Link.table.name, name: association.ownerColumn)]))
    links.filter = .inSubquery(
      .column(table: Link.table.name, name: association.targetColumn), targets)
    return filter(SQLExpression(.inSubquery(Self.keyNode(T.self), links)))
  }

  /// Loads each row's associated value too, with one more query for the whole result: the
  /// referenced row of a to-one association (optional when the reference or the row may be
  /// missing), the rows of a to-many one, or tuples of them when the association includes
  /// others (`Author.books.including(Book.reviews)`).
  ///
  /// ```swift
  /// let pairs: [(Book, Author)] = try db.read { try $0.fetchAll(Book.all().including(Book.author)) }
  /// let shelves: [(Author, [Book])] = try db.read {
  ///   try $0.fetchAll(Author.all().including(Author.books))
  /// }
  /// ```
  public func including<Association: IncludableAssociation>(_ association: Association)
    -> IncludingQuery<T, Association> where Association.Owner == T
  {
    IncludingQuery(query: self, association: association)
  }

  /// `<column> IN (SELECT <Target key> FROM <Target> WHERE condition)`.
  static func semijoin<Target: TableRecord>(
    _ owner: T.Type, column: String, _ target: Target.Type, _ condition: SQLExpression<Target>?
  ) -> SQLNode {
    var inner = SelectCore(
      tableName: Target.table.name, selection: .expressions([keyNode(Target.self)]))
    inner.filter = condition?.node
    return .inSubquery(.column(table: T.table.name, name: column), inner)
  }

  /// The single-column primary key of `table` as a node.
  static func keyNode<Table: TableRecord>(_ table: Table.Type) -> SQLNode {
    .column(table: Table.table.name, name: Table.table.keyColumnName)
  }
}

/// A query whose rows come with their associated rows: what `including` returns, for
/// `fetchAll`.
///
/// ```swift
/// let withAuthor: [(Book, Author)] = try db.read {
///   try $0.fetchAll(Book.all().including(Book.author))
/// }
/// ```
public struct IncludingQuery<T: TableRecord, Association: Sendable>: Sendable {
  let query: Query<T>
  let association: Association
  /// For a to-many association: the condition the associated rows must meet.
  var targetFilter: SQLNode? = nil
  /// For a to-many association: the order of each row's associated rows.
  var targetOrderings: [SelectCore.Ordering] = []

  /// The refinement the associated rows' query takes.
  var refinement: IncludingRefinement {
    IncludingRefinement(
      targetFilter: targetFilter, targetOrderings: targetOrderings,
      ownersAreEveryRow: query.core.readsEveryRow)
  }
}

extension TableDefinition {
  /// The name of the single primary key column (associations need one).
  var keyColumnName: String {
    let positions = primaryKeyPositions
    if positions.count != 1 {
      fatalError("an association needs a single-column primary key; table \(name) has none")
    }
    return columns[positions[0]].name
  }
}
