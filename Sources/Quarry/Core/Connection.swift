import CSQLite

/// One SQLite connection in multi-thread mode, used by one thread at a time.
///
/// `Database` guarantees exclusive use: the writer behind its lock, readers checked out of a
/// pool. The connection keeps its prepared statements, so each SQL text is compiled once.
///
/// Related SQLite documentation: <https://sqlite.org/threadsafe.html>
final class Connection {
  let handle: OpaquePointer
  /// Statements for free-form SQL (queries with `where`, pragmas), keyed by their text.
  private var statements: [String: Statement] = [:]
  /// Per-table statements (insert, update, fetch by key…), keyed by the record type.
  private var tableStatements: [ObjectIdentifier: TableStatements] = [:]
  /// BEGIN, BEGIN IMMEDIATE, COMMIT and ROLLBACK, prepared on first use: they run around every
  /// closure, so they skip the dictionary lookup of `cachedStatement`.
  private var transactionStatements: [Statement?] = Array(
    repeating: nil, count: TransactionControl.allCases.count)
  private let tracer: Tracer?

  /// The statements that open and close transactions.
  enum TransactionControl: Int, CaseIterable {
    case begin, beginImmediate, commit, rollback

    var sql: String {
      switch self {
      case .begin: return "BEGIN"
      case .beginImmediate: return "BEGIN IMMEDIATE"
      case .commit: return "COMMIT"
      case .rollback: return "ROLLBACK"
      }
    }
  }

  /// Opens the database at `path` with `SQLITE_OPEN_NOMUTEX` plus `flags`.
  init(path: String, flags: Int32, configuration: Database.Configuration) throws {
    var opened: OpaquePointer?
    let resultCode = sqlite3_open_v2(
      path, &opened, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
    guard resultCode == SQLITE_OK, let opened else {
      let error = SQLiteError(resultCode: resultCode, connection: opened, sql: nil)
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Int32(configuration.busyTimeout * 1000))
    if let trace = configuration.trace {
      let tracer = Tracer(trace)
      tracer.install(on: handle)
      self.tracer = tracer
    } else {
      tracer = nil
    }
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit {
    // Statements must be finalized before the connection closes.
    statements.removeAll()
    tableStatements.removeAll()
    transactionStatements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs SQL that returns no rows, without caching it (pragmas, DDL, transactions).
  func execute(_ sql: String) throws {
    let resultCode = sqlite3_exec(handle, sql, nil, nil, nil)
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
    }
  }

  /// The cached statement for `sql`, prepared on first use.
  func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = statements[sql] { return statement }
    let statement = try Statement(connection: handle, sql: sql)
    statements[sql] = statement
    return statement
  }

  /// Runs one of the transaction control statements.
  func run(_ control: TransactionControl) throws {
    if let statement = transactionStatements[control.rawValue] {
      try statement.execute()
      return
    }
    let statement = try Statement(connection: handle, sql: control.sql)
    transactionStatements[control.rawValue] = statement
    try statement.execute()
  }

  /// The statements of table `T` on this connection, built on first use.
  func statements<T: TableRecord>(for type: T.Type) -> TableStatements {
    let key = ObjectIdentifier(type)
    if let existing = tableStatements[key] { return existing }
    let created = TableStatements(table: T.table)
    tableStatements[key] = created
    return created
  }

  /// Whether any cached statement is still mid-step (a leak the tests check for).
  var hasBusyStatements: Bool {
    statements.values.contains { $0.isBusy }
      || tableStatements.values.contains { $0.hasBusyStatements }
  }

  /// The rowid of the last successful INSERT on this connection.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether the connection is outside any explicit transaction.
  var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}
