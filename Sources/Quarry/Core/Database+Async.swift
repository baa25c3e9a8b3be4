import Foundation

extension Database {
  /// Runs `body` in one write transaction without blocking the calling task's thread.
  ///
  /// ```swift
  /// try await db.write { try $0.upsert(bird) }
  /// ```
  ///
  /// The closure runs on a thread of its own, never on Swift's cooperative thread pool, and
  /// async writes wait for each other in a queue rather than each holding a blocked thread. A
  /// task cancelled before its closure starts gets a `CancellationError` and changes nothing;
  /// once started, the closure runs to its commit or rollback.
  ///
  /// - Throws: `CancellationError`, what `body` throws, or ``SQLiteError``.
  @discardableResult
  public func write<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) throws -> T)
    async throws -> T
  {
    try await asyncQueues.run(on: asyncQueues.writes) { try self.performWrite(body) }
  }

  /// Runs `body` in one read transaction without blocking the calling task's thread.
  ///
  /// ```swift
  /// let birds = try await db.read { try $0.fetchAll(Bird.self) }
  /// ```
  ///
  /// At most as many closures run at once as there are reader connections; the others wait in
  /// a queue, not on blocked threads. A task cancelled before its closure starts gets a
  /// `CancellationError`.
  ///
  /// - Throws: `CancellationError`, what `body` throws, or ``SQLiteError``.
  public func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T)
    async throws -> T
  {
    try await asyncQueues.run(on: asyncQueues.reads) { try self.read(body) }
  }
}

/// The queues of one database's async `read` and `write` calls.
///
/// Their closures block (on SQLite, on the writer lock, on a busy timeout), so they must not
/// run on the cooperative pool, whose few threads would then starve every other task. Each
/// queue runs at most as many closures at once as can make progress: one writer, and one per
/// reader connection, so waiting calls cost a queued closure instead of a blocked thread.
final class AsyncQueues: Sendable {
  let writes: OperationQueue
  let reads: OperationQueue

  init(readerCount: Int) {
    writes = OperationQueue()
    writes.name = "Quarry.Database.writes"
    writes.maxConcurrentOperationCount = 1
    reads = OperationQueue()
    reads.name = "Quarry.Database.reads"
    reads.maxConcurrentOperationCount = max(1, readerCount)
  }

  /// Runs `work` on `queue` and returns its result, unless the task is cancelled before `work`
  /// starts.
  func run<T: Sendable>(on queue: OperationQueue, _ work: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try Task.checkCancellation()
    let cancellation = CancellationFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        queue.addOperation {
          guard !cancellation.isSet else {
            continuation.resume(throwing: CancellationError())
            return
          }
          continuation.resume(with: Result { try work() })
        }
      }
    } onCancel: {
      cancellation.set()
    }
  }
}

/// Set from a task's cancellation handler, read by the closure queued for it.
private final class CancellationFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }
}
