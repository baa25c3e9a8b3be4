import CPostgreSQL
import Foundation

/// One libpq connection to a PostgreSQL server, used by one thread at a time.
///
/// `Database` guarantees exclusive use, as with SQLite's `Connection`: the writer behind its
/// lock, readers checked out of a pool, the listener on its own thread. Statements are prepared
/// once per connection under names of their own (`quarry_1`, `quarry_2`…) and run with binary
/// parameters and binary results.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/libpq.html>
final class PostgresConnection {
  // The state touched on every statement run is `@exclusivity(unchecked)`: a connection is used
  // by one thread at a time and never reentered, and the dynamic checks were a measurable part
  // of each run (see `PostgresParameters`).

  /// The `PGconn`; valid until `deinit`.
  let handle: OpaquePointer
  /// The connection string with any password removed, for messages.
  let description: String
  /// The number of statements prepared so far, which names the next one.
  private var preparedCount = 0
  /// The number of server-side cursors declared so far, which names the next one.
  private var cursorCount = 0
  /// Set while the owner closes the connection: its prepared statements then go with it, and
  /// deallocating them one by one would only cost round trips.
  var isClosing = false
  /// Receives the SQL text of each statement run (with `?` placeholders, never values).
  @exclusivity(unchecked) var trace: (@Sendable (String) -> Void)?
  /// The SQL of the statements run while an observed read records (see `trackingReads`).
  @exclusivity(unchecked) var recordedSQL: Set<String>?
  /// The SQL of the statements that created, dropped or altered a table or view since the last
  /// ``takeSchemaChanges()``: no trigger announces those, so the writer reports them itself.
  private var schemaChanges: [String] = []
  /// The rows the last INSERT, UPDATE, DELETE or MERGE changed (SQLite's `changes()`).
  @exclusivity(unchecked) private(set) var lastAffectedRowCount = 0
  /// The key the last insert into an autoincrement table returned (SQLite's rowid).
  @exclusivity(unchecked) var lastInsertedKey: Int64 = 0
  /// How many times the connection was re-established: statements prepared in an earlier
  /// session are prepared again.
  @exclusivity(unchecked) private(set) var session = 0
  /// Counts the times this connection's prepared plans were found stale (see
  /// ``invalidatePreparedStatements()``): a statement prepared under an earlier count prepares
  /// again before its next run.
  @exclusivity(unchecked) private(set) var planGeneration = 0
  /// Whether a write closure's transaction waits for its first statement (see
  /// ``deferWriteBegin()``).
  @exclusivity(unchecked) var isWriteBeginDeferred = false
  /// Whether this session holds the write lock of ``lockWrites()``.
  var holdsWriteLock = false
  /// Whether a statement failed with a serialization failure or a deadlock (40001, 40P01) since
  /// the transaction began. Kept by the connection, not read from the error `write` sees, so a
  /// failure the closure caught (`try?`) still has the closure run again: PostgreSQL aborted
  /// the transaction either way.
  @exclusivity(unchecked) var sawRetryableFailure = false
  /// SQL that moves an identity past its table's largest key, left by a keyless insert that a
  /// unique violation refused (see `WriteTransaction.runPostgresInsert`): `write` runs it once
  /// the attempt has rolled back.
  @exclusivity(unchecked) var sequenceRepair: String?

  /// Connects with `conninfo`, a libpq connection string (`host=/run/postgresql dbname=app`) or
  /// URI (`postgresql://app@localhost/app`), always in UTF-8 (`client_encoding`).
  ///
  /// - Throws: ``PostgresError`` with SQLSTATE 08001 and libpq's reason, naming the connection
  ///   string without its password.
  init(conninfo: String) throws {
    let redacted = Self.redacted(conninfo)
    // expand_dbname = 1: the first "dbname" is the whole conninfo or URI; later keywords
    // override what it says, so UTF-8 is set whatever the string holds.
    let keywords = ["dbname", "client_encoding", "fallback_application_name"]
    let values = [conninfo, "UTF8", "quarry"]
    let connection = withCStrings(keywords) { keywords in
      withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
    }
    guard let connection, PQstatus(connection) == CONNECTION_OK else {
      let reason = PostgresError.connectionMessage(connection)
      PQfinish(connection)
      throw PostgresError(
        sqlState: "08001", message: "cannot connect to PostgreSQL (\(redacted)): \(reason)")
    }
    // libpq prints the server's notices ("relation … already exists, skipping" for every
    // `migrate`, "drop cascades to …") to the app's standard error. What Quarry must say it
    // throws; a notice is never an error, so a library has no business printing it.
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
    description = redacted
  }

