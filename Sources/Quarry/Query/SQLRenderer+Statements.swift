// The whole statements a query runs as: its rows, its first row, its count, whether it has
// rows, and the DELETE and UPDATE of its rows.

extension SQLRenderer {
  /// `SELECT …` of the query's rows.
  static func rows(_ core: SelectCore, dialect: SQLDialect = .sqlite) -> RenderedSQL {
    var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: core.qualifiesColumns)
    renderer.appendSelect(core)
    return RenderedSQL(renderer)
  }

  /// `SELECT …` of the query's first row: `LIMIT 1`, after the query's own offset.
  static func first(_ core: SelectCore, dialect: SQLDialect = .sqlite) -> RenderedSQL {
    var core = core
    core.limit = min(core.limit ?? 1, 1)
    return rows(core, dialect: dialect)
  }

  /// `SELECT COUNT(*)` of the query's rows: over the table itself, or over the query as a
  /// subquery when grouping, distinct or paging shape its rows.
  static func count(_ core: SelectCore, dialect: SQLDialect = .sqlite) -> RenderedSQL {
    var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: core.qualifiesColumns)
    if core.shapesRows {
      renderer.appendCountOfSubquery(core)
    } else {
      var counted = core
      counted.orderings = []
      renderer.append("SELECT COUNT(*)")
      renderer.appendFrom(counted)
      renderer.appendClauses(after: counted)
    }
    return RenderedSQL(renderer)
  }

  /// `SELECT COUNT(*) FROM (…)`: the number of results of a selection, whose aggregates or
  /// grouping make it differ from the number of rows.
  static func countOfResults(_ core: SelectCore, dialect: SQLDialect = .sqlite) -> RenderedSQL {
    var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: core.qualifiesColumns)
    renderer.appendCountOfSubquery(core)
    return RenderedSQL(renderer)
  }

  /// The name of the derived table a count reads from.
  static let countedAlias = "counted"

  /// `SELECT COUNT(*) FROM (…) AS "counted"`: PostgreSQL refuses a subquery in FROM without an
  /// alias (SQLSTATE 42601), SQLite accepts one, so both engines get the same text.
  private mutating func appendCountOfSubquery(_ core: SelectCore) {
    append("SELECT COUNT(*) FROM (")
    appendSelect(core)
    append(") AS " + dialect.quote(Self.countedAlias))
  }

  /// `SELECT EXISTS (…)`: 1 when the query has a row.
  static func exists(_ core: SelectCore, dialect: SQLDialect = .sqlite) -> RenderedSQL {
    var renderer = SQLRenderer(dialect: dialect, qualifiesColumns: core.qualifiesColumns)
    var probed = core
    if !core.shapesRows, case .tableColumns = core.selection {
      probed.selection = .expressions([.keyword("1")])
      probed.orderings = []
    }
    renderer.append("SELECT EXISTS (")
    renderer.appendSelect(probed)
    renderer.append(")")
    return RenderedSQL(renderer)
  }

  /// `DELETE FROM … WHERE …`; the rows are picked by primary key through a subquery when the
  /// query orders, pages or groups them.
  static func delete(_ core: SelectCore, primaryKey: [String], dialect: SQLDialect = .sqlite)
    -> RenderedSQL
  {
    var renderer = SQLRenderer(dialect: dialect)
    renderer.append("DELETE FROM " + dialect.quote(core.tableName))
    renderer.appendRowChoice(core, primaryKey: primaryKey)
    return RenderedSQL(renderer)
  }

  /// `UPDATE … SET … WHERE …`, choosing rows like ``delete(_:primaryKey:dialect:)``.
  static func update(
    _ core: SelectCore, assignments: [(column: String, value: SQLNode)], primaryKey: [String],
    dialect: SQLDialect = .sqlite
  ) -> RenderedSQL {
    var renderer = SQLRenderer(dialect: dialect)
    renderer.append("UPDATE " + dialect.quote(core.tableName) + " SET ")
    for (offset, assignment) in assignments.enumerated() {
      if offset > 0 { renderer.append(", ") }
      renderer.append(dialect.quote(assignment.column) + " = ")
      renderer.append(assignment.value)
    }
    renderer.appendRowChoice(core, primaryKey: primaryKey)
    return RenderedSQL(renderer)
  }

  /// The WHERE clause of a DELETE or UPDATE over the rows of `core`.
  private mutating func appendRowChoice(_ core: SelectCore, primaryKey: [String]) {
    guard core.shapesRows || !core.orderings.isEmpty else {
      if let filter = core.filter {
        append(" WHERE ")
        append(filter)
      }
      return
    }
    // The table has no declared key: SQLite's rowid (PostgreSQL's ctid) identifies the row.
    let key = primaryKey.isEmpty ? [dialect.isPostgres ? "ctid" : "rowid"] : primaryKey
    let keyNodes = key.map { SQLNode.column(table: core.tableName, name: $0) }
    var chosen = core
    chosen.selection = .expressions(keyNodes)
    append(" WHERE ")
    if keyNodes.count == 1 {
      append(keyNodes[0])
    } else {
      append("(")
      appendList(keyNodes)
      append(")")
    }
    append(" IN (")
    appendSelect(chosen)
    append(")")
  }
}
