// Comparisons between a typed expression and a value of its type, or another expression of the
// same table whose value type matches up to optionality. SQLite compares with the column's
// affinity, so integers compare as numbers and text as text; NULL never equals anything, which
// is why `== nil` turns into `IS NULL`.
//
// Related SQLite documentation: <https://sqlite.org/lang_expr.html#binaryops>

/// Whether `value` converts to NULL (a nil optional), for `IS NULL` rewriting.
private func bindsNull<Value: DatabaseValueConvertible>(_ value: Value) -> Bool {
  guard let value = try? value.databaseValue() else { return false }
  return value == .null
}

extension SQLExpressible where Value: DatabaseValueConvertible {
  private static func compare(_ lhs: Self, _ word: String, _ rhs: Value) -> SQLExpression<Scope> {
    let expression = lhs.expression
    return SQLExpression(.binary(expression.node, word, .value(expression.storage.argument(rhs))))
  }

  /// The value equals `rhs`; `== nil` means `IS NULL`.
  ///
  /// ```swift
  /// Book.Columns.genre == .scifi
  /// ```
  public static func == (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    bindsNull(rhs) ? lhs.isNull : compare(lhs, "=", rhs)
  }

  /// The value differs from `rhs`; `!= nil` means `IS NOT NULL`.
  ///
  /// ```swift
  /// Book.Columns.title != "Dune"
  /// ```
  public static func != (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    bindsNull(rhs) ? lhs.isNotNull : compare(lhs, "<>", rhs)
  }

  /// The value is less than `rhs`.
  ///
  /// ```swift
  /// Book.Columns.price < 5
  /// ```
  public static func < (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    compare(lhs, "<", rhs)
  }

  /// The value is at most `rhs`.
  ///
  /// ```swift
  /// Book.Columns.price <= 5
  /// ```
  public static func <= (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    compare(lhs, "<=", rhs)
  }

  /// The value is greater than `rhs`.
  ///
  /// ```swift
  /// Book.Columns.price > 5
  /// ```
  public static func > (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    compare(lhs, ">", rhs)
  }

  /// The value is at least `rhs`.
  ///
  /// ```swift
  /// Book.Columns.price >= 10
  /// ```
  public static func >= (lhs: Self, rhs: Value) -> SQLExpression<Scope> {
    compare(lhs, ">=", rhs)
  }

  /// The value equals one of `values`; an empty list matches nothing.
  ///
  /// ```swift
  /// Book.Columns.genre.in([.scifi, .fantasy])
  /// ```
  public func `in`(_ values: [Value]) -> SQLExpression<Scope> {
    guard !values.isEmpty else { return .false }
    let storage = expression.storage
    return SQLExpression(.inList(node, values.map { .value(storage.argument($0)) }))
  }
}

extension SQLExpressible where Value: DatabaseValueConvertible {
  private static func compare<Other: SQLExpressible>(_ lhs: Self, _ word: String, _ rhs: Other)
    -> SQLExpression<Scope>
  {
    SQLExpression(.binary(lhs.node, word, rhs.node))
  }

  /// The two values are equal (NULL equals nothing).
  ///
  /// ```swift
  /// Book.Columns.author == Book.Columns.editor
  /// ```
  public static func == <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, "=", rhs)
  }

  /// The two values differ (NULL differs from nothing).
  public static func != <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, "<>", rhs)
  }

  /// The left value is less than the right one.
  public static func < <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, "<", rhs)
  }

  /// The left value is at most the right one.
  public static func <= <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, "<=", rhs)
  }

  /// The left value is greater than the right one.
  ///
  /// ```swift
  /// Book.all().filter(Book.Columns.price > Book.Columns.cost)
  /// ```
  public static func > <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, ">", rhs)
  }

  /// The left value is at least the right one.
  public static func >= <Other: SQLExpressible>(lhs: Self, rhs: Other) -> SQLExpression<Scope>
  where
    Other.Scope == Scope, Other.Value: DatabaseValueConvertible,
    Other.Value.NullableValue == Value.NullableValue
  {
    compare(lhs, ">=", rhs)
  }
}

extension SQLExpressible where Value: DatabaseText {
  /// The text matches an SQL `LIKE` pattern (`%` any run, `_` one character; ASCII letters
  /// match regardless of case); NULL never matches.
  ///
  /// ```swift
  /// Book.Columns.title.like("The %")
  /// ```
  ///
  /// Only ASCII letters fold: `"Émile%"` does not match `"émile zola"`. For a match that ignores
  /// the case of every letter, compare lowercased text, which is Unicode-aware:
  /// `Author.Columns.name.lowercased.like("émile%")`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_expr.html#like>
  public func like(_ pattern: String) -> SQLExpression<Scope> {
    SQLExpression(.binary(node, "LIKE", .value(pattern)))
  }
}

/// `String` and `String?`: the values text functions and `like` apply to.
public protocol DatabaseText: DatabaseValueConvertible {}
extension String: DatabaseText {}
extension Optional: DatabaseText where Wrapped == String {}
