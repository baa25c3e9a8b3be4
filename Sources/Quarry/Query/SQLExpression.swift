/// A boolean SQL condition with its bound values, built from typed columns.
///
/// Identifiers are quoted and every value is a `?` parameter: nothing from a value ever
/// becomes SQL text.
///
/// ```swift
/// let condition = Bird.Columns.name == "Robin" && !(Bird.Columns.wingspan < 0.2)
/// print(condition.sql)   // ("name" = ? AND NOT ("wingspan" < ?))
/// ```
public struct SQLExpression: Sendable {
  /// The SQL text, with one `?` per argument.
  public let sql: String
  /// The values bound to the `?` parameters, in order.
  public let arguments: [any DatabaseValueConvertible]

  init(sql: String, arguments: [any DatabaseValueConvertible]) {
    self.sql = sql
    self.arguments = arguments
  }

  /// Binds the arguments to consecutive parameters starting at `index`; returns the next one.
  func bindArguments(to statement: Statement, from index: Int32) throws -> Int32 {
    var next = index
    for argument in arguments {
      try statement.bind(argument, at: next)
      next += 1
    }
    return next
  }
}

/// Both conditions hold.
///
/// ```swift
/// Bird.Columns.kind == .raptor && Bird.Columns.wingspan > 1
/// ```
public func && (lhs: SQLExpression, rhs: SQLExpression) -> SQLExpression {
  SQLExpression(sql: "(\(lhs.sql) AND \(rhs.sql))", arguments: lhs.arguments + rhs.arguments)
}

/// At least one condition holds.
///
/// ```swift
/// Bird.Columns.name == "Robin" || Bird.Columns.name == "Wren"
/// ```
public func || (lhs: SQLExpression, rhs: SQLExpression) -> SQLExpression {
  SQLExpression(sql: "(\(lhs.sql) OR \(rhs.sql))", arguments: lhs.arguments + rhs.arguments)
}

/// The condition does not hold.
///
/// ```swift
/// !(Bird.Columns.name.like("R%"))
/// ```
public prefix func ! (condition: SQLExpression) -> SQLExpression {
  SQLExpression(sql: "NOT (\(condition.sql))", arguments: condition.arguments)
}
