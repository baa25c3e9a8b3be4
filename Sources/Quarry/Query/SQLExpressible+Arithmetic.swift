// Arithmetic on numbers, for computed orderings and for assignments such as
// `Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1)`. NULL in gives NULL out.
//
// Related SQLite documentation: <https://sqlite.org/lang_expr.html#operators>

extension SQLExpressible where Value: DatabaseNumeric {
  private static func arithmetic(_ lhs: SQLNode, _ word: String, _ rhs: SQLNode)
    -> ValueExpression<Scope, Value>
  {
    ValueExpression(node: .binary(lhs, word, rhs))
  }

  /// The sum of the value and `rhs`.
  ///
  /// ```swift
  /// Member.Columns.loanCount + 1
  /// ```
  public static func + (lhs: Self, rhs: Value) -> ValueExpression<Scope, Value> {
    arithmetic(lhs.node, "+", .value(rhs))
  }

  /// The value minus `rhs`.
  public static func - (lhs: Self, rhs: Value) -> ValueExpression<Scope, Value> {
    arithmetic(lhs.node, "-", .value(rhs))
  }

  /// The value times `rhs`.
  ///
  /// ```swift
  /// Book.Columns.price.set(to: Book.Columns.price * 2)
  /// ```
  public static func * (lhs: Self, rhs: Value) -> ValueExpression<Scope, Value> {
    arithmetic(lhs.node, "*", .value(rhs))
  }

  /// The value divided by `rhs` (integer division for integer operands, as in SQL).
  public static func / (lhs: Self, rhs: Value) -> ValueExpression<Scope, Value> {
    arithmetic(lhs.node, "/", .value(rhs))
  }

  /// The sum of two values of the same table and type.
  ///
  /// ```swift
  /// Book.all().order((Book.Columns.price + Book.Columns.shipping).asc)
  /// ```
  public static func + <Other: SQLExpressible>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Value>
  where Other.Scope == Scope, Other.Value == Value {
    arithmetic(lhs.node, "+", rhs.node)
  }

  /// The difference of two values of the same table and type.
  public static func - <Other: SQLExpressible>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Value>
  where Other.Scope == Scope, Other.Value == Value {
    arithmetic(lhs.node, "-", rhs.node)
  }

  /// The product of two values of the same table and type.
  public static func * <Other: SQLExpressible>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Value>
  where Other.Scope == Scope, Other.Value == Value {
    arithmetic(lhs.node, "*", rhs.node)
  }

  /// The quotient of two values of the same table and type.
  public static func / <Other: SQLExpressible>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Value>
  where Other.Scope == Scope, Other.Value == Value {
    arithmetic(lhs.node, "/", rhs.node)
  }
}

// An optional operand makes the result optional (NULL in, NULL out):
// `Book.Columns.pages + Book.Columns.published` is an `Int?` expression.
extension SQLExpressible {
  private static func optionalArithmetic<Wrapped>(
    _ lhs: SQLNode, _ word: String, _ rhs: SQLNode
  ) -> ValueExpression<Scope, Wrapped?> where Wrapped: DatabaseNumeric {
    ValueExpression(node: .binary(lhs, word, rhs))
  }

  /// The sum of an optional value and a non-optional one of the same table: NULL where the
  /// optional one is.
  ///
  /// ```swift
  /// Book.all().order((Book.Columns.pages + Book.Columns.published).asc)
  /// ```
  public static func + <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped?, Other.Value == Wrapped {
    optionalArithmetic(lhs.node, "+", rhs.node)
  }

  /// The difference of an optional value and a non-optional one of the same table.
  public static func - <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped?, Other.Value == Wrapped {
    optionalArithmetic(lhs.node, "-", rhs.node)
  }

  /// The product of an optional value and a non-optional one of the same table.
  public static func * <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped?, Other.Value == Wrapped {
    optionalArithmetic(lhs.node, "*", rhs.node)
  }

  /// The quotient of an optional value and a non-optional one of the same table.
  public static func / <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped?, Other.Value == Wrapped {
    optionalArithmetic(lhs.node, "/", rhs.node)
  }

  /// The sum of a non-optional value and an optional one of the same table: NULL where the
  /// optional one is.
  public static func + <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped, Other.Value == Wrapped? {
    optionalArithmetic(lhs.node, "+", rhs.node)
  }

  /// The difference of a non-optional value and an optional one of the same table.
  public static func - <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped, Other.Value == Wrapped? {
    optionalArithmetic(lhs.node, "-", rhs.node)
  }

  /// The product of a non-optional value and an optional one of the same table.
  public static func * <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped, Other.Value == Wrapped? {
    optionalArithmetic(lhs.node, "*", rhs.node)
  }

  /// The quotient of a non-optional value and an optional one of the same table.
  public static func / <Other: SQLExpressible, Wrapped: DatabaseNumeric>(lhs: Self, rhs: Other)
    -> ValueExpression<Scope, Wrapped?>
  where Other.Scope == Scope, Value == Wrapped, Other.Value == Wrapped? {
    optionalArithmetic(lhs.node, "/", rhs.node)
  }
}
