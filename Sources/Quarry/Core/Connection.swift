import CSQLite

/// One SQLite connection in multi-thread mode, used by one thread at a time.
///
/// `Database` guarantees exclusive use: the writer behind its lock, readers checked out of a
/// pool. The connection keeps its prepared statements, so each SQL text is compiled once.
///
/// Related SQLite documentation: <https://sqlite.org/threadsafe.html>
final class Connection {
  /// The SQLite connection. On PostgreSQL, a private in-memory database that no path uses (each
  /// tests ``postgres`` first); it keeps the SQLite-only parts (hooks, functions) harmless.
  let handle: OpaquePointer
  /// The PostgreSQL connection this one runs on; nil on SQLite.
  let postgres: PostgresConnection?
  /// How the runtime spells SQL on this connection's engine.
  let dialect: SQLDialect
  /// On PostgreSQL, the SQLite statement of `handle` that stands in as every statement's
  /// unused ``Statement/handle``.
  private let placeholderStatement: OpaquePointer?
  /// Statements for free-form SQL (queries with `where`, pragmas), keyed by their text.
  private var statements = StatementCache()
  /// Per-table statements (insert, update, fetch by key…), keyed by the record type.
  private var tableStatements: [ObjectIdentifier: TableStatements] = [:]
  /// Statements of owned child tables, keyed by the `OwnedTable` object.
  private var ownedTableStatements: [ObjectIdentifier: OwnedTableStatements] = [:]
  /// The entry of `tableStatements` used last.
  private var lastTable: (key: ObjectIdentifier, statements: TableStatements)?
  /// BEGIN, BEGIN IMMEDIATE, COMMIT and ROLLBACK, prepared when the connection opens: they run
  /// around every closure, and constants cost neither a dictionary lookup nor an exclusivity
  /// check.
  private let transactionStatements: TransactionStatements
  private let tracer: Tracer?
  /// What observation learns from SQLite: reads recorded while compiling, changed tables.
  let hooks: ConnectionHooks
  /// How many of the database's added functions and collations this connection has (see
  /// `ConnectionCustomizations`).
  var installedCustomizationCount = 0
  /// How many savepoints of `WriteTransaction.inSavepoint` are open, which names the next one.
  var savepointDepth = 0
  /// The cursors fetched in the current transaction, ended when it ends.
  var openCursors: [WeakCursor] = []

  /// Ends the transaction's cursors, so none keeps reading (or holds its snapshot) after the
  /// closure returns, and a cursor used afterwards stops the program.
  func finishCursors() {
    for cursor in openCursors { cursor.cursor?.endWithTransaction() }
    openCursors.removeAll()
  }

  /// The statements that open and close transactions.
  enum TransactionControl {
    case begin, beginImmediate, commit, rollback
  }

  private struct TransactionStatements {
    let begin: Statement
    let beginImmediate: Statement
    let commit: Statement
    let rollback: Statement

    init(connection: OpaquePointer) throws {
      begin = try Statement(connection: connection, sql: "BEGIN")
      beginImmediate = try Statement(connection: connection, sql: "BEGIN IMMEDIATE")
      commit = try Statement(connection: connection, sql: "COMMIT")
      rollback = try Statement(connection: connection, sql: "ROLLBACK")
    }
  }

