import CSQLite
import Foundation

/// A SQLite database that many tasks can use at once.
///
/// Writes go through one writer connection, one `write` closure at a time, each closure one
/// transaction. Reads run on a small pool of read-only connections, each `read` closure in one
/// read transaction, so its queries see one snapshot and never wait for the writer (WAL mode).
/// Only values cross closures: the transactions passed in are valid inside the closure only.
///
/// ```swift
/// let db = try Database(path: "birds.sqlite")
/// try db.migrate(Bird.self, Nest.self)
/// let rowID = try db.write { try $0.insert(bird) }
/// let robins = try db.read {
///   try $0.fetchAll(Bird.self, where: Bird.Columns.name == "Robin")
/// }
/// let count = try await db.read { try $0.count(Bird.self) }
/// ```
///
/// Calling `write` from inside a `write` closure (or `read`, for an in-memory database) is a
/// programming error that stops with a precondition failure: use the transaction you were given.
///
/// Related SQLite documentation: <https://sqlite.org/wal.html>,
/// <https://sqlite.org/lang_transaction.html>
public final class Database: @unchecked Sendable {
  /// The path of the database file, or `:memory:`.
  public let path: String
  /// Whether the database was opened with `readOnly: true`.
  public let isReadOnly: Bool
  let writer: Connection
  let writeLock = NSLock()
  /// Whether the database is a PostgreSQL server's (``init(postgres:configuration:)``).
  let isPostgres: Bool
  /// Read-only connections; nil for an in-memory database, whose reads use the writer.
  let readers: ConnectionPool?
  /// What the database's files were at open; nil for an in-memory database.
  private let fileIdentity: DatabaseFileIdentity?
  /// Where the async overloads run their closures; see `Database+Async.swift`.
  let asyncQueues: AsyncQueues
  /// The observers of this database's file, shared with other `Database` values on the file.
  let observedFile: ObservedFile
  /// How often observers' polling looks for other processes' commits; nil turns it off.
  let externalChangePollInterval: TimeInterval?
  /// On PostgreSQL, what observation keeps (the listener's connection string); nil on SQLite.
  let postgresObservation: PostgresObservation?
  /// Functions and collations added with `add(function:)` and `add(collation:)`.
  let customizations = ConnectionCustomizations()

  /// Opens (creating if needed) the database file at `path`, in WAL mode with foreign keys on
  /// and a busy timeout.
  ///
  /// `":memory:"` gives the same private database as ``inMemory(configuration:)``. Any other
  /// `path` is a file path, even one that starts with `file:` or holds `?`: open a URI with
  /// ``init(uri:readOnly:configuration:)``.
  ///
  /// ```swift
  /// let db = try Database(path: "app.sqlite")
  /// ```
  ///
  /// With `readOnly`, opens an existing database without changing it: no switch to WAL, no
  /// file created, and every `write` throws ``SQLiteError`` code 8 (`SQLITE_READONLY`).
  ///
  /// ```swift
  /// let archive = try Database(path: "archive.sqlite", readOnly: true)
  /// ```
  ///
  /// A file that cannot be opened is an error naming the path and the cause: a directory, a
  /// missing folder, a name too long, a read-only medium (or a file that cannot be written,
  /// opened without `readOnly`), a WAL database whose `-shm` a read-only open cannot create.
  ///
  /// - Throws: ``SQLiteError`` when the file cannot be opened or configured.
  public convenience init(
    path: String, readOnly: Bool = false, configuration: Configuration = Configuration()
  ) throws {
    try self.init(location: path, isURI: false, readOnly: readOnly, configuration: configuration)
  }

  /// Opens the database that an SQLite URI names, such as
  /// `file:birds.sqlite?mode=ro&cache=private` or `file:shared?mode=memory&cache=shared`.
  ///
  /// ```swift
  /// let db = try Database(uri: "file:/data/birds.sqlite?nolock=1", readOnly: true)
  /// ```
  ///
  /// Related SQLite documentation: <https://sqlite.org/uri.html>
  ///
  /// - Throws: ``SQLiteError`` when the database cannot be opened or configured.
  public convenience init(
    uri: String, readOnly: Bool = false, configuration: Configuration = Configuration()
  ) throws {
    try self.init(location: uri, isURI: true, readOnly: readOnly, configuration: configuration)
  }

