extension Statement {
  /// Checks that the statement's result has exactly the columns of `table`, so that a raw query
  /// that leaves a column out (or adds one) is an error rather than a silent NULL.
  ///
  /// - Throws: ``RowDecodingError`` naming the first missing (or unexpected) column.
  func checkColumns<T: TableRecord>(of type: T.Type) throws {
    let table = T.table
    // PostgreSQL prepares here, before the first step: its error is the one to report.
    try postgres?.describeColumns()
    let resultCount = Int(columnCount)
    guard resultCount != table.columns.count else { return }
    let resultNames = (0..<resultCount).map { columnName(at: Int32($0)).lowercased() }
    let column: String
    let reason: String
    if resultCount < table.columns.count {
      column =
        table.columns.first { !resultNames.contains($0.name.lowercased()) }?.name
        ?? table.columns[resultCount].name
      reason =
        "the result has \(resultCount) columns and the table \(table.columns.count);"
        + " column '\(column)' is missing"
    } else {
      let tableNames = Set(table.columns.map { $0.name.lowercased() })
      let extraIndex = resultNames.firstIndex { !tableNames.contains($0) } ?? table.columns.count
      column = columnName(at: Int32(extraIndex))
      reason =
        "the result has \(resultCount) columns and the table \(table.columns.count);"
        + " column '\(column)' is not in the table"
    }
    throw RowDecodingError(
      table: table.name, column: column, row: 1, expectedType: "\(T.self)", reason: reason,
      sql: sql)
  }
}
