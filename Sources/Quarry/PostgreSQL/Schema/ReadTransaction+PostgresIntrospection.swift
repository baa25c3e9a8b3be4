extension ReadTransaction {
  /// On PostgreSQL, the catalog of the transaction's connection once `table` is known to
  /// exist (else ``PostgresError`` 42P01, "no such table", as SQLite's error says); nil on SQLite.
  func postgresCatalog(checking table: String) throws -> PostgresCatalog? {
    guard let postgres = checkedConnection.postgres else { return nil }
    let catalog = PostgresCatalog(connection: postgres)
    guard try catalog.tableExists(table) else {
      throw PostgresError(sqlState: "42P01", message: "no such table: \(table)")
    }
    return catalog
  }
}