  private init(location: String, isURI: Bool, readOnly: Bool, configuration: Configuration)
    throws
  {
    self.path = location
    self.isReadOnly = readOnly
    isPostgres = false
    let isPrivate = Self.isPrivateToOneConnection(location, isURI: isURI)
    // SQLite reads a name starting with "file:" as a URI whatever the flags when it was built
    // with SQLITE_USE_URI (as Debian's is): "./" keeps such a relative path a path.
    let name = !isURI && location.hasPrefix("file:") ? "./" + location : location
    let uriFlag = isURI ? SQLITE_OPEN_URI : 0
    asyncQueues = AsyncQueues(readerCount: isPrivate ? 1 : configuration.maximumReaderCount)
    externalChangePollInterval = configuration.externalChangePollInterval
    postgresObservation = nil
    do {
      writer = try Connection(
        path: name,
        flags: (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
          | uriFlag,
        configuration: configuration)
      // Other connections to ":memory:" or "" would each open a different, empty database.
      guard !isPrivate else {
        observedFile = ObservedFile(isShared: false)
        readers = nil
        fileIdentity = nil
        return
      }
      if !readOnly {
        guard !writer.isReadOnly else { throw OpenFailure.openedReadOnly(path: location) }
        try writer.switchToWAL(busyTimeout: configuration.busyTimeout)
        // In WAL mode NORMAL keeps the database consistent after a crash; only the last commits
        // before a power loss may be rolled back.
        try writer.execute("PRAGMA synchronous = NORMAL")
      }
      // Reads the header (and opens the WAL and its index), so that a file SQLite cannot read
      // fails here, not at the first query, and the WAL files exist for their identity.
      try writer.execute("PRAGMA schema_version")
    } catch let error as SQLiteError {
      throw OpenFailure.explained(error, path: location, readOnly: readOnly)
    }
    let file = writer.fileName ?? location
    fileIdentity = DatabaseFileIdentity(path: file)
    observedFile = ObservationRegistry.file(forPath: file)
    readers = ConnectionPool(maximumCount: configuration.maximumReaderCount) {
      try Connection(
        path: name, flags: SQLITE_OPEN_READONLY | uriFlag, configuration: configuration)
    }
  }

  /// Opens the PostgreSQL database `conninfo` names: one writer connection, up to
  /// `configuration.maximumReaderCount` readers opened on demand (see `Database+Postgres.swift`).
  init(postgresConninfo conninfo: String, configuration: Configuration) throws {
    writer = try Connection(postgres: conninfo, configuration: configuration, isWriter: true)
    path = writer.postgres?.description ?? ""
    isReadOnly = false
    isPostgres = true
    fileIdentity = nil
    asyncQueues = AsyncQueues(readerCount: configuration.maximumReaderCount)
    // Shared: other processes and clients write the database, heard by the LISTEN connection.
    observedFile = ObservedFile(isShared: true)
    externalChangePollInterval = nil
    postgresObservation = PostgresObservation(conninfo: conninfo)
    readers = ConnectionPool(maximumCount: configuration.maximumReaderCount) {
      try Connection(postgres: conninfo, configuration: configuration, isWriter: false)
    }
  }

  /// Whether `location` names a database that only the connection opening it can see.
  private static func isPrivateToOneConnection(_ location: String, isURI: Bool) -> Bool {
    guard isURI else { return location.isEmpty || location == ":memory:" }
    return location.hasPrefix("file::memory:") || location == "file:"
      || location.contains("mode=memory")
  }

  /// A private in-memory database, gone when the value is released: for tests and previews.
  ///
  /// ```swift
  /// let db = try Database.inMemory()
  /// try db.migrate(Bird.self)
  /// ```
  ///
  /// Reads and writes share one connection, so they take turns.
  public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
    try Database(path: ":memory:", configuration: configuration)
  }

