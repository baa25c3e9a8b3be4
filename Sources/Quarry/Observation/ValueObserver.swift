import Foundation

/// One iteration of an observation: fetches the value, refetches after relevant commits, and
/// hands the newest value to the consumer.
///
/// - At most one fetch waits at a time: changes that arrive while one is queued need nothing
///   more, because it starts after them and its snapshot includes them.
/// - Changes that arrive while a fetch runs are kept; when the fetch ends and what it read
///   (its region, which may differ from the last one) meets them, another fetch is queued.
///   So the last value always comes from a snapshot taken after the last relevant commit.
/// - The consumer gets the newest value: one slot, replaced by each new value, so a slow
///   consumer delays nobody and skips intermediate states. With `isDuplicate`, a value equal
///   to the last one handed out (or waiting) is dropped.
///
/// All state is behind `lock`; SQLite work happens outside it, on the file's fetch queue.
final class ValueObserver<Value: Sendable>: DatabaseChangeObserver, @unchecked Sendable {
  private let database: Database
  private let read: @Sendable (ReadTransaction) throws -> Value
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
  private let lock = NSLock()

  private var isStarted = false
  /// Set by cancellation or a failed fetch: no more fetches, no more registration.
  private var isFinished = false
  /// What the last fetch read; nil before the first one, when every change matters.
  private var region: DatabaseRegion?
  private var isFetchQueued = false
  private var isFetching = false
  private var changesDuringFetch = PendingChanges()

  private var lastDelivered: Value?
  private var pending: Value?
  private var pendingError: (any Error)?
  private var waiter: CheckedContinuation<Value?, any Error>?

  init(
    database: Database, read: @escaping @Sendable (ReadTransaction) throws -> Value,
    isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) {
    self.database = database
    self.read = read
    self.isDuplicate = isDuplicate
  }

  /// The next value: the first at once, then one after each relevant commit; nil once
  /// cancelled; throws the read's error once, then nil.
  func next() async throws -> Value? {
    start()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        if let value = pending {
          pending = nil
          lastDelivered = value
          lock.unlock()
          continuation.resume(returning: value)
        } else if let error = pendingError {
          pendingError = nil
          lock.unlock()
          continuation.resume(throwing: error)
        } else if isFinished || Task.isCancelled {
          finishLocked()
          lock.unlock()
          continuation.resume(returning: nil)
        } else {
          waiter = continuation
          lock.unlock()
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// Ends the observation: the waiting `next` returns nil, nothing more is fetched, and the
  /// observer leaves its file.
  func cancel() {
    lock.lock()
    finishLocked()
    pending = nil
    pendingError = nil
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: nil)
  }

  func isAffected(by tables: Set<String>) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished else { return false }
    guard !isFetching, let region else { return true }
    return region.isModified(byChangesTo: tables)
  }

  func databaseDidChange(_ tables: Set<String>?) {
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished else { return }
    if isFetching {
      changesDuringFetch.add(tables)
      return
    }
    if let region, let tables, !region.isModified(byChangesTo: tables) { return }
    queueFetchLocked()
  }

  private func start() {
    lock.lock()
    guard !isStarted else {
      lock.unlock()
      return
    }
    isStarted = true
    isFetchQueued = true
    lock.unlock()
    database.observedFile.noteQueuedFetch()
    database.observedFile.fetchQueue.addOperation { [self] in
      lock.lock()
      guard !isFinished else {
        lock.unlock()
        return
      }
      // Registered before the first fetch, with no region yet: every commit from here on
      // either is in the fetch's snapshot or arrives as a change and queues another fetch.
      // Registration happens under `lock`, so a cancellation cannot slip in between the
      // check above and it (cancel unregisters under the same lock).
      database.observedFile.add(self, database: database)
      lock.unlock()
      fetch()
    }
  }

  private func queueFetchLocked() {
    guard !isFetchQueued else { return }
    isFetchQueued = true
    database.observedFile.noteQueuedFetch()
    database.observedFile.fetchQueue.addOperation { [self] in fetch() }
  }

  private func fetch() {
    lock.lock()
    isFetchQueued = false
    guard !isFinished else {
      lock.unlock()
      return
    }
    isFetching = true
    changesDuringFetch = PendingChanges()
    lock.unlock()

    let read = self.read
    let result = Result {
      try database.read { transaction in
        try transaction.connection.trackingReads { try read(transaction) }
      }
    }

    lock.lock()
    isFetching = false
    guard !isFinished else {
      lock.unlock()
      return
    }
    switch result {
    case .success(let (value, region)):
      self.region = region
      if changesDuringFetch.affect(region) { queueFetchLocked() }
      accept(value)
    case .failure(let error):
      pendingError = error
      finishLocked()
    }
    let delivery = takeDeliveryLocked()
    lock.unlock()
    delivery?()
  }

  /// Puts `value` in the slot unless it repeats what the consumer has or is about to get.
  private func accept(_ value: Value) {
    guard let isDuplicate else {
      pending = value
      return
    }
    if let pending {
      if isDuplicate(pending, value) { return }
      if let lastDelivered, isDuplicate(lastDelivered, value) {
        // The state went back to what the consumer last saw.
        self.pending = nil
        return
      }
    } else if let lastDelivered, isDuplicate(lastDelivered, value) {
      return
    }
    pending = value
  }

  /// The resumption of a waiting consumer, when there is something to hand over.
  private func takeDeliveryLocked() -> (() -> Void)? {
    guard let waiter else { return nil }
    if let value = pending {
      self.waiter = nil
      pending = nil
      lastDelivered = value
      return { waiter.resume(returning: value) }
    }
    if let error = pendingError {
      self.waiter = nil
      pendingError = nil
      return { waiter.resume(throwing: error) }
    }
    return nil
  }

  private func finishLocked() {
    guard !isFinished else { return }
    isFinished = true
    database.observedFile.remove(self)
  }
}
