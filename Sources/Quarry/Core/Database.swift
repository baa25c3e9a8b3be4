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
  private let writer: Connection
  private let writeLock = NSLock()
  /// Read-only connections; nil for an in-memory database, whose reads use the writer.
  let readers: ConnectionPool?
  /// Where the async overloads run their closures; see `Database+Async.swift`.
  let asyncQueues: AsyncQueues
  /// The observers of this database's file, shared with other `Database` values on the file.
  let observedFile: ObservedFile
  /// How often observers' polling looks for other processes' commits; nil turns it off.
  let externalChangePollInterval: TimeInterval?

  /// Opens (creating if needed) the database file at `path`, in WAL mode with foreign keys on
  /// and a busy timeout.
  ///
  /// `":memory:"` gives the same private database as ``inMemory(configuration:)``.
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
  /// - Throws: ``SQLiteError`` when the file cannot be opened or configured.
  public init(path: String, readOnly: Bool = false, configuration: Configuration = Configuration())
    throws
  {
    self.path = path
    self.isReadOnly = readOnly
    let isPrivate = Self.isPrivateToOneConnection(path)
    asyncQueues = AsyncQueues(readerCount: isPrivate ? 1 : configuration.maximumReaderCount)
    writer = try Connection(
      path: path,
      flags: readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
      configuration: configuration)
    externalChangePollInterval = configuration.externalChangePollInterval
    // Other connections to ":memory:" or "" would each open a different, empty database.
    guard !isPrivate else {
      observedFile = ObservedFile(isShared: false)
      readers = nil
      return
    }
    if !readOnly {
      try writer.switchToWAL(busyTimeout: configuration.busyTimeout)
      // In WAL mode NORMAL keeps the database consistent after a crash; only the last commits
      // before a power loss may be rolled back.
      try writer.execute("PRAGMA synchronous = NORMAL")
    }
    observedFile = ObservationRegistry.file(forPath: path)
    readers = ConnectionPool(maximumCount: configuration.maximumReaderCount) {
      try Connection(path: path, flags: SQLITE_OPEN_READONLY, configuration: configuration)
    }
  }

  /// Whether `path` names a database that only the connection opening it can see.
  private static func isPrivateToOneConnection(_ path: String) -> Bool {
    path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:")
      || (path.hasPrefix("file:") && path.contains("mode=memory"))
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
    var changedTables: Set<String> = []
    // Observers hear of the commit once the writer is free again (see ObservedFile).
    defer { if !changedTables.isEmpty { observedFile.didCommit(changedTables, from: self) } }
    return try WriterOwnership.withOwnership(of: self) {
      writeLock.lock()
      defer { writeLock.unlock() }
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
    return try readers.withConnection { try read(on: $0, body) }
  }

  private func read<T>(on connection: Connection, _ body: (ReadTransaction) throws -> T) throws
    -> T
  {
    let transaction = connection.takeReadTransaction()
    let result = Result {
      try transaction.begin(.begin)
      return try transaction.commit { try body(transaction) }
    }
    // The last use, so the connection can keep the transaction when the closure did not (a
    // `defer` would hand over a copy, and the spare would never be kept).
    connection.returnReadTransaction(consume transaction)
    return try result.get()
  }

  deinit {
    // Each connection keeps its spare read transaction, which refers back to the connection:
    // without this, the two would keep each other, and the file's descriptors, alive.
    writer.releaseSpareReadTransaction()
    readers?.forEachIdle { $0.releaseSpareReadTransaction() }
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
