import Foundation

/// The observers of one database file in this process, shared by every `Database` value open on
/// that file, and the one lane where all their fetches run.
///
/// Writers call ``didCommit(_:from:)`` after each transaction that changed rows. That costs the
/// writer a lock and a set union, plus, only when the lane is idle and some observer read one of
/// the tables, one wake-up of the lane: a stream of commits wakes it once, not once per commit.
///
/// The lane runs fetch *rounds*, one at a time, on a serial queue: a round takes the changes
/// noted so far, picks the observers whose last read they touch, and runs all their reads in one
/// read transaction per `Database` (one snapshot, taken after those changes). So the observers
/// of a file never use more than one core, and ten observers cost one read transaction, not ten.
/// Changes noted while a round runs go to the next round, which waits for
/// ``burstGap(after:)``: during a burst of commits the observers fetch a few hundred times a
/// second at most, instead of competing with the writer after every commit, and the round after
/// the last commit of the burst reads the final state. A change that finds the lane idle is
/// fetched at once.
///
/// While the file has observers, an ``ExternalChangePoller`` watches for commits by other
/// processes. An in-memory database has an `ObservedFile` of its own, without a poller.
final class ObservedFile: @unchecked Sendable {
  /// An observer and what its last fetch read (nil before the first fetch).
  private struct Entry {
    let observer: any DatabaseChangeObserver
    var region: DatabaseRegion?
    /// False until the poller has its baseline: the first fetch must come after it.
    var isReady = false
  }

  private enum LaneState {
    /// No round runs or waits; the next relevant change schedules one at once.
    case idle
    /// A round is queued, running, or waiting out the gap after a round that saw changes.
    case busy
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Table → the number of observers whose last fetch read it, so a writer can tell in a few
  /// lookups whether a commit matters to anybody.
  private var readers: [String: Int] = [:]
  /// Observers that have not fetched yet: every change matters to them.
  private var unfetchedCount = 0
  /// Changes no round has looked at yet.
  private var pendingChanges = PendingChanges()
  private var state = LaneState.idle
  /// Whether other connections (other processes) can write the file, so it needs polling.
  private let isShared: Bool
  private var poller: (any ExternalChangeWatcher)?
  /// Fetches run by this file's rounds since it opened (for tests: a commit that should cause no
  /// fetch leaves it unchanged).
  private var fetchCount = 0
  /// Where rounds run, one at a time.
  private let lane = DispatchQueue(label: "Quarry.Database.observation")

  init(isShared: Bool) {
    self.isShared = isShared
  }

  /// The number of observers registered (for tests: zero once every observation ended).
  var observerCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// The number of fetches rounds ran so far (for tests).
  var queuedFetchCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return fetchCount
  }

  /// Registers `observer`, whose reads go through `database`, and schedules its first fetch;
  /// starts polling for other processes' commits when it is the first observer of a file.
  ///
  /// The first fetch comes after the poller has its baseline, so it misses no commit by another
  /// process: those before the baseline are in the fetch's snapshot, those after it are reported
  /// by the poller.
  func add(_ observer: any DatabaseChangeObserver, database: Database) {
    let id = ObjectIdentifier(observer)
    lock.lock()
    entries[id] = Entry(observer: observer)
    unfetchedCount += 1
    var poller = self.poller
    if poller == nil, isShared, let newPoller = database.makeExternalChangeWatcher(for: self) {
      self.poller = newPoller
      poller = newPoller
    }
    lock.unlock()
    poller?.start()
    lock.lock()
    entries[id]?.isReady = true
    let schedules = scheduleIfIdleLocked()
    lock.unlock()
    if schedules { lane.async { [self] in runRound() } }
  }

  /// Unregisters `observer` (nothing happens when it is not registered); stops polling after the
  /// last one.
  func remove(_ observer: any DatabaseChangeObserver) {
    lock.lock()
    if let entry = entries.removeValue(forKey: ObjectIdentifier(observer)) {
      forgetLocked(entry.region)
    }
    var stopped: (any ExternalChangeWatcher)?
    if entries.isEmpty {
      stopped = poller
      poller = nil
    }
    lock.unlock()
    stopped?.stop()
  }

