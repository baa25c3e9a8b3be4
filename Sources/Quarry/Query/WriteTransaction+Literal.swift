extension WriteTransaction {
  /// Runs your own SQL that returns no rows; interpolated values are bound.
  ///
  /// ```swift
  /// try db.write { tx in
  ///   try tx.execute(literal: "UPDATE authors SET country = \(country) WHERE id = \(id)")
  /// }
  /// ```
  ///
  /// - Throws: ``SQLiteError``.
  public func execute(literal: SQLLiteral) throws {
    try execute(literal.sql, arguments: literal.arguments)
  }
}
