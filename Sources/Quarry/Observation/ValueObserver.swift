import Foundation

/// One iteration of an observation: runs the read when its file's lane says so, and hands the
/// newest value to the consumer.
///
/// When to fetch is the lane's business (``ObservedFile``): at most one fetch per observer per
/// round, rounds one at a time, so at most one fetch waits per observer and the last value
/// always comes from a snapshot taken after the last relevant commit.
///
/// The consumer gets the newest value: one slot, replaced by each new value, so a slow consumer
/// delays nobody and skips intermediate states. With `isDuplicate`, a value equal to the last
/// one handed out (or waiting) is dropped.
///
/// All state is behind `lock`; the read runs outside it, on the lane.
final class ValueObserver<Value: Sendable>: DatabaseChangeObserver, @unchecked Sendable {
  let database: Database
  private let read: @Sendable (ReadTransaction) throws -> Value
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
  private let lock = NSLock()

  private var isStarted = false
  /// Set by cancellation or a failed fetch: no more fetches, no more registration.
  private var isFinished = false
  /// What the last fetch produced, until the lane publishes it.
  private var fetched: Result<Value, any Error>?

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
    fetched = nil
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: nil)
  }

  func fetch(in transaction: ReadTransaction) -> DatabaseRegion? {
    lock.lock()
    let isFinished = self.isFinished
    lock.unlock()
    guard !isFinished else { return nil }
    let read = self.read
    let result = Result { try transaction.connection.trackingReads { try read(transaction) } }
    lock.lock()
    defer { lock.unlock() }
    guard !self.isFinished else { return nil }
    switch result {
    case .success(let (value, region)):
      fetched = .success(value)
      return region
    case .failure(let error):
      fetched = .failure(error)
      return nil
    }
  }

  func fail(_ error: any Error) {
    lock.lock()
    if !isFinished { fetched = .failure(error) }
    lock.unlock()
  }

  func publish() {
    lock.lock()
    guard let fetched = fetched.take(), !isFinished else {
      lock.unlock()
      return
    }
    switch fetched {
    case .success(let value):
      accept(value)
    case .failure(let error):
      pendingError = error
      finishLocked()
    }
    let delivery = takeDeliveryLocked()
    lock.unlock()
    delivery?()
  }

  /// Registers with the file once, at the first `next`; the lane then fetches the first value.
  private func start() {
    lock.lock()
    defer { lock.unlock() }
    guard !isStarted else { return }
    isStarted = true
    guard !isFinished else { return }
    // Under `lock`, so a cancellation cannot slip in between the check above and the
    // registration (cancel unregisters under the same lock).
    database.observedFile.add(self, database: database)
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