  /// Notes that a transaction committed through `database` changed `tables`.
  ///
  /// Called by the writer after it released the writer connection. When the lane is busy the
  /// names join the pending changes, which its next round looks at. When it is idle, a commit to
  /// tables no observer read is forgotten at once; otherwise a round is scheduled.
  func didCommit(_ tables: Set<String>, from database: Database) {
    lock.lock()
    guard !entries.isEmpty else {
      lock.unlock()
      return
    }
    if state == .idle, unfetchedCount == 0, !tables.contains(where: { readers[$0] != nil }) {
      lock.unlock()
      return
    }
    pendingChanges.add(tables)
    let schedules = scheduleIfIdleLocked()
    lock.unlock()
    if schedules { lane.async { [self] in runRound() } }
  }

  /// Notes that another process committed something (what it changed is unknown).
  func didCommitElsewhere() {
    lock.lock()
    guard !entries.isEmpty else {
      lock.unlock()
      return
    }
    pendingChanges.add(nil)
    let schedules = scheduleIfIdleLocked()
    lock.unlock()
    if schedules { lane.async { [self] in runRound() } }
  }

  /// Returns once every change noted so far went through a round and the lane is idle (for
  /// tests): true then, false when the lane was still busy after `timeout` seconds (a hang, or
  /// a stream of changes that never stops), so a test fails instead of hanging.
  @discardableResult
  func waitForDeliveries(timeout: Double = 60) -> Bool {
    let deadline = DispatchTime.now() + timeout
    while DispatchTime.now() < deadline {
      // Not `lane.sync`: a round that hangs must not hang the caller.
      let passed = DispatchSemaphore(value: 0)
      lane.async { passed.signal() }
      guard passed.wait(timeout: deadline) == .success else { return false }
      lock.lock()
      let isIdle = state == .idle
      lock.unlock()
      if isIdle { return true }
      usleep(1_000)
    }
    return false
  }

  /// Marks the lane busy when it is idle; true when the caller must then queue a round.
  private func scheduleIfIdleLocked() -> Bool {
    guard state == .idle else { return false }
    state = .busy
    return true
  }

  // MARK: - Rounds

  /// Fetches for every observer the pending changes concern, in one read transaction per
  /// `Database`, then decides when the next round runs, then publishes the values.
  private func runRound() {
    lock.lock()
    let changes = pendingChanges
    pendingChanges = PendingChanges()
    var due: [any DatabaseChangeObserver] = []
    for entry in entries.values where entry.isReady {
      if let region = entry.region, !changes.affect(region) { continue }
      due.append(entry.observer)
    }
    fetchCount += due.count
    lock.unlock()

    let start = DispatchTime.now()
    var regions: [(ObjectIdentifier, DatabaseRegion)] = []
    var refetchCount = 0
    for group in Self.groupedByDatabase(due) {
      guard let database = group.first?.database else { continue }
      var pending = group
      while !pending.isEmpty {
        let start = regions.count
        fetch(pending, into: &regions)
        // On PostgreSQL, a table read that has no change trigger yet gets one (nothing on
        // SQLite); the reads of such tables run again before anything is published, since
        // commits made before the trigger existed were not announced. Names are checked once,
        // so this ends. An observer of a table that cannot get one ends with the error.
        let (triggered, failures) = database.ensureChangeTriggers(for: regions[start...])
        var failed: Set<ObjectIdentifier> = []
        for (id, region) in regions[start...] where !failures.isEmpty {
          guard let error = region.tables.sorted().lazy.compactMap({ failures[$0] }).first,
            let observer = pending.first(where: { ObjectIdentifier($0) == id })
          else { continue }
          observer.fail(error)
          failed.insert(id)
        }
        guard !triggered.isEmpty else { break }
        let again = Set(
          regions[start...].lazy.filter {
            !failed.contains($0.0) && $0.1.tables.contains(where: triggered.contains)
          }.map(\.0))
        regions.removeAll { again.contains($0.0) }
        pending = pending.filter { again.contains(ObjectIdentifier($0)) }
        refetchCount += pending.count
      }
    }
    let duration = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

    lock.lock()
    fetchCount += refetchCount
    for (id, region) in regions {
      guard let previous = entries[id] else { continue }
      forgetLocked(previous.region)
      entries[id]?.region = region
      for table in region.tables { readers[table, default: 0] += 1 }
    }
    // Decided before the values go out, so that a commit their consumers make in response
    // finds the lane idle and is fetched at once.
    let next = nextRoundLocked()
    lock.unlock()
    switch next {
    case .none: break
    case .now: lane.async { [self] in runRound() }
    case .afterGap:
      lane.asyncAfter(deadline: .now() + Self.burstGap(after: duration)) { [self] in runRound() }
    }
    for observer in due { observer.publish() }
  }

