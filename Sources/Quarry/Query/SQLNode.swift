/// One node of a typed query's SQL, before it is spelled by a dialect.
///
/// Typed values (``Column``, ``ValueExpression``, ``SQLExpression``, ``SQLOrdering``) wrap a
/// node; ``SQLRenderer`` turns a tree of them into SQL text and the list of bound values. Values
/// only ever become parameters, names only ever quoted identifiers, and the fixed words below
/// (operators, function names, `*`) come from Quarry, never from a caller.
indirect enum SQLNode: Sendable {
  /// A column of `table`; qualified as `"table"."name"` when the statement reads several tables.
  case column(table: String, name: String)
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
    case .column, .value, .keyword, .function, .exists, .subquery, .conjunction: return 10
    case .collate: return 9
    case .prefix(let word, _): return word == "NOT" ? 3 : 8
    case .postfix, .inList, .inSubquery: return 4
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
