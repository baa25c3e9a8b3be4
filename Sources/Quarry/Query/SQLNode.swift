/// One node of a typed query's SQL, before it is spelled by a dialect.
///
/// Typed values (``Column``, ``ValueExpression``, ``SQLExpression``, ``SQLOrdering``) wrap a
/// node; ``SQLRenderer`` turns a tree of them into SQL text and the list of bound values. Values
/// only ever become parameters, names only ever quoted identifiers, and the fixed words below
/// (operators, function names, `*`) come from Quarry, never from a caller.
indirect enum SQLNode: Sendable {
  /// A column of `table`; qualified as `"table"."name"` when the statement reads several tables.
  case column(table: String, name: String)
  /// A column of the row an enclosing query is testing, read inside a subquery (a correlated
  /// subquery): always qualified, `"table"."name"`, and the subquery aliases its own table when
  /// it is the same one.
  case outerColumn(table: String, name: String)
  /// A value bound as a parameter.
  case value(any DatabaseValueConvertible)
  /// Fixed SQL text written by Quarry: `*`, `0`, `1`, `NULL`.
  case keyword(String)
  /// `<operator> operand`, such as `NOT x` or `-x`.
  case prefix(String, SQLNode)
  /// `operand <operator>`, such as `x IS NULL`.
  case postfix(SQLNode, String)
  /// `lhs <operator> rhs`, such as `x = ?` or `x + 1`.
  case binary(SQLNode, String, SQLNode)
  /// `AND` or `OR` of any number of terms, flat: rendered as a balanced tree of parentheses, so
  /// thousands of terms nest only a few levels (SQLite's parser and expression depth are bounded).
  case conjunction(String, [SQLNode])
  /// `NAME(arguments…)`; `distinct` for `COUNT(DISTINCT x)`.
  case function(String, [SQLNode], distinct: Bool)
  /// `x IN (a, b, …)`.
  case inList(SQLNode, [SQLNode])
  /// `x IN (SELECT …)`.
  case inSubquery(SQLNode, SelectCore)
  /// `EXISTS (SELECT …)`.
  case exists(SelectCore)
  /// `(SELECT …)`: the one value of a subquery (NULL when it has no row).
  case subquery(SelectCore)
  /// `x COLLATE <name>`.
  case collate(SQLNode, Collation)
  /// The rows of `table` (the name the statement reads `indexed` by) whose full-text index
  /// (over `columns`; nil without one) matches `pattern`: FTS5's `rowid IN (SELECT rowid …
  /// MATCH ?)` in SQLite, the dialect's spelling elsewhere (``SQLDialect/fullTextMatch``).
  case fullTextMatch(table: String, indexed: String, columns: [String]?, pattern: String)
  /// The value at `keys` inside the JSON of `base` (a JSON column): a scalar as its SQL value
  /// (text unquoted), an object or array as its JSON text, NULL where a key is missing. The
  /// dialect spells it (``SQLDialect/jsonPath``), since engines differ; `kind` is the type the
  /// value is read as, which an engine extracting text casts to.
  case jsonPath(SQLNode, keys: [String], kind: JSONValueKind)

  /// `lhs AND rhs` (or OR), flattening terms that are already of the same kind so that a chain
  /// `a && b && c …` stays one flat list instead of nesting one level per operator.
  static func conjunction(_ word: String, _ lhs: SQLNode, _ rhs: SQLNode) -> SQLNode {
    var terms: [SQLNode] = []
    for side in [lhs, rhs] {
      if case .conjunction(let sideWord, let sideTerms) = side, sideWord == word {
        terms += sideTerms
      } else {
        terms.append(side)
      }
    }
    return .conjunction(word, terms)
  }

  /// How tightly the node binds, as SQLite parses it: an operand that binds less tightly than
  /// its operator needs parentheses.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_expr.html#operators>
  var precedence: Int {
    switch self {
    case .column, .outerColumn, .value, .keyword, .function, .exists, .subquery, .conjunction,
      .jsonPath:
      return 10
    case .collate: return 9
    case .prefix(let word, _): return word == "NOT" ? 3 : 8
    case .postfix, .inList, .inSubquery, .fullTextMatch: return 4
    case .binary(_, let word, _): return Self.precedence(of: word)
    }
  }

  static func precedence(of word: String) -> Int {
    switch word {
    case "OR": return 1
    case "AND": return 2
    case "||": return 8
    case "*", "/", "%": return 7
    case "+", "-": return 6
    default: return 4  // = <> < <= > >= LIKE IS
    }
  }
}

extension SQLNode {
  /// Whether the node reads a column of the enclosing query's `table` (nested subqueries
  /// included, since an outer reference there reads the same row).
  func readsOuterColumn(of table: String) -> Bool {
    switch self {
    case .outerColumn(let owner, _): return owner == table
    case .column, .value, .keyword, .fullTextMatch: return false
    case .prefix(_, let operand), .postfix(let operand, _), .collate(let operand, _),
      .jsonPath(let operand, _, _):
      return operand.readsOuterColumn(of: table)
    case .binary(let lhs, _, let rhs):
      return lhs.readsOuterColumn(of: table) || rhs.readsOuterColumn(of: table)
    case .conjunction(_, let terms), .function(_, let terms, _):
      return terms.contains { $0.readsOuterColumn(of: table) }
    case .inList(let operand, let values):
      return operand.readsOuterColumn(of: table)
        || values.contains { $0.readsOuterColumn(of: table) }
    case .inSubquery(let operand, let core):
      return operand.readsOuterColumn(of: table) || core.readsOuterColumn(of: table)
    case .exists(let core), .subquery(let core):
      return core.readsOuterColumn(of: table)
    }
  }
}
