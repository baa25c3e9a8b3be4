/// Transactions on PostgreSQL: what `read` and `write` closures run in.
///
/// Reads are `REPEATABLE READ READ ONLY`: one snapshot for the whole closure, as a SQLite read
/// transaction in WAL mode. Writes are `SERIALIZABLE`, after the database's write lock (see
/// ``lockWrites()``), so a read-modify-write never loses an update to another Quarry process
/// (they wait for the lock) or to any other client (the server refuses the later commit with
/// SQLSTATE 40001, and `db.write` runs the closure again).
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/transaction-iso.html>
extension PostgresConnection {
  /// The advisory lock key of Quarry writers: `pg_advisory_lock(<this>, <hash of the database
  /// name>)`. The two-number form keeps it apart from an application's one-number keys.
  static let writeLockNamespace: Int32 = 0x5152_5259  // "QRRY"

  /// Waits for, then takes, the database's write lock for this session.
  ///
  /// A session lock taken before `BEGIN`, not a transaction lock taken inside: a SERIALIZABLE
  /// transaction's snapshot is taken by its first statement, so a lock taken by that statement
  /// would leave a writer that waited with a snapshot from before the commit it waited for,
  /// and every contended write would fail and run twice.
  func lockWrites() throws {
    if !isConnected { try reconnect() }
    try execute(
      "SELECT pg_advisory_lock(\(Self.writeLockNamespace), hashtext(current_database()))",
      reporting: true)
  }

  /// Releases the lock of ``lockWrites()``; a lost connection released it already.
  func unlockWrites() {
    _ = try? execute(
      "SELECT pg_advisory_unlock(\(Self.writeLockNamespace), hashtext(current_database()))",
      reporting: true)
  }

  /// Runs one of the transaction control statements.
  ///
  /// - Throws: ``PostgresError``; COMMIT of a transaction that an earlier statement aborted
  ///   (an error caught inside the closure) rolls back and throws SQLSTATE 25P02 instead of
  ///   PostgreSQL's silent rollback, so no write is lost without an error.
  func run(_ control: Connection.TransactionControl) throws {
    switch control {
    case .begin, .beginImmediate:
      // Between transactions, a lost connection is re-established rather than failing every
      // later closure.
      if !isConnected { try reconnect() }
    case .commit, .rollback:
      break
    }
    switch control {
    case .begin, .beginImmediate:
      sawRetryableFailure = false
    case .commit, .rollback:
      break
    }
    switch control {
    case .begin:
      try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", reporting: true)
    case .beginImmediate:
      try execute("BEGIN ISOLATION LEVEL SERIALIZABLE", reporting: true)
    case .commit:
      if isInFailedTransaction {
        _ = try? execute("ROLLBACK", reporting: true)
        throw PostgresError(
          sqlState: "25P02",
          message:
            "the transaction was rolled back: a statement failed inside it, and PostgreSQL "
            + "aborts the whole transaction (use inSavepoint to recover from a failed statement)",
          sql: "COMMIT")
      }
      try execute("COMMIT", reporting: true)
    case .rollback:
      try execute("ROLLBACK", reporting: true)
    }
  }
}
