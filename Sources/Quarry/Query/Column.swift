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
  }

  /// The column as a typed expression (for selections and functions).
  public var expression: ValueExpression<Table, Value> {
    ValueExpression(node: node, decoder: decoder)
  }

  var node: SQLNode { .column(table: Table.table.name, name: name) }

  /// The quoted name, ready for SQL.
  var quotedName: String { SQLIdentifier.quote(name) }
}
