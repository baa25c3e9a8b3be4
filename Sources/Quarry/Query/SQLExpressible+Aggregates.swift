// Aggregates: one value per group (or per query without `group`). Over no rows SQL gives NULL,
// except COUNT, which gives 0; the types say so (`sum` of a `Decimal` column is `Decimal?`).
//
// Related SQLite documentation: <https://sqlite.org/lang_aggfunc.html>

extension SQLExpressible {
  /// The number of rows where the value is not NULL: `COUNT(x)`.
  ///
  /// ```swift
  /// Book.all().select(Book.Columns.genre, Book.Columns.id.count).group(Book.Columns.genre)
  /// ```
  public var count: ValueExpression<Scope, Int> {
    ValueExpression(node: .function("COUNT", [node], distinct: false))
  }

  /// The number of distinct non-NULL values: `COUNT(DISTINCT x)`.
  ///
  /// ```swift
  /// let authors: Int? = try db.read {
  ///   try $0.fetchOne(Book.all().select(Book.Columns.author.distinctCount))
  /// }
  /// ```
  public var distinctCount: ValueExpression<Scope, Int> {
    ValueExpression(node: .function("COUNT", [node], distinct: true))
  }
}

extension SQLExpressible where Value: DatabaseValueConvertible {
  /// The smallest value, or nil over no rows (or only NULLs): `MIN(x)`.
  ///
  /// ```swift
  /// let cheapest: Decimal? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.min)) }
  /// ```
  public var min: ValueExpression<Scope, Value.NullableValue> {
    ValueExpression(node: .function("MIN", [node], distinct: false), storage: expression.storage)
  }

  /// The largest value, or nil over no rows (or only NULLs): `MAX(x)`.
  ///
  /// ```swift
  /// let dearest: Decimal? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.max)) }
  /// ```
  public var max: ValueExpression<Scope, Value.NullableValue> {
    ValueExpression(node: .function("MAX", [node], distinct: false), storage: expression.storage)
  }
}

extension SQLExpressible where Value: DatabaseNumeric {
  /// The sum of the non-NULL values, or nil over no rows (or only NULLs): `SUM(x)`.
  ///
  /// ```swift
  /// let stock: Decimal? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.sum)) }
  /// ```
  public var sum: ValueExpression<Scope, Value.NullableValue> {
    ValueExpression(node: .function("SUM", [node], distinct: false))
  }

  /// The average of the non-NULL values, or nil over no rows (or only NULLs): `AVG(x)`.
  ///
  /// ```swift
  /// let average: Double? = try db.read { try $0.fetchOne(Book.all().select(Book.Columns.price.avg)) }
  /// ```
  public var avg: ValueExpression<Scope, Double?> {
    ValueExpression(node: .function("AVG", [node], distinct: false))
  }
}