  deinit {
    PQfinish(handle)
  }

  /// `conninfo` without its password, as `key=value` pairs (a URI is spelled out the same way).
  /// A string libpq cannot parse is not repeated at all: it might be a password.
  static func redacted(_ conninfo: String) -> String {
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(conninfo, &error) else {
      if let error { PQfreemem(error) }
      return "an invalid connection string"
    }
    defer { PQconninfoFree(options) }
    var pairs: [String] = []
    var option = options
    while let keyword = option.pointee.keyword {
      let name = String(cString: keyword)
      if name != "password", let value = option.pointee.val {
        pairs.append("\(name)=\(String(cString: value))")
      }
      option += 1
    }
    return pairs.joined(separator: " ")
  }

  // MARK: Running SQL

  /// Runs `sql` through the simple query protocol, which accepts several statements separated
  /// by semicolons (DDL, `BEGIN`, `LISTEN`), and returns the last one's result in text format.
  ///
  /// - Throws: ``PostgresError`` with the statement's SQLSTATE and message.
  @discardableResult
  func execute(_ sql: String, reporting: Bool = false) throws -> PostgresResult {
    try beginDeferredWrite()
    if reporting { trace?(sql) }
    recordedSQL?.insert(sql)
    return try checked(PQexec(handle, sql), sql: sql)
  }

  /// A new name for a prepared statement on this connection.
  func nextStatementName() -> String {
    preparedCount += 1
    return "quarry_\(preparedCount)"
  }

  /// Prepares `sql` (with `$1…$n` placeholders) as `name`, with the parameter types `types`
  /// (0 lets the server infer one).
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error names.
  func prepare(name: String, sql: String, types: [UInt32], reportedSQL: String) throws {
    let result = types.withUnsafeBufferPointer { types in
      PQprepare(handle, name, sql, Int32(types.count), types.baseAddress)
    }
    _ = try checked(result, sql: reportedSQL)
  }

  /// Runs the prepared statement `name` with `parameters`, asking for binary results.
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error names.
  func executePrepared(name: String, parameters: PostgresParameters, reportedSQL: String) throws
    -> PostgresResult
  {
    trace?(reportedSQL)
    recordedSQL?.insert(reportedSQL)
    let result = parameters.withArguments { count, values, lengths, formats in
      PQexecPrepared(handle, name, count, values, lengths, formats, 1)
    }
    return try checked(result, sql: reportedSQL)
  }

  /// Runs `sql` (with `$1…$n` placeholders) once, unprepared, with `parameters` (their types
  /// given) and binary results.
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error names.
  func executeOnce(sql: String, parameters: PostgresParameters, reportedSQL: String) throws
    -> PostgresResult
  {
    recordedSQL?.insert(reportedSQL)
    let result = parameters.withArguments { count, values, lengths, formats in
      parameters.types.withUnsafeBufferPointer { types in
        PQexecParams(handle, sql, count, types.baseAddress, values, lengths, formats, 1)
      }
    }
    return try checked(result, sql: reportedSQL)
  }

