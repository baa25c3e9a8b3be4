/// The parts of a `SELECT` over one table, independent of the Swift types that describe its
/// rows: what ``Query`` and ``Selection`` build and ``SQLRenderer`` spells.
///
/// Joined queries (issue 13, `JoinedQuery`) stay statements over one table: a condition on a
/// joined table is an `IN (SELECT …)` semijoin and an ordering by its columns a correlated
/// `(SELECT …)` (aliased when the table refers to itself), so each row comes back once and
/// counting, deleting and observing them need nothing new here. A real `JOIN` (a selection over
/// several tables) would add a `joins` list rendered after `FROM` and set `qualifiesColumns`.
struct SelectCore: Sendable {
  /// What the statement returns.
  enum Selection: Sendable {
    /// The table's columns, in table order (whole rows).
    case tableColumns([String])
    /// Typed expressions: selected columns, aggregates.
    case expressions([SQLNode])
  }

  /// One `ORDER BY` term.
  struct Ordering: Sendable {
    var node: SQLNode
    var isDescending: Bool
    /// nil: the engine's default (SQLite puts NULLs first ascending, last descending).
    var nullsFirst: Bool?
  }

  var tableName: String
  /// The name the statement calls the table by, when not its own: a correlated subquery over
  /// the outer query's table needs one (`Employee.manager`).
  var alias: String?
  var selection: Selection
  var isDistinct = false
  var filter: SQLNode?
  var groups: [SQLNode] = []
  var having: SQLNode?
  var orderings: [Ordering] = []
  var limit: Int?
  var offset: Int?
  /// Whether columns render qualified by their table (set once a statement reads several).
  var qualifiesColumns = false

  init(tableName: String, selection: Selection) {
    self.tableName = tableName
    self.selection = selection
  }

  /// Adds `condition` to the filter with AND.
  mutating func addFilter(_ condition: SQLNode) {
    filter = filter.map { .conjunction("AND", $0, condition) } ?? condition
  }

  /// Whether the statement returns every row of the table (no filter, paging or grouping).
  var readsEveryRow: Bool { filter == nil && !shapesRows }

  /// Whether the rows depend on more than the filter (order, paging, grouping, distinct), so
  /// counting or changing them needs a subquery.
  var shapesRows: Bool {
    isDistinct || !groups.isEmpty || having != nil || limit != nil || offset != nil
  }
}

extension SelectCore {
  /// Every expression of the statement: selection, filter, groups, having, orderings.
  private var nodes: [SQLNode] {
    var nodes: [SQLNode] = []
    if case .expressions(let selected) = selection { nodes += selected }
    if let filter { nodes.append(filter) }
    nodes += groups
    if let having { nodes.append(having) }
    nodes += orderings.map(\.node)
    return nodes
  }

  /// Whether the statement reads a column of an enclosing query over `table`.
  func readsOuterColumn(of table: String) -> Bool {
    nodes.contains { $0.readsOuterColumn(of: table) }
  }

  /// The statement as a subquery: when it reads the enclosing row of its own table (`books`
  /// inside a query over `books`), its table is aliased (`"books_inner"`) and its own columns
  /// re-pointed, so `"books"."price"` reads the outer row.
  var aliasedForOuterReferences: SelectCore {
    guard alias == nil, readsOuterColumn(of: tableName) else { return self }
    let inner = tableName + "_inner"
    var core = self
    core.alias = inner
    if case .expressions(let selected) = selection {
      core.selection = .expressions(selected.map { $0.replacingTable(tableName, with: inner) })
    }
    core.filter = filter?.replacingTable(tableName, with: inner)
    core.groups = groups.map { $0.replacingTable(tableName, with: inner) }
    core.having = having?.replacingTable(tableName, with: inner)
    core.orderings = orderings.map {
      var ordering = $0
      ordering.node = ordering.node.replacingTable(tableName, with: inner)
      return ordering
    }
    return core
  }
}
