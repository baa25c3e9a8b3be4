/// A typed column, the building block of `where` and `orderBy`.
///
/// Generated code declares one per stored property; the type parameter keeps comparisons
/// honest, so `Bird.Columns.wingspan > "tall"` does not compile.
///
/// ```swift
/// let large = try db.read {
///   try $0.fetchAll(Bird.self, where: Bird.Columns.wingspan > 1.5,
///                   orderBy: [Bird.Columns.name.asc])
/// }
/// ```
public struct Column<Value>: Sendable {
  /// The column name in SQL (unquoted).
  public let name: String

  /// A column named `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// The quoted name, ready for SQL.
  var quotedName: String { SQLIdentifier.quote(name) }

  /// Ascending order on this column.
  ///
  /// ```swift
  /// orderBy: [Bird.Columns.name.asc]
  /// ```
  public var asc: SQLOrdering { SQLOrdering(sql: quotedName + " ASC") }

  /// Descending order on this column.
  ///
  /// ```swift
  /// orderBy: [Bird.Columns.wingspan.desc, Bird.Columns.name.asc]
  /// ```
  public var desc: SQLOrdering { SQLOrdering(sql: quotedName + " DESC") }

  /// True where the column is NULL.
  ///
  /// ```swift
  /// where: Bird.Columns.nestID.isNull
  /// ```
  public var isNull: SQLExpression {
    SQLExpression(sql: quotedName + " IS NULL", arguments: [])
  }

  /// True where the column is not NULL.
  ///
  /// ```swift
  /// where: Bird.Columns.wingspan.isNotNull
  /// ```
  public var isNotNull: SQLExpression {
    SQLExpression(sql: quotedName + " IS NOT NULL", arguments: [])
  }
}

/// A sort key for `orderBy`, made with ``Column/asc`` or ``Column/desc``.
///
/// ```swift
/// let ordering: SQLOrdering = Bird.Columns.name.desc
/// ```
public struct SQLOrdering: Sendable {
  /// The SQL of the sort key, such as `"name" DESC`.
  public let sql: String
}
