import CSQLite

/// A prepared SQL statement, compiled once per connection and reused.
///
/// Generated code meets statements in `bind(to:)`, where it binds each column's value to the
/// numbered parameter of the same position (1-based, as in SQLite):
///
/// ```swift
/// public func bind(to statement: Statement) throws {
///   try statement.bind(id, at: 1)
///   try statement.bind(name, at: 2)
///   try statement.bindJSON(tags, at: 3)
/// }
/// ```
///
/// Statements belong to the connection of the `read` or `write` closure that uses them and never
/// leave it.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/stmt.html>
public final class Statement {
  /// The prepared statement; valid until `deinit`. On PostgreSQL, a placeholder statement of
  /// an in-memory SQLite connection that no path uses: each one tests ``postgres`` first.
  @usableFromInline let handle: OpaquePointer
  /// The PostgreSQL statement this one runs; nil on SQLite.
  @usableFromInline let postgres: PostgresStatement?
  /// Whether ``postgres`` is set: what the inlinable hot paths test, since testing the optional
  /// reference itself cost a retain and a release per value read (callgrind, fetch all).
  @usableFromInline let isPostgres: Bool
  /// ``postgres`` without ownership, for the per-value readers: `self` keeps it alive, and a
  /// reader only runs while its row's statement is alive. `Unmanaged`, read through
  /// `_withUnsafeGuaranteedRef`: an `unowned(unsafe)` reference was still retained and released
  /// around every value read (40 instructions of a value's ~200, callgrind, fetch all).
  let borrowedPostgres: Unmanaged<PostgresStatement>?
  /// The SQL text the statement was prepared from.
  public let sql: String
  /// The table whose rows are being read, for error messages.
  var tableName = ""

  /// Compiles `sql` on `connection`.
  init(connection: OpaquePointer, sql: String) throws {
    var prepared: OpaquePointer?
    let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
    let resultCode = sqlite3_prepare_v3(connection, sql, -1, flags, &prepared, nil)
    guard resultCode == SQLITE_OK, let prepared else {
      sqlite3_finalize(prepared)
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: sql)
    }
    self.handle = prepared
    self.sql = sql
    postgres = nil
    isPostgres = false
    borrowedPostgres = nil
  }

  /// Wraps a PostgreSQL statement; `placeholder` is the SQLite handle no path reads (see
  /// ``handle``), owned by the connection.
  init(postgres: PostgresStatement, placeholder: OpaquePointer) {
    self.handle = placeholder
    self.sql = postgres.sql
    self.postgres = postgres
    isPostgres = true
    borrowedPostgres = Unmanaged.passUnretained(postgres)
  }

  deinit {
    if postgres == nil { sqlite3_finalize(handle) }
  }

  /// Advances to the next row: `true` when a row is available, `false` when done.
  ///
  /// A failed step throws its error once and resets the statement, so that the error is
  /// reported where it happened and is not reported again by a later ``reset()``.
  ///
  /// - Throws: ``SQLiteError`` with the step's result code, message and SQL.
  // Inlinable (the row case only), so the decoding loops of generated code and selections
  // step without a call into Quarry per row.
  @inlinable
  func step() throws -> Bool {
    if _slowPath(isPostgres) { return try postgresStep() }
    let resultCode = sqlite3_step(handle)
    if resultCode == SQLITE_ROW { return true }
    return try endOfSteps(resultCode)
  }

  /// ``step()`` on PostgreSQL: the first step runs the statement; a failure resets it.
  @usableFromInline
  func postgresStep() throws -> Bool {
    guard let postgres else { return false }
    do {
      return try postgres.step()
    } catch {
      postgres.reset()
      throw error
    }
  }

  /// The result of a step that returned no row: `false` when done, otherwise the error.
  @usableFromInline
  func endOfSteps(_ resultCode: Int32) throws -> Bool {
    switch resultCode {
    case SQLITE_DONE: return false
    default:
      // Read the message before the reset: it is the connection's last error.
      let error = SQLiteError(resultCode: resultCode, connection: connectionHandle, sql: sql)
      // With statements from sqlite3_prepare_v3, reset returns the failed step's code again:
      // the error just captured, not a new one. Afterwards the statement is clean.
      _ = sqlite3_reset(handle)
      throw error
    }
  }

  /// The rows left after the current one, when the engine knows them: PostgreSQL has received
  /// every row of its result with the first step (a cursor's, those of its current batch). 0 on
  /// SQLite, which learns of a row only by stepping to it.
  ///
  /// Decoding loops reserve this much room after their first step, so a PostgreSQL result of
  /// many rows does not grow (copy) its array a logarithmic number of times.
  @inlinable
  var knownRemainingRowCount: Int {
    if _slowPath(isPostgres) { return postgresRemainingRowCount() }
    return 0
  }

  @usableFromInline
  func postgresRemainingRowCount() -> Int {
    borrowedPostgres?._withUnsafeGuaranteedRef { $0.remainingRowCount } ?? 0
  }

  /// Runs a statement that returns no rows.
  func execute() throws {
    defer { reset() }
    while try step() {}
  }

  /// Ends the current run so the statement can run again; keeps its bindings.
  ///
  /// Reset repeats the result of the last step. ``step()`` throws a failure itself and resets
  /// straight away, so by the time this runs the last step succeeded (or the statement never
  /// ran) and reset has nothing to report: reporting it here would either repeat an error
  /// already thrown or replace the error the caller is throwing.
  ///
  /// Related SQLite documentation: <https://sqlite.org/c3ref/reset.html>
  @usableFromInline
  func reset() {
    if let postgres { return postgres.reset() }
    let resultCode = sqlite3_reset(handle)
    assert(resultCode == SQLITE_OK, "reset reported \(resultCode) after a successful step: \(sql)")
  }

  /// Runs `body` and resets the statement afterwards, so its read cursor and locks go away
  /// even when `body` throws.
  func withReset<T>(_ body: (Statement) throws -> T) rethrows -> T {
    defer { reset() }
    return try body(self)
  }

  /// Whether the statement has started stepping and was not reset yet.
  var isBusy: Bool {
    if let postgres { return postgres.isBusy }
    return sqlite3_stmt_busy(handle) != 0
  }

  /// The number of columns in the statement's result.
  var columnCount: Int32 {
    if let postgres { return postgres.columnCount }
    return sqlite3_column_count(handle)
  }

  /// The name of result column `index` (0-based).
  func columnName(at index: Int32) -> String {
    if let postgres { return postgres.columnName(at: index) }
    guard let name = sqlite3_column_name(handle, index) else { return "#\(index)" }
    return String(cString: name)
  }

  /// The connection that owns the statement.
  var connectionHandle: OpaquePointer? {
    postgres == nil ? sqlite3_db_handle(handle) : nil
  }

  /// The rows the last run changed (INSERT, UPDATE, DELETE), on PostgreSQL.
  var postgresAffectedRowCount: Int { postgres?.affectedRowCount ?? 0 }
}
