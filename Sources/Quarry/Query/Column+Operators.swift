// Comparisons between a typed column and a value of its type. SQLite compares with the column's
// affinity, so integers compare as numbers and text as text; NULL never equals anything, which
// is why `== nil` turns into `IS NULL`.
//
// Related SQLite documentation: <https://sqlite.org/lang_expr.html#binaryops>

/// Builds `"column" <operator> ?` with `value` bound.
private func comparison<Value: DatabaseValueConvertible>(
  _ column: Column<Value>, _ sqlOperator: String, _ value: Value
) -> SQLExpression {
  SQLExpression(sql: "\(column.quotedName) \(sqlOperator) ?", arguments: [value])
}

/// Whether `value` converts to NULL (a nil optional), for `IS NULL` rewriting.
private func isNull<Value: DatabaseValueConvertible>(_ value: Value) -> Bool {
  guard let value = try? value.databaseValue() else { return false }
  return value == .null
}

/// The column equals the value; `== nil` means `IS NULL`.
///
/// ```swift
/// Bird.Columns.kind == .songbird
/// ```
public func == <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  isNull(rhs) ? lhs.isNull : comparison(lhs, "=", rhs)
}

/// The column differs from the value; `!= nil` means `IS NOT NULL`.
///
/// ```swift
/// Bird.Columns.name != "Robin"
/// ```
public func != <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  isNull(rhs) ? lhs.isNotNull : comparison(lhs, "<>", rhs)
}

/// The column is less than the value.
///
/// ```swift
/// Bird.Columns.price < 5
/// ```
public func < <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  comparison(lhs, "<", rhs)
}

/// The column is at most the value.
///
/// ```swift
/// Bird.Columns.wingspan <= 0.5
/// ```
public func <= <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  comparison(lhs, "<=", rhs)
}

/// The column is greater than the value.
///
/// ```swift
/// Bird.Columns.wingspan > 0.2
/// ```
public func > <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  comparison(lhs, ">", rhs)
}

/// The column is at least the value.
///
/// ```swift
/// Bird.Columns.price >= 10
/// ```
public func >= <Value: DatabaseValueConvertible>(lhs: Column<Value>, rhs: Value) -> SQLExpression {
  comparison(lhs, ">=", rhs)
}

extension Column where Value: DatabaseValueConvertible {
  /// The column equals one of `values`; an empty list matches nothing.
  ///
  /// ```swift
  /// Bird.Columns.kind.in([.songbird, .raptor])
  /// ```
  public func `in`(_ values: [Value]) -> SQLExpression {
    guard !values.isEmpty else { return SQLExpression(sql: "0", arguments: []) }
    let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
    return SQLExpression(sql: "\(quotedName) IN (\(placeholders))", arguments: values)
  }
}

extension Column where Value == String {
  /// The column matches an SQL `LIKE` pattern (`%` any run, `_` one character; ASCII letters
  /// match regardless of case).
  ///
  /// ```swift
  /// Bird.Columns.name.like("Rob%")
  /// ```
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_expr.html#like>
  public func like(_ pattern: String) -> SQLExpression {
    SQLExpression(sql: "\(quotedName) LIKE ?", arguments: [pattern])
  }
}

extension Column where Value == String? {
  /// The column matches an SQL `LIKE` pattern; NULL never matches.
  ///
  /// ```swift
  /// Bird.Columns.nickname.like("%y")
  /// ```
  public func like(_ pattern: String) -> SQLExpression {
    SQLExpression(sql: "\(quotedName) LIKE ?", arguments: [pattern])
  }
}
