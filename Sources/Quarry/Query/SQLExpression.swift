/// A boolean SQL condition over the rows of `Scope`, built from typed columns.
///
/// Identifiers are quoted and every value is a bound parameter: nothing from a value ever
/// becomes SQL text.
///
/// ```swift
/// let condition = Book.Columns.genre == .scifi && !(Book.Columns.price < 5)
/// let books = try db.read { try $0.fetchAll(Book.all().filter(condition)) }
/// ```
///
/// `Scope` is the table whose columns the condition reads, so a condition over `Book` columns
/// is refused by a `Query<Loan>` at compile time.
///
/// Seam for joins (issue 13): a joined query accepts conditions over each of its tables, for
/// example through `filter` overloads taking `SQLExpression<Joined>`, or a scope type that
/// stands for several tables, built with ``retagged(as:)``, which changes only the phantom type:
/// columns render qualified (`"books"."title"`) once `SelectCore.qualifiesColumns` is set.
public struct SQLExpression<Scope>: Sendable {
  let node: SQLNode

  init(_ node: SQLNode) {
    self.node = node
  }

  /// The SQL text, with one `?` per argument.
  public var sql: String {
    var renderer = SQLRenderer()
    renderer.append(node)
    return renderer.sql
  }

  /// The values bound to the `?` parameters, in order.
  public var arguments: [any DatabaseValueConvertible] {
    var renderer = SQLRenderer()
    renderer.append(node)
    return renderer.arguments
  }

  /// The same condition typed for another scope: for join support, which decides which scopes
  /// contain `Scope`.
  func retagged<Other>(as other: Other.Type) -> SQLExpression<Other> {
    SQLExpression<Other>(node)
  }

  /// True where some row of `query` exists.
  ///
  /// ```swift
  /// Member.all().filter(.exists(Loan.all().filter(Loan.Columns.returned == false)))
  /// ```
  public static func exists<T>(_ query: Query<T>) -> SQLExpression {
    SQLExpression(.exists(query.core))
  }

  /// True for every row.
  ///
  /// ```swift
  /// let all: SQLExpression<Book> = .true
  /// ```
  public static var `true`: SQLExpression { SQLExpression(.keyword("1")) }

  /// True for no row.
  public static var `false`: SQLExpression { SQLExpression(.keyword("0")) }
}

/// Both conditions hold.
///
/// Chains stay flat (`a && b && c` is one list), and are written as a balanced tree, so
/// thousands of terms work.
///
/// ```swift
/// Book.Columns.genre == .scifi && Book.Columns.price > 5
/// ```
public func && <Scope>(lhs: SQLExpression<Scope>, rhs: SQLExpression<Scope>)
  -> SQLExpression<Scope>
{
  SQLExpression(.conjunction("AND", lhs.node, rhs.node))
}

/// At least one condition holds.
///
/// ```swift
/// Book.Columns.title == "Dune" || Book.Columns.title == "Emma"
/// ```
public func || <Scope>(lhs: SQLExpression<Scope>, rhs: SQLExpression<Scope>)
  -> SQLExpression<Scope>
{
  SQLExpression(.conjunction("OR", lhs.node, rhs.node))
}

/// The condition does not hold.
///
/// ```swift
/// !(Book.Columns.title.like("The %"))
/// ```
public prefix func ! <Scope>(condition: SQLExpression<Scope>) -> SQLExpression<Scope> {
  SQLExpression(.prefix("NOT", condition.node))
}

extension Sequence {
  /// All the conditions hold (true when there are none).
  ///
  /// ```swift
  /// let condition = titles.map { Book.Columns.title != $0 }.joined(operator: .and)
  /// ```
  public func joined<Scope>(operator: SQLLogicalOperator) -> SQLExpression<Scope>
  where Element == SQLExpression<Scope> {
    let word = `operator` == .and ? "AND" : "OR"
    return SQLExpression(.conjunction(word, map(\.node)))
  }
}

/// `AND` or `OR`, for ``Swift/Sequence/joined(operator:)``.
public enum SQLLogicalOperator: Sendable {
  case and, or
}
