/// A typed column of table `Table`: the building block of filters, orderings and selections.
///
/// Generated code declares one per stored property, so `Book.Columns.title` is a
/// `Column<Book, String>`. Both type parameters keep queries honest: `Book.Columns.price >
/// "cheap"` does not compile (wrong value type), and neither does a condition over
/// `Book.Columns.title` in a `Loan` query (wrong table).
///
/// ```swift
/// let cheap = try db.read {
///   try $0.fetchAll(Book.all().filter(Book.Columns.price < 5).order(Book.Columns.title.asc))
/// }
/// ```
public struct Column<Table: TableRecord, Value>: SQLExpressible {
  /// The column name in SQL (unquoted).
  public let name: String
  /// Reads the column's value from a result column (plain or JSON).
  @usableFromInline let decoder: @Sendable (Row, Int32) throws -> Value
  /// Turns a value into what is bound for it (itself, or its JSON text).
  @usableFromInline let argument: @Sendable (Value) -> any DatabaseValueConvertible
  /// How values compared with the column are bound.
  @usableFromInline let storage: ValueStorage

  /// A column named `name`, stored as its value (`DatabaseValueConvertible`).
  ///
  /// ```swift
  /// static let title = Column<Book, String>("title")
  /// ```
  // Inlinable, so the decoder is specialised for `Value` in the generated code that declares
  // the column: selections then read it without a generic call per value.
  @inlinable
  public init(_ name: String) where Value: DatabaseValueConvertible {
    self.name = name
    decoder = { row, index in try Value.decode(from: row, at: index) }
    argument = { $0 }
    storage = .plain
  }

  /// A column named `name`, stored as JSON text (`Codable` values such as `[String]`).
  ///
  /// ```swift
  /// static let tags = Column<Book, [String]>(json: "tags")
  /// ```
  public init(json name: String) where Value: Codable & Sendable {
    self.name = name
    decoder = { row, index in try row.decodeJSON(at: index) }
    argument = { JSONArgument(value: $0) }
    storage = .plain
  }

  /// The column as a typed expression (for selections and functions).
  public var expression: ValueExpression<Table, Value> {
    ValueExpression(node: node, decoder: decoder, storage: storage)
  }

  /// The column of the row an enclosing query is testing, for a condition inside a subquery
  /// over `Inner`: a correlated subquery.
  ///
  /// ```swift
  /// // Members with a loan of more than 20 days.
  /// Member.all().filter(.exists(Loan.all().filter(
  ///   Loan.Columns.memberID == Member.Columns.id.outer() && Loan.Columns.days > 20)))
  /// // Books with a cheaper book of the same genre (the inner `books` is aliased).
  /// Book.all().filter(.exists(Book.all().filter(
  ///   Book.Columns.genre == Book.Columns.genre.outer()
  ///     && Book.Columns.price < Book.Columns.price.outer())))
  /// ```
  ///
  /// It renders as `"members"."id"`, so it only means something inside a subquery of a query
  /// over `Table`; in a statement of its own it is a "no such column" error, or, in a query over
  /// `Table` itself, the row's own column.
  public func outer<Inner>(_ inner: Inner.Type = Inner.self) -> ValueExpression<Inner, Value> {
    ValueExpression(
      node: .outerColumn(table: Table.table.name, name: name), decoder: decoder, storage: storage)
  }

  var node: SQLNode { .column(table: Table.table.name, name: name) }

  /// The quoted name, ready for SQL.
  var quotedName: String { SQLIdentifier.quote(name) }
}
