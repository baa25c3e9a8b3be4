import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The SQLite callbacks observation relies on, installed on every connection.
///
/// - On every connection, an authorizer records the tables and columns that statements
///   prepared while ``isRecordingReads`` is set will read (`SQLITE_READ`). It runs only when
///   SQLite compiles a statement, never per row.
/// - On the writer, the update hook collects the names of the tables whose rows change, the
///   commit hook keeps them for ``takeCommittedTables()`` and the rollback hook drops them. The
///   update hook costs one pointer comparison per changed row while the table stays the same.
///   The authorizer also answers `SQLITE_IGNORE` to `DELETE`, which turns SQLite's truncate
///   optimization off (a `DELETE` without `WHERE` would otherwise change rows without calling the
///   update hook), and counts the table of a `CREATE`, `DROP` or `ALTER TABLE` as changed.
///
/// SQLite keeps unretained pointers to `self`: the connection owns its hooks and calls
/// ``uninstall(from:)`` before it closes.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/set_authorizer.html>,
/// <https://sqlite.org/c3ref/update_hook.html>, <https://sqlite.org/c3ref/commit_hook.html>
final class ConnectionHooks {
  /// Whether the authorizer records what statements being prepared read.
  var isRecordingReads = false
  /// Table name → column names read (an empty column for `COUNT(*)`-like reads of no column),
  /// by statements prepared while recording.
  var recordedReads: [String: Set<String>] = [:]
  /// What the statements of each SQL text read, for cached statements that run again without
  /// compiling (see `Connection.trackingReads`).
  var readsBySQL: [String: [String: Set<String>]] = [:]

  private let isWriter: Bool
  /// Tables changed by the current transaction.
  private var pendingTables: Set<String> = []
  /// Tables changed by transactions committed since the last ``takeCommittedTables()``.
  private var committedTables: Set<String> = []
  /// A copy of the table name the update hook inserted last (NUL-terminated; empty when none):
  /// a run of changes to one table costs a `strcmp` per row instead of a String and a hash.
  private var lastTableName: [CChar] = []

  /// The table or view a DROP statement being compiled names, until its DELETE check.
  private var droppedTable: String?

  init(isWriter: Bool) {
    self.isWriter = isWriter
  }

  /// Registers the callbacks with SQLite.
  func install(on connection: OpaquePointer) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_set_authorizer(
      connection,
      { context, action, first, second, _, _ in
        guard let context else { return SQLITE_OK }
        return Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
          .authorize(action, first, second)
      }, context)
    guard isWriter else { return }
    sqlite3_update_hook(
      connection,
      { context, _, _, table, _ in
        guard let context, let table else { return }
        Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().rowChanged(in: table)
      }, context)
    sqlite3_commit_hook(
      connection,
      { context in
        guard let context else { return 0 }
        Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().willCommit()
        return 0  // 0 lets the commit proceed
      }, context)
    sqlite3_rollback_hook(
      connection,
      { context in
        guard let context else { return }
        Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue().didRollBack()
      }, context)
  }

  /// Unregisters every callback, so none can reach a released object.
  func uninstall(from connection: OpaquePointer) {
    sqlite3_set_authorizer(connection, nil, nil)
    guard isWriter else { return }
    sqlite3_update_hook(connection, nil, nil)
    sqlite3_commit_hook(connection, nil, nil)
    sqlite3_rollback_hook(connection, nil, nil)
  }

  /// The tables changed by the transactions committed since the last call, emptied.
  func takeCommittedTables() -> Set<String> {
    defer { committedTables = [] }
    return committedTables
  }

  /// Forgets changes of transactions whose commit failed.
  func discardChanges() {
    pendingTables = []
    committedTables = []
    lastTableName = []
  }

  private func authorize(
    _ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?
  ) -> Int32 {
    switch action {
    case SQLITE_READ:
      guard isRecordingReads, let first else { return SQLITE_OK }
      let column = second.map { String(cString: $0) } ?? ""
      recordedReads[String(cString: first), default: []].insert(column)
      return SQLITE_OK
    case SQLITE_DELETE:
      guard isWriter, let first, !Self.isInternal(first) else { return SQLITE_OK }
      if let dropped = droppedTable.take(), dropped == String(cString: first) {
        // DROP TABLE asks for DELETE right after DROP_TABLE; ignoring it would skip the drop.
        return SQLITE_OK
      }
      // The DELETE still runs; only the truncate optimization, which skips the update hook,
      // is off.
      return SQLITE_IGNORE
    case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW:
      guard isWriter, let first else { return SQLITE_OK }
      let name = String(cString: first)
      droppedTable = name
      pendingTables.insert(name)
      return SQLITE_OK
    case SQLITE_CREATE_TABLE:
      if isWriter, let first { pendingTables.insert(String(cString: first)) }
      return SQLITE_OK
    case SQLITE_ALTER_TABLE:
      // For ALTER TABLE the first argument is the schema, the second the table.
      if isWriter, let second { pendingTables.insert(String(cString: second)) }
      return SQLITE_OK
    default:
      return SQLITE_OK
    }
  }

  private static func isInternal(_ table: UnsafePointer<CChar>) -> Bool {
    strncmp(table, "sqlite_", 7) == 0
  }

  private func rowChanged(in table: UnsafePointer<CChar>) {
    if !lastTableName.isEmpty, strcmp(lastTableName, table) == 0 { return }
    pendingTables.insert(String(cString: table))
    lastTableName = Array(UnsafeBufferPointer(start: table, count: strlen(table) + 1))
  }

  private func willCommit() {
    if !pendingTables.isEmpty {
      committedTables.formUnion(pendingTables)
      pendingTables = []
    }
    lastTableName = []
  }

  private func didRollBack() {
    pendingTables = []
    lastTableName = []
  }
}