  /// Declares the server-side cursor `name` over `sql` (with `$1…$n` placeholders) bound to
  /// `parameters` of the types `types`; it lives until it is closed or the transaction ends.
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error and the trace name.
  func declareCursor(
    _ name: String, sql: String, parameters: PostgresParameters, types: [UInt32],
    reportedSQL: String
  ) throws {
    trace?(reportedSQL)
    recordedSQL?.insert(reportedSQL)
    let declare = "DECLARE \(name) NO SCROLL CURSOR FOR " + sql
    let result = parameters.withArguments { count, values, lengths, formats in
      types.withUnsafeBufferPointer { types in
        PQexecParams(handle, declare, count, types.baseAddress, values, lengths, formats, 1)
      }
    }
    _ = try checked(result, sql: reportedSQL)
  }

  /// The next `count` rows of the cursor `name`, in binary.
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error names.
  func fetch(_ count: Int32, from name: String, reportedSQL: String) throws -> PostgresResult {
    try checked(
      PQexecParams(handle, "FETCH \(count) FROM \(name)", 0, nil, nil, nil, nil, 1),
      sql: reportedSQL)
  }

  /// Closes the cursor `name`, ignoring failures: the transaction's end closes it anyway.
  func closeCursor(_ name: String) {
    guard isInTransaction else { return }
    PQclear(PQexec(handle, "CLOSE \(name)"))
  }

  /// A new name for a server-side cursor on this connection.
  func nextCursorName() -> String {
    cursorCount += 1
    return "quarry_cursor_\(cursorCount)"
  }

  /// The parameter and result descriptions of the prepared statement `name` (no rows).
  ///
  /// - Throws: ``PostgresError``; `reportedSQL` is what the error names.
  func describePrepared(name: String, reportedSQL: String) throws -> PostgresResult {
    try checked(PQdescribePrepared(handle, name), sql: reportedSQL)
  }

  /// Drops the prepared statement `name`, ignoring failures: the statement is gone either way
  /// once the connection closes.
  func deallocate(name: String) {
    guard PQstatus(handle) == CONNECTION_OK else { return }
    PQclear(PQexec(handle, "DEALLOCATE \(name)"))
  }

