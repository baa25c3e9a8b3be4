// Inserts and upserts on PostgreSQL: the key an autoincrement insert returns, the sequence kept
// ahead of keys inserted explicitly, and the two-statement upsert of tables with unique columns
// (see `TableStatements+Postgres.swift`).

extension WriteTransaction {
  /// Runs an insert (or ON CONFLICT upsert) whose record is bound; returns the key its
  /// RETURNING clause gave (0 without an autoincrement key, or when nothing was written).
  func runPostgresInsert(
    _ statement: Statement, of statements: TableStatements, table: TableDefinition
  ) throws -> Int64 {
    guard let position = statements.returnedKeyPosition, let postgres = statement.postgres
    else {
      try statement.execute()
      return 0
    }
    let isExplicitKey = postgres.parameters.types[position] != PostgresType.unspecified
    let key: Int64 = try statement.withReset { statement in
      guard try statement.step() else { return 0 }
      return try Row(statement: statement, number: 1).decode(at: 0)
    }
    checkedConnection.postgres?.lastInsertedKey = key
    if isExplicitKey { try advanceSequence(of: table, at: position, past: key) }
    return key
  }

  /// Moves the identity sequence of the key at `position` past `key`, so the next generated key
  /// does not collide with one the application chose (SQLite takes the largest rowid + 1).
  private func advanceSequence(of table: TableDefinition, at position: Int, past key: Int64)
    throws
  {
    let sequence = TableStatements.sequenceExpression(table, at: position)
    let statement = try checkedConnection.cachedStatement(
      "SELECT setval(s, GREATEST(?1, COALESCE(pg_sequence_last_value(s), 0)))"
        + " FROM (SELECT \(sequence)::regclass AS s) AS q")
    try statement.bind(key, at: 1)
    try statement.execute()
  }

  /// Upserts into a table with unique columns: updates the row with the key or any unique
  /// value, or inserts when there is none.
  func postgresUpsert<T: TableRecord>(_ value: T, statements: TableStatements) throws {
    let connection = checkedConnection
    var stamped = value
    if T.hasTimestamps { stamped.setTimestamps(transactionDate, inserting: true) }
    let update = try statements.statement(.upsertUpdate, on: connection)
    try stamped.bind(to: update)
    var key: Int64 = 0
    let updated: Bool
    if statements.returnedKeyPosition != nil {
      key = try update.withReset { statement in
        guard try statement.step() else { return 0 }
        return try Row(statement: statement, number: 1).decode(at: 0)
      }
      updated = connection.changes > 0
    } else {
      try update.execute()
      updated = connection.changes > 0
    }
    if updated {
      connection.postgres?.lastInsertedKey = key
    } else {
      let insert = try statements.statement(.insert, on: connection)
      try stamped.bind(to: insert)
      key = try runPostgresInsert(insert, of: statements, table: T.table)
    }
    if T.hasOwnedChildren { try stamped.replaceOwnedChildren(in: self, rowID: key) }
  }
}
