extension PostgresConnection {
  /// Runs `body` and returns what it read: the names ``PostgresReadTables`` finds in the SQL of
  /// every statement run meanwhile (each table with an empty column set: PostgreSQL tells no
  /// columns, and changes are matched by table anyway).
  ///
  /// Costs one set insertion per statement run while recording, and one scan of each distinct
  /// SQL text per observed read; nothing for reads that are not observed.
  func trackingReads<T>(_ body: () throws -> T) throws -> (value: T, region: DatabaseRegion) {
    recordedSQL = []
    defer { recordedSQL = nil }
    let value = try body()
    var columnsByTable: [String: Set<String>] = [:]
    for sql in recordedSQL ?? [] {
      for name in PostgresReadTables.tables(in: sql) { columnsByTable[name] = [] }
    }
    return (value, DatabaseRegion(columnsByTable: columnsByTable))
  }
}