  /// `result` when it reports success, otherwise its error (and the result is cleared).
  private func checked(_ result: OpaquePointer?, sql: String?) throws -> PostgresResult {
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_SINGLE_TUPLE:
      guard let result else { break }
      recordChanges(of: result, sql: sql)
      return PostgresResult(handle: result)
    default:
      break
    }
    let error = PostgresError(result: result, connection: handle, sql: sql)
    PQclear(result)
    if error.isSerializationFailure || error.isDeadlock { sawRetryableFailure = true }
    throw error
  }

  /// Keeps the row count of an INSERT, UPDATE, DELETE or MERGE (with or without RETURNING)
  /// for `changes`; other commands leave it, as they leave SQLite's `changes()`.
  /// Also keeps the SQL of a CREATE, DROP or ALTER of a table or view for
  /// ``takeSchemaChanges()``.
  private func recordChanges(of result: OpaquePointer, sql: String?) {
    guard let tag = PQcmdStatus(result) else { return }
    switch UInt8(bitPattern: tag.pointee) {
    case UInt8(ascii: "I"), UInt8(ascii: "U"), UInt8(ascii: "D"), UInt8(ascii: "M"):
      if let tuples = PQcmdTuples(result), tuples.pointee != 0 {
        lastAffectedRowCount = PostgresResult.count(tuples)
      } else if let sql, Self.changesSchema(tag) {
        schemaChanges.append(sql)
      }
    case UInt8(ascii: "C"), UInt8(ascii: "A"):
      if let sql, Self.changesSchema(tag) { schemaChanges.append(sql) }
    default:
      return
    }
  }

  /// Whether the command tag `tag` is that of a CREATE, DROP or ALTER of a table or view.
  private static func changesSchema(_ tag: UnsafePointer<CChar>) -> Bool {
    let object: UnsafePointer<CChar>
    if strncmp(tag, "CREATE ", 7) == 0 {
      object = tag + 7
    } else if strncmp(tag, "DROP ", 5) == 0 {
      object = tag + 5
    } else if strncmp(tag, "ALTER ", 6) == 0 {
      object = tag + 6
    } else {
      return false
    }
    return strcmp(object, "TABLE") == 0 || strcmp(object, "VIEW") == 0
      || strcmp(object, "MATERIALIZED VIEW") == 0
  }

  /// The SQL of the statements that created, dropped or altered a table or view since the last
  /// call (see `schemaChanges`); the list starts over.
  func takeSchemaChanges() -> [String] {
    defer { schemaChanges = [] }
    return schemaChanges
  }

  /// Connects again after the connection was lost (a server restart, a network failure), with
  /// the same parameters; the new session has none of the old one's prepared statements.
  ///
  /// - Throws: ``PostgresError`` (SQLSTATE 08006) when the server still cannot be reached.
  func reconnect() throws {
    PQreset(handle)
    session += 1
    guard PQstatus(handle) == CONNECTION_OK else {
      throw PostgresError(
        sqlState: PostgresError.connectionFailureState,
        message: "cannot reconnect to PostgreSQL (\(description)): "
          + PostgresError.connectionMessage(handle))
    }
  }

  /// Makes every statement of this connection prepare again before its next run.
  ///
  /// PostgreSQL refuses to run a prepared statement whose result columns changed since it was
  /// prepared (a migration dropped, added or retyped a column it returns): "cached plan must
  /// not change result type". When one statement hits that, the others prepared before the same
  /// schema change would too, one failed transaction each; re-preparing them all costs one
  /// round trip per statement, once.
  func invalidatePreparedStatements() {
    planGeneration += 1
  }

  // MARK: Connection state

  /// Whether the connection to the server is still up.
  var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

  /// Whether the connection is outside any transaction block.
  /// A write whose BEGIN is deferred counts as begun: its ROLLBACK or COMMIT then drops it.
  var isIdle: Bool { !isWriteBeginDeferred && PQtransactionStatus(handle) == PQTRANS_IDLE }

  /// Whether the connection is inside a transaction block that has not failed, where a
  /// server-side cursor can be declared.
  var isInTransaction: Bool { PQtransactionStatus(handle) == PQTRANS_INTRANS }

  /// Whether the connection is inside a transaction that failed and awaits ROLLBACK.
  var isInFailedTransaction: Bool { PQtransactionStatus(handle) == PQTRANS_INERROR }

  /// The server's version as an integer, such as 150004 for 15.4.
  var serverVersion: Int { Int(PQserverVersion(handle)) }

  /// A run-time parameter the server reports (`server_encoding`, `TimeZone`…).
  func parameterStatus(_ name: String) -> String? {
    PQparameterStatus(handle, name).map { String(cString: $0) }
  }

  // MARK: Notifications (LISTEN)

  /// The file descriptor of the connection's socket, to wait on with `poll` for notifications;
  /// -1 when the connection is down.
  var socket: Int32 { PQsocket(handle) }

  /// Reads what the server sent without blocking, so ``takeNotifications()`` can return it.
  ///
  /// - Throws: ``PostgresError`` when the connection is lost.
  func consumeInput() throws {
    guard PQconsumeInput(handle) == 1 else {
      throw PostgresError(
        sqlState: PostgresError.connectionFailureState,
        message: PostgresError.connectionMessage(handle))
    }
  }

  /// The notifications received so far (after a query or ``consumeInput()``), oldest first.
  func takeNotifications() -> [PostgresNotification] {
    var notifications: [PostgresNotification] = []
    while let notify = PQnotifies(handle) {
      notifications.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname),
          payload: String(cString: notify.pointee.extra),
          processID: notify.pointee.be_pid))
      PQfreemem(notify)
    }
    return notifications
  }

  /// The server process serving this connection, as notifications name it.
  var backendProcessID: Int32 { PQbackendPID(handle) }
}

/// One `NOTIFY` received on a connection that listens.
struct PostgresNotification: Sendable, Equatable {
  /// The channel, as in `LISTEN quarry_changes`.
  let channel: String
  /// The payload (`pg_notify`'s second argument).
  let payload: String
  /// The server process of the session that notified.
  let processID: Int32
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
}