  /// Runs `body` in one write transaction: committed when it returns, rolled back when it
  /// throws.
  ///
  /// ```swift
  /// let rowID = try db.write { try $0.insert(bird) }
  /// try db.write { db in
  ///   try db.update(robin)
  ///   try db.delete(Bird.self, id: sparrowID)
  /// }
  /// ```
  ///
  /// - Throws: what `body` throws, or ``SQLiteError`` when the transaction cannot begin or
  ///   commit.
  @discardableResult
  public func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
    try performWrite(body)
  }

  /// The work of every `write`: one transaction on the writer.
  ///
  /// With `foreignKeysOff` (migrations), foreign keys are not enforced during the transaction
  /// and are back on after it: SQLite ignores the pragma inside a transaction.
  func performWrite<T>(foreignKeysOff: Bool = false, _ body: (WriteTransaction) throws -> T)
    throws -> T
  {
    guard !isReadOnly else {
      throw SQLiteError(
        code: SQLITE_READONLY, message: "the database at \(path) was opened read-only")
    }
    if isPostgres { return try performPostgresWrite(foreignKeysOff: foreignKeysOff, body) }
    var changedTables: Set<String> = []
    // Observers hear of the commit once the writer is free again (see ObservedFile).
    defer { if !changedTables.isEmpty { observedFile.didCommit(changedTables, from: self) } }
    return try WriterOwnership.withOwnership(of: self) {
      writeLock.lock()
      defer { writeLock.unlock() }
      try checkFiles(rescuingCommits: true)
      if foreignKeysOff { try writer.execute("PRAGMA foreign_keys = OFF") }
      defer { if foreignKeysOff { try? writer.execute("PRAGMA foreign_keys = ON") } }
      let transaction = WriteTransaction(connection: writer)
      defer { transaction.invalidate() }
      try transaction.begin(.beginImmediate)
      do {
        let result = try transaction.commit { try body(transaction) }
        changedTables = writer.hooks.takeCommittedTables()
        return result
      } catch {
        writer.hooks.discardChanges()
        throw error
      }
    }
  }

  /// Runs `body` with the writer connection, outside any transaction (for observation's
  /// polling).
  func withWriterConnection<T>(_ body: (Connection) throws -> T) rethrows -> T {
    writeLock.lock()
    defer { writeLock.unlock() }
    return try body(writer)
  }

  /// Runs `body` in one read transaction, so all its queries see the same snapshot.
  ///
  /// ```swift
  /// let (birds, nests) = try db.read { db in
  ///   (try db.fetchAll(Bird.self), try db.fetchAll(Nest.self))
  /// }
  /// ```
  ///
  /// - Throws: what `body` throws, or ``SQLiteError``.
  public func read<T>(_ body: (ReadTransaction) throws -> T) throws -> T {
    guard let readers else {
      WriterOwnership.checkNotHeld(by: self)
      writeLock.lock()
      defer { writeLock.unlock() }
      return try read(on: writer, body)
    }
    try checkFiles(rescuingCommits: false)
    return try readers.withConnection { connection in
      try customizations.install(on: connection)
      return try read(on: connection, body)
    }
  }

  /// Throws ``DatabaseFileChangedError`` when the database file or its WAL files are not the
  /// ones opened; first, with `rescuingCommits` (on the writer, under its lock), copies the
  /// commits of a WAL that was deleted or replaced into the database file.
  ///
  /// Every way in to the files goes through it: transactions, backups and `VACUUM INTO`
  /// (see `Database+Backup.swift`); the observers' poller asks ``hasChangedFiles``.
  func checkFiles(rescuingCommits: Bool) throws {
    guard let fileIdentity, let (suffix, change) = fileIdentity.firstChange() else { return }
    guard !suffix.isEmpty else {
      fileIdentity.removeOrphanedWALFiles()
      throw DatabaseFileChangedError(
        path: path, file: path, change: change, committedChangesWereSaved: false)
    }
    // The database file is checked first, so a change to `-wal` or `-shm` means the database
    // file is still the one opened: a checkpoint through the writer, which still has the old
    // WAL open, writes its commits there. Never into a replaced database file.
    let saved = rescuingCommits && !isReadOnly && writer.checkpointEverything()
    throw DatabaseFileChangedError(
      path: path, file: path + suffix, change: change, committedChangesWereSaved: saved)
  }

  /// Whether the database file or its WAL files are gone or other files now: one `stat` per
  /// file, for the observers' poller, which must not go on watching a file nobody will write.
  var hasChangedFiles: Bool {
    fileIdentity?.firstChange() != nil
  }

  private func read<T>(on connection: Connection, _ body: (ReadTransaction) throws -> T) throws
    -> T
  {
    var attempt = 1
    while true {
      let transaction = connection.takeReadTransaction()
      let result = Result {
        try transaction.begin(.begin)
        return try transaction.commit { try body(transaction) }
      }
      // The last use, so the connection can keep the transaction when the closure did not (a
      // `defer` would hand over a copy, and the spare would never be kept).
      connection.returnReadTransaction(consume transaction)
      // PostgreSQL only: a schema change made a prepared statement's plan stale, which aborted
      // the transaction; its statements now prepare again (see `PostgresStatement.run`).
      if case .failure(let error as PostgresError) = result, error.isStalePlan,
        attempt < Self.postgresStalePlanAttempts
      {
        attempt += 1
        continue
      }
      return try result.get()
    }
  }

  deinit {
    // Each connection keeps its spare read transaction, which refers back to the connection:
    // without this, the two would keep each other, and the file's descriptors, alive.
    writer.releaseSpareReadTransaction()
    readers?.forEachIdle { $0.releaseSpareReadTransaction() }
    // Closing, the last connection deletes the `-wal` and `-shm` at the paths: when those are
    // not the ones it opened any more (another database's, since a restore), they must stay.
    if let (suffix, _) = fileIdentity?.firstChange() {
      // A WAL deleted under a Database that only read since: its commits still go to the file.
      if !suffix.isEmpty, !isReadOnly { _ = writer.checkpointEverything() }
      writer.keepWALFilesOnClose()
      readers?.forEachIdle { $0.keepWALFilesOnClose() }
    }
  }

  /// Whether any connection holds a statement that was stepped and not reset: always false
  /// between closures unless Quarry leaks a statement.
  var hasBusyStatements: Bool {
    writeLock.lock()
    defer { writeLock.unlock() }
    var busy = writer.hasBusyStatements
    readers?.forEachIdle { busy = busy || $0.hasBusyStatements }
    return busy
  }
}
