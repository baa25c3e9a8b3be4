/// Spells ``SQLNode`` trees and ``SelectCore`` statements as SQL text in one ``SQLDialect``,
/// collecting the bound values in parameter order.
///
/// ```swift
/// var renderer = SQLRenderer()
/// renderer.appendSelect(core)
/// // renderer.sql: SELECT "id", "title" FROM "books" WHERE "price" > ? LIMIT ?
/// // renderer.arguments: [5, 20]
/// ```
struct SQLRenderer {
  let dialect: SQLDialect
  // Settable in the module: the PostgreSQL spelling of LIKE renders its operands apart.
  var sql = ""
  var arguments: [any DatabaseValueConvertible] = []
  /// Whether columns are written `"table"."column"` (inside statements over several tables,
  /// and inside subqueries, whose columns could otherwise resolve to an outer table).
  var qualifiesColumns: Bool

  init(dialect: SQLDialect = .sqlite, qualifiesColumns: Bool = false) {
    self.dialect = dialect
    self.qualifiesColumns = qualifiesColumns
  }

  mutating func append(_ text: String) { sql += text }

  /// Adds a bound value and its placeholder.
  mutating func appendValue(_ value: any DatabaseValueConvertible) {
    arguments.append(value)
    sql += dialect.placeholder(arguments.count)
  }

  /// Appends `node`, in parentheses when it binds less tightly than `minimum`.
  mutating func appendOperand(_ node: SQLNode, binding minimum: Int = 10) {
    if node.precedence >= minimum {
      append(node)
    } else {
      sql += "("
      append(node)
      sql += ")"
    }
  }

  mutating func append(_ node: SQLNode) {
    switch node {
    case .column(let table, let name):
      if qualifiesColumns { sql += dialect.quote(table) + "." }
      sql += dialect.quote(name)
    case .outerColumn(let table, let name):
      sql += dialect.quote(table) + "." + dialect.quote(name)
    case .value(let value):
      appendValue(value)
    case .keyword(let text):
      // `.true`, `.false` and `SELECT 1` of EXISTS probes.
      switch text {
      case "1": sql += dialect.trueLiteral
      case "0": sql += dialect.falseLiteral
      default: sql += text
      }
    case .prefix(let word, let operand):
      sql += word == "NOT" ? "NOT " : word
      appendOperand(operand)
    case .postfix(let operand, let word):
      appendOperand(operand, binding: 5)
      sql += " " + word
    case .binary(let lhs, let word, let rhs) where dialect.isPostgres:
      appendPostgresBinary(lhs, word, rhs)
    case .binary(let lhs, let word, let rhs):
      let precedence = SQLNode.precedence(of: word)
      appendOperand(lhs, binding: precedence)
      sql += " " + word + " "
      appendOperand(rhs, binding: precedence + 1)
    case .conjunction(let word, let terms):
      if terms.count == 1 {
        // Parenthesized, so that it binds like the conjunction it stands for.
        sql += "("
        append(terms[0])
        sql += ")"
      } else {
        appendBalanced(word, terms[...])
      }
    case .function(let name, let arguments, let distinct):
      let call = dialect.functionCall(name)
      sql += call.open + (distinct ? "DISTINCT " : "")
      appendList(arguments)
      sql += call.close
    case .inList(let operand, let values):
      appendOperand(operand, binding: 5)
      sql += " IN ("
      if case .collate(_, let collation) = operand, dialect.collationFold(collation) != nil {
        appendList(values.map { .collate($0, collation) })
      } else {
        appendList(values)
      }
      sql += ")"
    case .inSubquery(let operand, let core):
      appendOperand(operand, binding: 5)
      sql += " IN ("
      appendSubquery(core)
      sql += ")"
    case .exists(let core):
      sql += "EXISTS ("
      appendSubquery(core)
      sql += ")"
    case .subquery(let core):
      sql += "("
      appendSubquery(core)
      sql += ")"
    case .collate(let operand, let collation):
      if let fold = dialect.collationFold(collation) {
        sql += fold.open
        append(operand)
        sql += fold.close
        return
      }
      appendOperand(operand)
      sql += " COLLATE " + dialect.collationName(collation)
    case .fullTextMatch(let table, let indexed, let columns, let pattern):
      guard let spell = dialect.fullTextMatch else {
        let index = FullTextIndex.tableName(indexing: indexed)
        var search = SelectCore(
          tableName: index, selection: .expressions([.column(table: index, name: "rowid")]))
        search.filter = .binary(.column(table: index, name: index), "MATCH", .value(pattern))
        return append(.inSubquery(.column(table: table, name: "rowid"), search))
      }
      // Without a full-text index, name the missing one, as SQLite's "no such table" does.
      let spelling = spell(table, columns ?? [])
      sql +=
        columns == nil
        ? dialect.quote(FullTextIndex.tableName(indexing: indexed)) + " @@ (" : spelling.prefix
      appendValue(dialect.fullTextPattern(pattern))
      sql += spelling.suffix
    case .jsonPath(let operand, let keys, let kind):
      let spelling = dialect.jsonPath(keys, kind)
      sql += spelling.prefix
      appendOperand(operand)
      sql += spelling.suffix
    }
  }