  /// Opens the database at `path` with `SQLITE_OPEN_NOMUTEX` plus `flags` (which say whether
  /// `path` is a URI).
  ///
  /// Foreign keys are enforced on connections that can write; read-only connections skip the
  /// checks SQLite would otherwise run when each statement ends.
  init(path: String, flags: Int32, configuration: Database.Configuration) throws {
    var opened: OpaquePointer?
    let resultCode = sqlite3_open_v2(
      path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard resultCode == SQLITE_OK, let opened else {
      let error = SQLiteError(resultCode: resultCode, connection: opened, sql: nil)
      sqlite3_close_v2(opened)
      throw error
    }
    let tracer = configuration.trace.map(Tracer.init)
    do {
      try Self.configure(opened, configuration: configuration, tracer: tracer)
      transactionStatements = try TransactionStatements(connection: opened)
    } catch {
      // close_v2 waits for the statements prepared so far to be finalized.
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    postgres = nil
    dialect = .sqlite
    placeholderStatement = nil
    self.tracer = tracer
    hooks = ConnectionHooks(isWriter: flags & SQLITE_OPEN_READONLY == 0)
    hooks.install(on: opened)
    if flags & SQLITE_OPEN_READONLY == 0 {
      try execute("PRAGMA foreign_keys = ON")
    }
  }

  /// Turns on extended result codes, turns off double-quoted string literals, sets the busy
  /// timeout and installs the tracer.
  ///
  /// With double-quoted strings on (SQLite's legacy default), a misspelled `"column"` silently
  /// becomes the text 'column'; off, it is a "no such column" error, in generated and raw SQL.
  ///
  /// Related SQLite documentation: <https://sqlite.org/quirks.html#dblquote>
  private static func configure(
    _ connection: OpaquePointer, configuration: Database.Configuration, tracer: Tracer?
  ) throws {
    try check(sqlite3_extended_result_codes(connection, 1), on: connection)
    try check(
      quarry_sqlite_db_config_int(connection, SQLITE_DBCONFIG_DQS_DML, 0), on: connection)
    try check(
      quarry_sqlite_db_config_int(connection, SQLITE_DBCONFIG_DQS_DDL, 0), on: connection)
    try check(
      sqlite3_busy_timeout(connection, busyTimeoutMilliseconds(configuration.busyTimeout)),
      on: connection)
    try tracer?.install(on: connection)
    try UnicodeCaseFunctions.install(on: connection)
  }

  /// `seconds` as the whole milliseconds SQLite takes, clamped to `0...Int32.max` so that a
  /// negative, infinite or NaN configuration cannot trap.
  static func busyTimeoutMilliseconds(_ seconds: Double) -> Int32 {
    let milliseconds = (seconds * 1000).rounded()
    guard milliseconds > 0 else { return 0 }  // also NaN
    return milliseconds < Double(Int32.max) ? Int32(milliseconds) : Int32.max
  }

  private static func check(_ resultCode: Int32, on connection: OpaquePointer) throws {
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
    }
  }

  /// Connects to PostgreSQL with `conninfo`; `isWriter` says whether the connection will run
  /// `write` closures.
  ///
  /// - Throws: ``PostgresError`` when the server cannot be reached or refuses the connection.
  init(postgres conninfo: String, configuration: Database.Configuration, isWriter: Bool) throws {
    let connection = try PostgresConnection(conninfo: conninfo)
    connection.trace = configuration.trace
    var opened: OpaquePointer?
    var placeholder: OpaquePointer?
    guard
      sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        == SQLITE_OK, let opened,
      sqlite3_prepare_v2(opened, "SELECT NULL", -1, &placeholder, nil) == SQLITE_OK,
      let placeholder
    else {
      sqlite3_close_v2(opened)
      throw PostgresError(sqlState: "58000", message: "cannot open SQLite's in-memory stand-in")
    }
    do {
      transactionStatements = try TransactionStatements(connection: opened)
    } catch {
      sqlite3_finalize(placeholder)
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    postgres = connection
    dialect = .postgres
    placeholderStatement = placeholder
    tracer = nil
    hooks = ConnectionHooks(isWriter: isWriter)
  }

  deinit {
    // The server drops a session's prepared statements with it.
    postgres?.isClosing = true
    // Statements are finalized when released; close_v2 closes once the last one is.
    statements.removeAll()
    tableStatements.removeAll()
    lastTable = nil
    if tracer != nil { Tracer.uninstall(from: handle) }
    hooks.uninstall(from: handle)
    if let placeholderStatement { sqlite3_finalize(placeholderStatement) }
    // close_v2 only reports misuse (a bad handle); with statements still alive it defers the
    // close instead of failing.
    sqlite3_close_v2(handle)
  }

  /// Runs SQL that returns no rows, without caching it (pragmas, DDL, transactions).
  func execute(_ sql: String) throws {
    if let postgres {
      try postgres.execute(sql, reporting: true)
      return
    }
    let resultCode = sqlite3_exec(handle, sql, nil, nil, nil)
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
    }
  }

  /// The cached statement for `sql`, prepared on first use; the least recently used one is
  /// evicted when the cache is full.
  func cachedStatement(_ sql: String) throws -> Statement {
    if let postgres, let placeholderStatement {
      return statements.statement(for: sql) {
        Self.makeStatement($0, postgres: postgres, placeholder: placeholderStatement)
      }
    }
    let handle = handle
    return try statements.statement(for: sql) { try Statement(connection: handle, sql: $0) }
  }

  /// A new statement for `sql`, not cached: compiled now on SQLite, prepared on its first run
  /// on PostgreSQL.
  ///
  /// - Throws: ``SQLiteError`` when SQLite cannot compile `sql`.
  ///
  /// `parameterCount` makes a PostgreSQL statement take at least that many parameters, for SQL
  /// that leaves out some of the values bound to it (SQLite counts up to the largest `?NNN`).
  func makeStatement(_ sql: String, parameterCount: Int? = nil) throws -> Statement {
    guard let postgres, let placeholderStatement else {
      return try Statement(connection: handle, sql: sql)
    }
    return Self.makeStatement(
      sql, postgres: postgres, placeholder: placeholderStatement, parameterCount: parameterCount)
  }

  private static func makeStatement(
    _ sql: String, postgres: PostgresConnection, placeholder: OpaquePointer,
    parameterCount: Int? = nil
  ) -> Statement {
    let statement = PostgresStatement(connection: postgres, sql: sql)
    if let parameterCount { statement.parameters.reserve(parameterCount) }
    return Statement(postgres: statement, placeholder: placeholder)
  }

  /// The number of free-form statements cached (for tests).
  var cachedStatementCount: Int { statements.count }

  /// Whether `sql` has a cached statement (for tests).
  func hasCachedStatement(_ sql: String) -> Bool { statements.contains(sql) }

  /// The `ReadTransaction` of the last `read` closure, kept to save an allocation per read.
  private var spareReadTransaction: ReadTransaction?

  /// A valid read transaction on this connection: the spare one, or a new one.
  func takeReadTransaction() -> ReadTransaction {
    guard let transaction = spareReadTransaction.take() else {
      return ReadTransaction(connection: self)
    }
    transaction.revalidate()
    return transaction
  }

  /// Invalidates `transaction` and keeps it for the next read, unless the closure kept a
  /// reference to it: that copy must stay invalid for good, so a new one is made next time.
  func returnReadTransaction(_ transaction: consuming ReadTransaction) {
    transaction.invalidate()
    if isKnownUniquelyReferenced(&transaction) { spareReadTransaction = transaction }
  }

  /// Drops the spare read transaction, which holds this connection: the owner calls it before
  /// letting the connection go.
  func releaseSpareReadTransaction() {
    spareReadTransaction = nil
  }

  /// Runs one of the transaction control statements.
  func run(_ control: TransactionControl) throws {
    if let postgres { return try postgres.run(control) }
    switch control {
    case .begin: try transactionStatements.begin.execute()
    case .beginImmediate: try transactionStatements.beginImmediate.execute()
    case .commit: try transactionStatements.commit.execute()
    case .rollback: try transactionStatements.rollback.execute()
    }
  }

  /// The statements of table `T` on this connection, built on first use.
  func statements<T: TableRecord>(for type: T.Type) -> TableStatements {
    let key = ObjectIdentifier(type)
    // Most closures touch one table: one comparison instead of hashing the key.
    if let lastTable, lastTable.key == key { return lastTable.statements }
    let statements: TableStatements
    if let existing = tableStatements[key] {
      statements = existing
    } else {
      statements = TableStatements(
        table: T.table, postgres: postgres != nil, returnsWrittenRow: T.hasOwnedChildren)
      tableStatements[key] = statements
    }
    lastTable = (key, statements)
    return statements
  }

  /// The statements of the owned child table `table` on this connection, built on first use.
  func statements(for table: OwnedTable) -> OwnedTableStatements {
    let key = ObjectIdentifier(table)
    if let existing = ownedTableStatements[key] { return existing }
    let statements = OwnedTableStatements(table: table)
    ownedTableStatements[key] = statements
    return statements
  }

  /// The most parameters one statement may have (`SQLITE_LIMIT_VARIABLE_NUMBER`).
  var variableLimit: Int {
    // The protocol counts a statement's parameters in 16 bits.
    if postgres != nil { return 65_535 }
    return Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
  }

  /// Whether any cached statement is still mid-step (a leak the tests check for).
  var hasBusyStatements: Bool {
    statements.hasBusyStatements
      || tableStatements.values.contains { $0.hasBusyStatements }
      || ownedTableStatements.values.contains { $0.hasBusyStatements }
  }

  /// The rowid of the last successful INSERT on this connection.
  var lastInsertedRowID: Int64 {
    if let postgres { return postgres.lastInsertedKey }
    return sqlite3_last_insert_rowid(handle)
  }

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  var changes: Int {
    if let postgres { return postgres.lastAffectedRowCount }
    return Int(sqlite3_changes(handle))
  }

  /// Whether SQLite opened the main database read-only (as it does, silently, with a file it
  /// cannot write).
  var isReadOnly: Bool { postgres == nil && sqlite3_db_readonly(handle, "main") == 1 }

  /// The absolute path of the main database file, or nil for an in-memory database.
  var fileName: String? {
    guard postgres == nil else { return nil }
    guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return nil }
    return String(cString: name)
  }

  /// Whether the connection is outside any explicit transaction.
  var isAutocommit: Bool {
    if let postgres { return postgres.isIdle }
    return sqlite3_get_autocommit(handle) != 0
  }
}
