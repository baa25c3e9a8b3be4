/// Something that computes a value of type `Value` from the rows of `Scope`: a ``Column``, an
/// aggregate such as `Book.Columns.price.max`, a function such as `Book.Columns.title.length`.
///
/// Comparisons, orderings and selections are written once for every expressible value:
///
/// ```swift
/// Book.Columns.price > 5                      // Column<Book, Decimal>
/// Book.Columns.title.lowercased == "dune"     // ValueExpression<Book, String>
/// Book.Columns.id.count > 1                   // in `having`
/// ```
///
/// `Scope` is the table (or, later, the set of joined tables) whose columns the expression
/// reads: expressions only combine within one scope, and a query only accepts its own.
public protocol SQLExpressible<Scope, Value>: Sendable {
  /// The table(s) whose columns the expression reads.
  associatedtype Scope
  /// The Swift type of the value.
  associatedtype Value

  /// The expression itself, in its general form.
  var expression: ValueExpression<Scope, Value> { get }
}

/// A typed SQL value over the rows of `Scope`, such as `Book.Columns.price.max` or
/// `Member.Columns.loanCount + 1`.
///
/// ```swift
/// let longest: ValueExpression<Book, Int> = Book.Columns.title.length
/// let titles = Book.all().order(longest.desc)
/// ```
public struct ValueExpression<Scope, Value>: SQLExpressible {
  let node: SQLNode
  /// Reads the value from a result column.
  @usableFromInline let decoder: @Sendable (Row, Int32) throws -> Value
  /// How values compared with the expression are bound (text for an ISO 8601 date column).
  let storage: ValueStorage

  init(
    node: SQLNode, decoder: @escaping @Sendable (Row, Int32) throws -> Value,
    storage: ValueStorage = .plain
  ) {
    self.node = node
    self.decoder = decoder
    self.storage = storage
  }

  public var expression: ValueExpression<Scope, Value> { self }
}

extension ValueExpression where Value: DatabaseValueConvertible {
  /// An expression whose value decodes as a plain column of type `Value`.
  init(node: SQLNode, storage: ValueStorage = .plain) {
    self.init(
      node: node, decoder: { row, index in try Value.decode(from: row, at: index) },
      storage: storage)
  }
}

extension SQLExpressible {
  var node: SQLNode { expression.node }

  /// Ascending order: `Book.Columns.title.asc`.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.asc)
  /// ```
  public var asc: SQLOrdering<Scope> {
    SQLOrdering(SelectCore.Ordering(node: expression.node, isDescending: false, nullsFirst: nil))
  }

  /// Descending order: `Book.Columns.published.desc`.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.published.desc, Book.Columns.title.asc)
  /// ```
  public var desc: SQLOrdering<Scope> {
    SQLOrdering(SelectCore.Ordering(node: expression.node, isDescending: true, nullsFirst: nil))
  }

  /// True where the value is NULL.
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.subtitle.isNull)
  /// ```
  public var isNull: SQLExpression<Scope> { SQLExpression(.postfix(expression.node, "IS NULL")) }

  /// True where the value is not NULL.
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.subtitle.isNotNull)
  /// ```
  public var isNotNull: SQLExpression<Scope> {
    SQLExpression(.postfix(expression.node, "IS NOT NULL"))
  }

  /// The value compared with `collation`, for conditions and orderings on text.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.collating(.noCase).asc)
  /// ```
  public func collating(_ collation: Collation) -> ValueExpression<Scope, Value> {
    ValueExpression(node: .collate(expression.node, collation), decoder: expression.decoder)
  }

  /// The value compared with a collation added with ``Database/add(collation:)``.
  ///
  /// ```swift
  /// Book.all().order(Book.Columns.title.collating(byLength).asc)
  /// ```
  public func collating(_ collation: DatabaseCollation) -> ValueExpression<Scope, Value> {
    collating(.custom(collation))
  }
}
