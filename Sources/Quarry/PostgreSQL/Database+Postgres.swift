import Foundation

extension Database {
  /// Opens a PostgreSQL database: the same API as a SQLite `Database`, on a server.
  ///
  /// `conninfo` is a libpq connection string or URI; the connection is always UTF-8.
  ///
  /// ```swift
  /// let db = try Database(postgres: "host=/var/run/postgresql dbname=app user=app")
  /// let db2 = try Database(postgres: "postgresql://app@db.internal/app?sslmode=require")
  /// try db.migrate(QuarryTables.all)
  /// try await db.write { try $0.insert(item) }
  /// ```
  ///
  /// One writer connection runs `write` closures one at a time, behind a lock that Quarry
  /// writers in every process share (a PostgreSQL advisory lock), each closure one
  /// `SERIALIZABLE` transaction. Up to `configuration.maximumReaderCount` reader connections,
  /// opened on demand, run `read` closures, each in one `REPEATABLE READ READ ONLY` transaction.
  ///
  /// Unlike SQLite, **a `write` closure may run more than once**: when another client's
  /// transaction conflicts with it (SQLSTATE 40001, or a deadlock, 40P01), PostgreSQL refuses
  /// the later commit and Quarry runs the whole closure again in a new transaction, so a
  /// read-modify-write never loses an update. Keep side effects out of the closure, or make
  /// them safe to repeat.
  ///
  /// A `read` or `write` closure also runs again when a schema change (a migration here or in
  /// another client) altered the columns that a statement prepared before it returns:
  /// PostgreSQL refuses such a statement ("cached plan must not change result type", SQLSTATE
  /// 0A000) and aborts the transaction, and Quarry prepares the connection's statements afresh.
  ///
  /// A statement that fails inside a transaction aborts it on PostgreSQL: catching the error
  /// inside the closure does not let the closure go on (the commit then throws SQLSTATE
  /// 25P02). Wrap a statement that may fail in `inSavepoint` to recover from it.
  ///
  /// - Throws: ``PostgresError`` (SQLSTATE 08001) naming the connection string, without its
  ///   password, when the server cannot be reached.
  ///
  /// Related PostgreSQL documentation:
  /// <https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>
  public convenience init(postgres conninfo: String, configuration: Configuration = Configuration())
    throws
  {
    try self.init(postgresConninfo: conninfo, configuration: configuration)
  }

  /// How many times a `write` closure runs before a serialization failure is thrown to the
  /// caller: conflicts need another client writing the same rows at the same moment, so
  /// running out means something keeps conflicting, which the caller should hear of.
  static let postgresWriteAttempts = 100

  /// How many times a `read` or `write` closure runs while its prepared statements keep being
  /// found stale: more than one schema change racing the closure is not worth waiting out.
  static let postgresStalePlanAttempts = 3

  /// The work of every `write` on PostgreSQL: the write lock, then one SERIALIZABLE transaction
  /// per attempt until one commits, both begun by the closure's first statement
  /// (``PostgresConnection/deferWriteBegin()``): a closure that runs none sends nothing.
  func performPostgresWrite<T>(
    foreignKeysOff: Bool, _ body: (WriteTransaction) throws -> T
  ) throws -> T {
    var changedTables: Set<String> = []
    defer { if !changedTables.isEmpty { observedFile.didCommit(changedTables, from: self) } }
    return try WriterOwnership.withOwnership(of: self) {
      writeLock.lock()
      defer { writeLock.unlock() }
      guard let postgres = writer.postgres else { preconditionFailure("not a PostgreSQL writer") }
      // The lock is taken by the first statement and kept until every attempt is done.
      defer { postgres.endWrite() }
      // Before the transaction: LISTEN and the marker run outside it (nothing, most writes).
      postgresObservation?.prepareWriter(postgres)
      var attempt = 1
      while true {
        let transaction = WriteTransaction(connection: writer)
        defer { transaction.invalidate() }
        do {
          _ = postgres.takeSchemaChanges()
          postgres.deferWriteBegin()
          let result = try transaction.commit { try body(transaction) }
          changedTables = committedTables(on: postgres)
          return result
        } catch let error
          where (postgres.sawRetryableFailure && attempt < Self.postgresWriteAttempts)
          || ((error as? PostgresError)?.isStalePlan == true
            && attempt < Self.postgresStalePlanAttempts)
        {
          // A conflict is decided from the connection, not from `error`: the closure may have
          // caught it and thrown something else, or returned and had the commit throw 25P02.
          writer.hooks.discardChanges()
          attempt += 1
        } catch {
          writer.hooks.discardChanges()
          // A keyless insert met a key its identity had not reached yet (see
          // `runPostgresInsert`): with the identity moved past it, the closure runs again.
          guard attempt < Self.postgresWriteAttempts, (try? postgres.repairSequence()) == true
          else { throw error }
          attempt += 1
        }
      }
    }
  }

  /// What the transaction just committed on `writer` changed, for observers: the tables its
  /// own notifications name (triggers fire for cascades and `TRUNCATE` too), and, since no
  /// trigger fires for them, the names in its CREATE, DROP and ALTER statements of tables and
  /// views (after which every table is checked for its trigger again: a dropped table may be
  /// back without one).
  private func committedTables(on writer: PostgresConnection) -> Set<String> {
    guard let postgresObservation else { return [] }
    var tables = postgresObservation.takeOwnCommit(on: writer)
    let schemaChanges = writer.takeSchemaChanges()
    if !schemaChanges.isEmpty {
      postgresObservation.forgetChecks()
      for sql in schemaChanges { tables.formUnion(PostgresReadTables.tables(in: sql)) }
    }
    return tables
  }
}
