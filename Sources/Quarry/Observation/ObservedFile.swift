import Foundation

/// The observers of one database file in this process, shared by every `Database` value open on
/// that file.
///
/// Writers call ``didCommit(_:from:)`` after each transaction that changed rows; the observers
/// whose reads those tables touch schedule a fetch. While the file has observers, an
/// ``ExternalChangePoller`` watches for commits by other processes. An in-memory database has an
/// `ObservedFile` of its own, without a poller.
final class ObservedFile: @unchecked Sendable {
  private let lock = NSLock()
  private var observers: [ObjectIdentifier: any DatabaseChangeObserver] = [:]
  /// Whether other connections (other processes) can write the file, so it needs polling.
  private let isShared: Bool
  private var poller: ExternalChangePoller?
  /// Fetches queued by this file's observers since it opened (for tests: a commit that should
  /// cause no fetch leaves it unchanged).
  private var queuedFetches = 0
  /// Commits made since the last delivery to the observers, and whether one is scheduled.
  private var undeliveredTables: Set<String> = []
  private var isDeliveryScheduled = false
  /// Where commits are delivered to observers, off the writer's thread, in commit order.
  private let notificationQueue = DispatchQueue(label: "Quarry.Database.observation.commits")
  /// Where observers run their fetches: at most one fewer at once than there are cores (one
  /// stays free for the writer), and no more than the readers that serve them.
  let fetchQueue: OperationQueue

  init(isShared: Bool, readerCount: Int) {
    self.isShared = isShared
    fetchQueue = OperationQueue()
    fetchQueue.name = "Quarry.Database.observation"
    fetchQueue.qualityOfService = .utility
    let cores = ProcessInfo.processInfo.activeProcessorCount
    fetchQueue.maxConcurrentOperationCount = max(1, min(readerCount, cores - 1))
  }

  /// The number of observers registered (for tests: zero once every observation ended).
  var observerCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return observers.count
  }

  /// The number of fetches observers queued so far (for tests).
  var queuedFetchCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return queuedFetches
  }

  /// Counts a fetch an observer queued.
  func noteQueuedFetch() {
    lock.lock()
    queuedFetches += 1
    lock.unlock()
  }

  /// Registers `observer`, whose reads go through `database`; starts polling for other
  /// processes' commits when it is the first observer of a file.
  ///
  /// Returns once the poller has its baseline, so that a fetch started afterwards misses no
  /// commit by another process: those before the baseline are in the fetch's snapshot, those
  /// after it are reported by the poller.
  func add(_ observer: any DatabaseChangeObserver, database: Database) {
    lock.lock()
    observers[ObjectIdentifier(observer)] = observer
    var poller = self.poller
    if poller == nil, isShared, let interval = database.externalChangePollInterval {
      let newPoller = ExternalChangePoller(database: database, interval: interval, file: self)
      self.poller = newPoller
      poller = newPoller
    }
    lock.unlock()
    poller?.start()
  }

  /// Unregisters `observer` (nothing happens when it is not registered); stops polling after the
  /// last one.
  func remove(_ observer: any DatabaseChangeObserver) {
    lock.lock()
    observers[ObjectIdentifier(observer)] = nil
    var stopped: ExternalChangePoller?
    if observers.isEmpty {
      stopped = poller
      poller = nil
    }
    lock.unlock()
    stopped?.stop()
  }

  /// Tells the observers that a transaction committed through `database` changed `tables`.
  ///
  /// The writer first asks each observer, under its own lock, whether the tables can matter to
  /// it (a set intersection): a commit to a table nobody reads costs nothing more. Otherwise it
  /// adds the names to a set and, when no delivery is scheduled yet, schedules one: the
  /// observers hear of the commit on `notificationQueue`, so a stream of commits costs the
  /// writer a lock and a set union each, and commits made while a delivery waits are delivered
  /// together.
  func didCommit(_ tables: Set<String>, from database: Database) {
    lock.lock()
    guard !observers.isEmpty else {
      lock.unlock()
      return
    }
    let current = Array(observers.values)
    lock.unlock()
    guard current.contains(where: { $0.isAffected(by: tables) }) else { return }
    lock.lock()
    undeliveredTables.formUnion(tables)
    let schedules = !isDeliveryScheduled
    isDeliveryScheduled = true
    lock.unlock()
    if schedules { notificationQueue.async { [self] in deliverCommits() } }
  }

  private func deliverCommits() {
    lock.lock()
    let tables = undeliveredTables
    undeliveredTables = []
    isDeliveryScheduled = false
    let current = Array(observers.values)
    lock.unlock()
    guard !tables.isEmpty else { return }
    for observer in current { observer.databaseDidChange(tables) }
  }

  /// Returns once the commits made so far reached every observer (for tests).
  func waitForDeliveries() {
    notificationQueue.sync {}
  }

  /// Tells every observer that another process committed something.
  func didCommitElsewhere() {
    notificationQueue.async { [self] in
      lock.lock()
      let current = Array(observers.values)
      lock.unlock()
      for observer in current { observer.databaseDidChange(nil) }
    }
  }
}
