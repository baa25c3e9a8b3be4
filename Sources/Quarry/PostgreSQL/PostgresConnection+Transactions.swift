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

  /// Makes the next statement sent on this connection begin the write transaction: take the
  /// write lock (unless this write holds it already), then `BEGIN ISOLATION LEVEL
  /// SERIALIZABLE`.
  ///
  /// Lazily, because a `write` closure that runs no statement (a save without changes, a
  /// guard that returns early) then costs no round trip, and neither waits for other writers
  /// nor holds them up; SQLite's `BEGIN IMMEDIATE` is one local call, PostgreSQL's lock and
  /// BEGIN are two trips to the server. The lock is still taken before BEGIN, so the
  /// transaction's snapshot is taken after any commit it waited for.
  func deferWriteBegin() {
    isWriteBeginDeferred = true
    // An attempt that runs no statement must not be retried for the failure of the last one.
    sawRetryableFailure = false
    sequenceRepair = nil
  }

  /// Runs and clears ``sequenceRepair``, outside any transaction: whether it moved an identity
  /// that was behind its table's keys.
  func repairSequence() throws -> Bool {
    guard let sql = sequenceRepair else { return false }
    sequenceRepair = nil
    return try execute(sql, reporting: true).rowCount > 0
  }

  /// Takes the write lock and begins the transaction of ``deferWriteBegin()``, when one is
  /// waiting; called before every statement the connection sends.
  ///
  /// - Throws: ``PostgresError`` when the lock or BEGIN fails; the begin then stays deferred,
  ///   so no later statement of the closure runs outside a transaction.
  func beginDeferredWrite() throws {
    guard isWriteBeginDeferred else { return }
    // Cleared first: the lock and BEGIN are statements of this connection too.
    isWriteBeginDeferred = false
    do {
      if !holdsWriteLock {
        try lockWrites()
        holdsWriteLock = true
      }
      try run(.beginImmediate)
    } catch {
      isWriteBeginDeferred = true
      throw error
    }
  }

  /// Ends a `write`: forgets a begin that never came, and releases the write lock if the
  /// write took it.
  func endWrite() {
    isWriteBeginDeferred = false
    guard holdsWriteLock else { return }
    holdsWriteLock = false
    unlockWrites()
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
      // A write that ran no statement never began: there is nothing to end.
      if isWriteBeginDeferred {
        isWriteBeginDeferred = false
        return
      }
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