  /// `terms` joined by `word` as a balanced binary tree: `((a AND b) AND (c AND d))`. Depth is
  /// log2 of the count, so 10,000 terms nest 14 levels (a left-deep chain overflowed SQLite's
  /// parser stack at about 100).
  private mutating func appendBalanced(_ word: String, _ terms: ArraySlice<SQLNode>) {
    guard terms.count > 1 else {
      if let only = terms.first {
        appendOperand(only, binding: 3)
      } else {
        sql += word == "AND" ? dialect.trueLiteral : dialect.falseLiteral
      }
      return
    }
    let middle = terms.startIndex + terms.count / 2
    sql += "("
    appendBalanced(word, terms[..<middle])
    sql += " " + word + " "
    appendBalanced(word, terms[middle...])
    sql += ")"
  }

  mutating func appendList(_ nodes: [SQLNode]) {
    for (offset, node) in nodes.enumerated() {
      if offset > 0 { sql += ", " }
      append(node)
    }
  }

  /// A nested SELECT; its columns are qualified so they never resolve to an outer table.
  private mutating func appendSubquery(_ core: SelectCore) {
    let outer = qualifiesColumns
    qualifiesColumns = true
    appendSelect(core.aliasedForOuterReferences)
    qualifiesColumns = outer
  }

  /// `SELECT … FROM … [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT/OFFSET]`.
  mutating func appendSelect(_ core: SelectCore) {
    sql += core.isDistinct ? "SELECT DISTINCT " : "SELECT "
    switch core.selection {
    case .tableColumns(let names):
      for (offset, name) in names.enumerated() {
        if offset > 0 { sql += ", " }
        append(.column(table: core.alias ?? core.tableName, name: name))
      }
    case .expressions(let nodes):
      appendList(nodes)
    }
    appendFrom(core)
    appendClauses(after: core)
  }

  /// ` FROM "table"` (` AS "alias"` when it has one) with the core's joins (none yet).
  mutating func appendFrom(_ core: SelectCore) {
    sql += " FROM " + dialect.quote(core.tableName)
    if let alias = core.alias { sql += " AS " + dialect.quote(alias) }
  }

  /// WHERE, GROUP BY, HAVING, ORDER BY, LIMIT and OFFSET of `core`.
  mutating func appendClauses(after core: SelectCore, includingPaging: Bool = true) {
    if let filter = core.filter {
      sql += " WHERE "
      append(filter)
    }
    if !core.groups.isEmpty {
      sql += " GROUP BY "
      if dialect.isPostgres {
        appendPostgresGroups(of: core)
      } else {
        appendList(core.groups)
      }
    }
    if let having = core.having {
      sql += " HAVING "
      append(having)
    }
    if !core.orderings.isEmpty {
      sql += " ORDER BY "
      for (offset, ordering) in core.orderings.enumerated() {
        if offset > 0 { sql += ", " }
        if dialect.isPostgres, !core.groups.isEmpty,
          let ordinal = selectedOrdinal(of: ordering.node, in: core)
        {
          sql += String(ordinal)
        } else {
          append(ordering.node)
        }
        sql += ordering.isDescending ? " DESC" : " ASC"
        if let nullsFirst = ordering.nullsFirst {
          sql += nullsFirst ? " NULLS FIRST" : " NULLS LAST"
        } else if dialect.spellsSQLiteNullOrder {
          sql += ordering.isDescending ? " NULLS LAST" : " NULLS FIRST"
        }
      }
    }
    guard includingPaging else { return }
    if let limit = core.limit {
      sql += " LIMIT "
      appendValue(limit)
    } else if core.offset != nil, let unlimited = dialect.unlimitedCount {
      sql += " LIMIT " + unlimited
    }
    if let offset = core.offset {
      sql += " OFFSET "
      appendValue(offset)
    }
  }
}
