import Foundation

/// One `SET "column" = …` of an `updateAll`, made with `set(to:)`.
///
/// ```swift
/// try db.write {
///   try $0.updateAll(Member.all().filter(Member.Columns.id == memberID),
///                    set: Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1),
///                    Member.Columns.lastLoan.set(to: Date()))
/// }
/// ```
public struct ColumnAssignment<Table: TableRecord>: Sendable {
  let column: String
  let value: SQLNode
}

extension Column {
  /// Sets the column to `value`, bound as a parameter (`nil` for NULL, JSON text for a JSON
  /// column).
  ///
  /// ```swift
  /// Book.Columns.price.set(to: 10)
  /// Book.Columns.tags.set(to: ["desert", "spice"])
  /// ```
  public func set(to value: Value) -> ColumnAssignment<Table> {
    ColumnAssignment(column: name, value: .value(argument(value)))
  }
}

extension Column where Value: DatabaseValueConvertible {
  /// Sets the column to a value computed from the same row, of the column's type.
  ///
  /// ```swift
  /// Member.Columns.loanCount.set(to: Member.Columns.loanCount + 1)
  /// ```
  ///
  /// An expression that may be NULL (`Book.Columns.subtitle`, `Book.Columns.price.max`) does not
  /// compile for a column that may not: give it a fallback with `ifNull`.
  public func set<Expression: SQLExpressible>(to expression: Expression) -> ColumnAssignment<Table>
  where Expression.Scope == Table, Expression.Value == Value {
    ColumnAssignment(column: name, value: expression.node)
  }

  /// Sets an optional column to a non-optional value computed from the same row.
  ///
  /// ```swift
  /// Book.Columns.subtitle.set(to: Book.Columns.title.lowercased)
  /// ```
  public func set<Expression: SQLExpressible, Wrapped: DatabaseValueConvertible>(
    to expression: Expression
  ) -> ColumnAssignment<Table>
  where Expression.Scope == Table, Expression.Value == Wrapped, Value == Wrapped? {
    ColumnAssignment(column: name, value: expression.node)
  }
}

/// A Codable value bound as its JSON text, encoded when it is bound (so an encoding failure is
/// thrown by the statement that binds it).
struct JSONArgument<Value: Encodable & Sendable>: DatabaseValueConvertible {
  let value: Value

  func databaseValue() throws -> DatabaseValue {
    // A nil optional is NULL, as `bindJSON` stores it, not the JSON text `null`.
    if let optional = value as? any NilTestable, optional.isNil { return .null }
    let data: Data
    do {
      data = try JSONCoding.encoder.encode(value)
    } catch {
      throw ValueConversionError("cannot encode \(Value.self) as JSON: \(error)")
    }
    return .text(String(decoding: data, as: UTF8.self))
  }

  // Bound as `bindJSON` binds a JSON property of an insert: on PostgreSQL that is text of no
  // declared type, which the server reads as the column's `jsonb`; `text` there is refused
  // in `SET "tags" = ?` and in comparisons with the column (SQLSTATE 42804).
  func bind(to statement: Statement, at index: Int32) throws {
    if let optional = value as? any NilTestable, optional.isNil {
      return try statement.bind(databaseValue: .null, at: index)
    }
    try statement.bindJSON(value, at: index)
  }

  static func decode(from value: DatabaseValue) throws -> JSONArgument {
    throw ValueConversionError("a JSON argument is only ever bound")
  }
}

/// Optionals, tested for nil without knowing their wrapped type.
protocol NilTestable {
  var isNil: Bool { get }
}

extension Optional: NilTestable {
  var isNil: Bool { self == nil }
}
