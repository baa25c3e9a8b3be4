/// A sort key over the rows of `Scope`, made with `asc` or `desc`.
///
/// ```swift
/// Book.all().order(Book.Columns.published.desc.nullsLast, Book.Columns.title.asc)
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/lang_select.html#orderby>
public struct SQLOrdering<Scope>: Sendable {
  let term: SelectCore.Ordering

  init(_ term: SelectCore.Ordering) {
    self.term = term
  }

  /// The SQL of the sort key, such as `"title" DESC`.
  public var sql: String {
    var core = SelectCore(tableName: "", selection: .expressions([]))
    core.orderings = [term]
    var renderer = SQLRenderer()
    renderer.appendClauses(after: core, includingPaging: false)
    return String(renderer.sql.dropFirst(" ORDER BY ".count))
  }

  /// The same order with NULLs before every value.
  ///
  /// ```swift
  /// Book.Columns.subtitle.asc.nullsFirst
  /// ```
  public var nullsFirst: SQLOrdering {
    var term = term
    term.nullsFirst = true
    return SQLOrdering(term)
  }

  /// The same order with NULLs after every value.
  ///
  /// ```swift
  /// Book.Columns.subtitle.asc.nullsLast
  /// ```
  public var nullsLast: SQLOrdering {
    var term = term
    term.nullsFirst = false
    return SQLOrdering(term)
  }
}
