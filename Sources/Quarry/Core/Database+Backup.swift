import CSQLite

// Copies of a live database: SQLite's online backup API, and VACUUM INTO.
//
// Related SQLite documentation: <https://sqlite.org/backup.html>,
// <https://sqlite.org/lang_vacuum.html#vacuuminto>

extension Database {
  /// Copies the whole database into the file at `path` (created or replaced), through SQLite's
  /// online backup API, while other tasks keep reading and writing.
  ///
  /// ```swift
  /// try db.backup(to: "backup.sqlite")
  /// ```
  ///
  /// The copy is one consistent snapshot: it is read in one read transaction on a reader
  /// connection, so writers are never blocked (WAL mode) and no commit is half in it.
  ///
  /// - Throws: ``SQLiteError`` when the file cannot be opened or written,
  ///   ``DatabaseFileChangedError`` when this database's file was deleted or replaced since it
  ///   was opened (nothing is written then), ``PostgresUnsupportedError`` on PostgreSQL.
  public func backup(to path: String) throws {
    try refuseOnPostgres("backup(to:)", Self.backupOnPostgres)
    // Before the destination exists: a copy of a replaced file's ghost is no backup.
    try checkFiles(rescuingCommits: false)
    let destination = try Connection(
      path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
      configuration: Configuration())
    try withSourceConnection { source in
      try Self.copy(from: source.handle, to: destination.handle)
    }
  }

  /// Why ``backup(to:)-(String)`` cannot apply to PostgreSQL.
  static let backupOnPostgres =
    "it copies a SQLite database file; use pg_dump or the server's backups"

  /// Replaces the contents of `destination` with a copy of this database.
  ///
  /// ```swift
  /// let copy = try Database.inMemory()
  /// try db.backup(to: copy)
  /// ```
  ///
  /// The destination's writer is held for the copy, so its other writes wait; its readers see
  /// the new contents once it is done.
  ///
  /// - Throws: ``SQLiteError``, or ``DatabaseFileChangedError`` when the file of this database
  ///   or of `destination` was deleted or replaced since it was opened (nothing is copied).
  public func backup(to destination: Database) throws {
    try refuseOnPostgres("backup(to:)", Self.backupOnPostgres)
    try destination.refuseOnPostgres("backup(to:)", Self.backupOnPostgres)
    // fatalError keeps its message in -O builds, where precondition drops it.
    if destination === self { fatalError("a database cannot be backed up into itself") }
    try withSourceConnection { source in
      try destination.withWriterConnection { target in
        // Under the destination's writer lock, as its own writes check (and may rescue).
        try destination.checkFiles(rescuingCommits: true)
        try Self.copy(from: source.handle, to: target.handle)
      }
    }
    // The copy replaced every page without the update hook seeing a row: observers refetch.
    destination.observedFile.didCommitElsewhere()
  }

  /// Writes a compacted copy of the database to a new file at `path` with `VACUUM INTO`; the
  /// file must not exist. Other tasks keep reading and writing meanwhile.
  ///
  /// ```swift
  /// try db.vacuum(into: "compact.sqlite")
  /// ```
  ///
  /// Unlike ``backup(to:)-(String)``, the copy leaves out free pages and rebuilds indexes, so it
  /// is as small as the data allows.
  ///
  /// - Throws: ``SQLiteError`` (for example when `path` already exists), or
  ///   ``DatabaseFileChangedError`` when this database's file was deleted or replaced since it
  ///   was opened (no file is written then).
  public func vacuum(into path: String) throws {
    try refuseOnPostgres("vacuum(into:)", "it writes a SQLite database file; use pg_dump")
    try withSourceConnection { connection in
      let statement = try Statement(connection: connection.handle, sql: "VACUUM INTO ?")
      try statement.bind(path, at: 1)
      try statement.execute()
    }
  }

  /// Runs `body` with a connection to read this database from, outside any transaction: a
  /// reader, or the writer of an in-memory database (whose only connection it is). Throws
  /// ``DatabaseFileChangedError`` first when the files are not the ones opened.
  private func withSourceConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    try checkFiles(rescuingCommits: false)
    if let readers { return try readers.withConnection(body) }
    WriterOwnership.checkNotHeld(by: self)
    return try withWriterConnection(body)
  }

  /// Copies every page of `source` into `destination` in one step.
  private static func copy(from source: OpaquePointer, to destination: OpaquePointer) throws {
    guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
      throw SQLiteError(resultCode: sqlite3_errcode(destination), connection: destination, sql: nil)
    }
    var resultCode: Int32
    var retries = 0
    repeat {
      resultCode = sqlite3_backup_step(backup, -1)
      // Busy or locked: another connection holds a lock on the destination; retry shortly, for
      // up to about 10 seconds.
      guard resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED, retries < 2_000 else {
        continue
      }
      retries += 1
      sqlite3_sleep(5)
    } while resultCode == SQLITE_OK
      || (retries < 2_000 && (resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED))
    let finishCode = sqlite3_backup_finish(backup)
    guard resultCode == SQLITE_DONE, finishCode == SQLITE_OK else {
      throw SQLiteError(
        resultCode: resultCode == SQLITE_DONE ? finishCode : resultCode, connection: destination,
        sql: nil)
    }
  }
}