  private enum NextRound {
    case none, now, afterGap
  }

  /// What follows a round: a round after a gap when changes came in meanwhile that matter to
  /// some observer (a burst), a round at once when only new observers wait, else idleness.
  private func nextRoundLocked() -> NextRound {
    let hasNewcomers =
      unfetchedCount > 0 && entries.values.contains { $0.isReady && $0.region == nil }
    if !pendingChanges.isEmpty {
      let matters =
        pendingChanges.isUnknown || unfetchedCount > 0
        || pendingChanges.tables.contains { readers[$0] != nil }
      if matters { return .afterGap }
      pendingChanges = PendingChanges()
    }
    if hasNewcomers { return .now }
    state = .idle
    return .none
  }

  /// How long the lane rests after a round during which commits came in: at least 2 ms, and four
  /// times what the round took, so that during a burst the observers' fetches take at most a
  /// fifth of one core and at most 500 read transactions a second, whatever their reads cost.
  static func burstGap(after roundDuration: Double) -> Double {
    max(0.002, 4 * roundDuration)
  }

  /// Runs the fetches of `group`, observers of one `Database`, in as few read transactions as
  /// possible: one, unless a read fails in a way that ends the transaction (on PostgreSQL, any
  /// failed statement), after which the rest run in a new one.
  private func fetch(
    _ group: [any DatabaseChangeObserver], into regions: inout [(ObjectIdentifier, DatabaseRegion)]
  ) {
    guard let database = group.first?.database else { return }
    var index = 0
    while index < group.count {
      var didBegin = false
      do {
        try database.read { transaction in
          didBegin = true
          while index < group.count {
            let observer = group[index]
            index += 1
            if let region = observer.fetch(in: transaction) {
              regions.append((ObjectIdentifier(observer), region))
            } else if transaction.connection.isAutocommit
              || transaction.connection.postgres?.isInFailedTransaction == true
            {
              // The failed read rolled the transaction back, or (PostgreSQL) aborted it: every
              // later statement in it would fail.
              break
            }
          }
        }
      } catch {
        // A failed COMMIT of a read transaction loses nothing that was read; a failed BEGIN
        // (or no reader connection) means none of the remaining reads could run.
        guard !didBegin else { continue }
        for observer in group[index...] { observer.fail(error) }
        return
      }
    }
  }

  private static func groupedByDatabase(_ observers: [any DatabaseChangeObserver])
    -> [[any DatabaseChangeObserver]]
  {
    var positions: [ObjectIdentifier: Int] = [:]
    var groups: [[any DatabaseChangeObserver]] = []
    for observer in observers {
      let key = ObjectIdentifier(observer.database)
      if let position = positions[key] {
        groups[position].append(observer)
      } else {
        positions[key] = groups.count
        groups.append([observer])
      }
    }
    return groups
  }

  /// Takes back what an observer's region added to ``readers``.
  private func forgetLocked(_ region: DatabaseRegion?) {
    guard let region else {
      unfetchedCount -= 1
      return
    }
    for table in region.tables {
      if let count = readers[table], count > 1 {
        readers[table] = count - 1
      } else {
        readers[table] = nil
      }
    }
  }
}
