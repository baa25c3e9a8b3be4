/// SQL written as a string literal whose interpolated values become bound parameters.
///
/// ```swift
/// let name = "Émile Zola"
/// let authors = try db.read {
///   try $0.fetchAll(Author.self, literal: "SELECT * FROM authors WHERE name = \(name)")
/// }
/// // SELECT * FROM authors WHERE name = ?    with the argument "Émile Zola"
/// ```
///
/// An interpolated value never becomes SQL text, so quotes and semicolons in it are harmless.
/// Besides values (any ``DatabaseValueConvertible``, `nil` included), a literal interpolates:
/// - a table record type or a typed column, as a quoted identifier:
///   `"SELECT \(Author.Columns.name) FROM \(Author.self)"` is `SELECT "name" FROM "authors"`;
/// - `\(identifier: name)`, any name as a quoted identifier;
/// - `\(list: ids)`, a sequence of values as `(?, ?, ?)` for `IN` (`(NULL)` when empty, so that
///   `x IN (NULL)` matches nothing);
/// - another ``SQLLiteral``, with its arguments.
///
/// Related SQLite documentation: <https://sqlite.org/lang_expr.html#varparam>
public struct SQLLiteral: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The SQL text, with one `?` per argument.
  public private(set) var sql: String
  /// The values bound to the `?` parameters, in order.
  public private(set) var arguments: [any DatabaseValueConvertible]

  /// SQL text with `arguments` bound to its `?` parameters, in order.
  ///
  /// ```swift
  /// let recent = SQLLiteral(sql: "SELECT * FROM books WHERE year > ?", arguments: [2000])
  /// ```
  public init(sql: String, arguments: [any DatabaseValueConvertible] = []) {
    self.sql = sql
    self.arguments = arguments
  }

  public init(stringLiteral value: String) {
    self.init(sql: value)
  }

  public init(stringInterpolation: StringInterpolation) {
    self.init(sql: stringInterpolation.sql, arguments: stringInterpolation.arguments)
  }

  /// The SQL text (arguments stay hidden, as in errors and traces).
  public var description: String { sql }

  /// Two literals one after the other, with their arguments.
  ///
  /// ```swift
  /// var query: SQLLiteral = "SELECT * FROM books"
  /// if let year { query += " WHERE year > \(year)" }
  /// ```
  public static func + (lhs: SQLLiteral, rhs: SQLLiteral) -> SQLLiteral {
    SQLLiteral(sql: lhs.sql + rhs.sql, arguments: lhs.arguments + rhs.arguments)
  }

  /// Appends `rhs`, with its arguments.
  public static func += (lhs: inout SQLLiteral, rhs: SQLLiteral) {
    lhs = lhs + rhs
  }

  /// The pieces of an interpolated literal, as the compiler hands them over.
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var sql = ""
    var arguments: [any DatabaseValueConvertible] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      sql.reserveCapacity(literalCapacity + interpolationCount)
      arguments.reserveCapacity(interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) {
      sql += literal
    }

    /// A value, bound as a parameter: `WHERE name = \(name)`.
    public mutating func appendInterpolation<V: DatabaseValueConvertible>(_ value: V) {
      sql += "?"
      arguments.append(value)
    }

    /// NULL, bound as a parameter: `\(nil)`.
    public mutating func appendInterpolation(_ value: Never?) {
      sql += "NULL"
    }

    /// The quoted table name of a record type: `FROM \(Author.self)`.
    public mutating func appendInterpolation<T: TableRecord>(_ type: T.Type) {
      sql += SQLDialect.sqlite.quote(T.table.name)
    }

    /// The quoted name of a typed column: `SELECT \(Author.Columns.name)`.
    public mutating func appendInterpolation<T, V>(_ column: Column<T, V>) {
      sql += SQLDialect.sqlite.quote(column.name)
    }

    /// Any name as a quoted identifier: `ORDER BY \(identifier: sortColumn)`.
    public mutating func appendInterpolation(identifier name: String) {
      sql += SQLDialect.sqlite.quote(name)
    }

    /// Values as a parenthesized list of parameters: `WHERE id IN \(list: ids)`.
    public mutating func appendInterpolation<S: Sequence>(list values: S)
    where S.Element: DatabaseValueConvertible {
      let start = arguments.count
      for value in values { arguments.append(value) }
      let count = arguments.count - start
      sql +=
        count == 0
        ? "(NULL)" : "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// Another literal, with its arguments.
    public mutating func appendInterpolation(_ literal: SQLLiteral) {
      sql += literal.sql
      arguments += literal.arguments
    }
  }
}
