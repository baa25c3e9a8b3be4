// Inserts and upserts on PostgreSQL: the key an autoincrement insert returns, the sequence kept
// ahead of keys inserted explicitly, and the upsert of tables with unique columns (see
// `TableStatements+Postgres.swift`).

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
    let key: Int64
    do {
      key = try statement.withReset { statement in
        guard try statement.step() else { return 0 }
        return try Row(statement: statement, number: 1).decode(at: 0)
      }
    } catch let error as PostgresError where error.isUniqueViolation && !isExplicitKey {
      // The identity may be behind keys someone else's SQL inserted (psql, an import), which
      // SQLite's AUTOINCREMENT would have gone past: `write` moves it past the largest key and
      // runs the closure again (an identity that was not behind leaves the error as it is).
      checkedConnection.postgres?.sequenceRepair = Self.sequenceRepair(of: table, at: position)
      throw error
    }
    checkedConnection.postgres?.lastInsertedKey = key
    if isExplicitKey { try advanceSequence(of: table, at: position, past: key) }
    return key
  }

  /// Runs a bound upsert whose RETURNING clause gives every column, and returns the row it
  /// wrote (nil when it wrote none: the UPDATE half of a two-statement upsert met no row). The
  /// key of that row becomes the connection's last inserted key, as SQLite's rowid would.
  func runPostgresUpsertReturningRow<T: TableRecord>(
    _ statement: Statement, of statements: TableStatements
  ) throws -> T? {
    let position = statements.returnedKeyPosition
    let isExplicitKey = position.map {
      statement.postgres?.parameters.types[$0] != PostgresType.unspecified
    }
    let written = try statement.withReset { statement -> (T, Int64)? in
      guard try statement.step() else { return nil }
      let row = Row(statement: statement, number: 1)
      let key: Int64 = try position.map { try row.decode(at: Int32($0)) } ?? 0
      return (try T(row: row), key)
    }
    guard let (stored, key) = written else { return nil }
    if let position {
      checkedConnection.postgres?.lastInsertedKey = key
      if isExplicitKey == true { try advanceSequence(of: T.table, at: position, past: key) }
    }
    return stored
  }

  /// SQL that sets the identity of `table`'s key at `position` to the largest key stored, when
  /// it is behind it, and returns a row only then.
  private static func sequenceRepair(of table: TableDefinition, at position: Int) -> String {
    let sequence = TableStatements.sequenceExpression(table, at: position)
    let key = SQLIdentifier.quote(table.columns[position].name)
    return "SELECT setval(q.s, q.m) FROM (SELECT \(sequence)::regclass AS s,"
      + " (SELECT max(\(key)) FROM \(SQLIdentifier.quote(table.name))) AS m) AS q"
      + " WHERE q.m > COALESCE(pg_sequence_last_value(q.s), 0)"
  }

  /// Moves the identity sequence of the key at `position` past `key`, so the next generated key
  /// does not collide with one the application chose (SQLite takes the largest rowid + 1).
  ///
  /// A key below 1 is left alone: the identity hands out 1 and up, so it never meets such a
  /// key, and `setval` refuses a value below the sequence's minimum (an unused sequence has
  /// no last value, so `GREATEST` would pass the key itself). The sequence's last value is
  /// what a key is compared with, so the sequence must not be left unused past 1: a table
  /// rebuild continues it with a last value (``PostgresTableRebuild``).
  private func advanceSequence(of table: TableDefinition, at position: Int, past key: Int64)
    throws
  {
    guard key >= 1 else { return }
    let sequence = TableStatements.sequenceExpression(table, at: position)
    let statement = try checkedConnection.cachedStatement(
      "SELECT setval(s, GREATEST(?1, COALESCE(pg_sequence_last_value(s), 0)))"
        + " FROM (SELECT \(sequence)::regclass AS s) AS q")
    try statement.bind(key, at: 1)
    try statement.execute()
  }

  /// Upserts into a table with unique columns: updates the row with the key or any unique
  /// value, or inserts when there is none. Owned children go to the row written, whose key may
  /// not be the value's.
  func postgresUpsert<T: TableRecord>(_ value: T, statements: TableStatements) throws {
    let connection = checkedConnection
    var stamped = value
    if T.hasTimestamps { stamped.setTimestamps(transactionDate, inserting: true) }
    if statements.hasUpsertOnUnique, let position = statements.returnedKeyPosition {
      let upsert = try statements.statement(.upsertOnUnique, on: connection)
      try stamped.bind(to: upsert)
      // Without a key only the unique columns can conflict: one statement, as on SQLite.
      if upsert.postgres?.parameters.types[position] == PostgresType.unspecified {
        if T.hasOwnedChildren {
          if let stored: T = try runPostgresUpsertReturningRow(upsert, of: statements) {
            stamped.takePrimaryKey(from: stored)
          }
          try stamped.replaceOwnedChildren(in: self, rowID: connection.lastInsertedRowID)
        } else {
          _ = try runPostgresInsert(upsert, of: statements, table: T.table)
        }
        return
      }
    }
    let update = try statements.statement(.upsertUpdate, on: connection)
    try stamped.bind(to: update)
    var key: Int64 = 0
    let updated: Bool
    if T.hasOwnedChildren {
      let stored: T? = try runPostgresUpsertReturningRow(update, of: statements)
      if let stored { stamped.takePrimaryKey(from: stored) }
      key = connection.lastInsertedRowID
      updated = stored != nil
    } else if statements.returnedKeyPosition != nil {
      key = try update.withReset { statement in
        guard try statement.step() else { return 0 }
        return try Row(statement: statement, number: 1).decode(at: 0)
      }
      updated = connection.changes > 0
      if updated { connection.postgres?.lastInsertedKey = key }
    } else {
      try update.execute()
      updated = connection.changes > 0
    }
    if !updated {
      let insert = try statements.statement(.insert, on: connection)
      try stamped.bind(to: insert)
      key = try runPostgresInsert(insert, of: statements, table: T.table)
    }
    if T.hasOwnedChildren { try stamped.replaceOwnedChildren(in: self, rowID: key) }
  }
}
