extension SQLExpressible where Value: DatabaseValueConvertible {
  /// The value is one of the results of `selection`, a query over any table whose selected
  /// value has this value's type (optional or not): `x IN (SELECT …)`.
  ///
  /// ```swift
  /// let lent: [Book] = try db.read {
  ///   try $0.fetchAll(Book.all().filter(Book.Columns.id.in(Loan.all().select(Loan.Columns.bookID))))
  /// }
  /// ```
  ///
  /// A selection of another type (`Loan.Columns.memberName` for an integer id) does not compile.
  public func `in`<Other: TableRecord, Selected: DatabaseValueConvertible>(
    _ selection: Selection<Other, Selected>
  ) -> SQLExpression<Scope> where Selected.NullableValue == Value.NullableValue {
    SQLExpression(.inSubquery(node, selection.core))
  }
}

extension Selection {
  /// True where the selection has at least one result: `EXISTS (SELECT …)`.
  ///
  /// ```swift
  /// Member.all().filter(.exists(Loan.all().select(Loan.Columns.id)))
  /// ```
  var existsNode: SQLNode { .exists(core) }
}

extension SQLExpression {
  /// True where `selection` has at least one result.
  ///
  /// ```swift
  /// Book.all().filter(.exists(Loan.all().filter(Loan.Columns.returned == false).select(Loan.Columns.id)))
  /// ```
  public static func exists<Other: TableRecord, Selected>(_ selection: Selection<Other, Selected>)
    -> SQLExpression
  {
    SQLExpression(selection.existsNode)
  }
}
