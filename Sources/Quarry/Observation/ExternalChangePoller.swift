import Foundation

/// Watches one database file for commits by other processes while it has observers.
///
/// Every `interval` it runs `PRAGMA data_version` on the writer connection of one `Database`
/// (the poller's own, kept alive while polling). That number changes when any *other*
/// connection commits, and never for the connection's own commits, so the writes of this
/// `Database`, which its observers already heard of precisely, cause no poll-driven fetch. When
/// the number changes, every observer of the file fetches again (the tables another process
/// changed are unknown). Commits by a second `Database` value of this process on the same file
/// also change the number: they are reported precisely at once and, to be safe, once more as
/// unknown changes at the next poll.
///
/// When the database file or its WAL files were deleted or replaced (see
/// ``DatabaseFileChangedError``), no other connection will ever commit to the file it still
/// has, so the number would never change and the observers would show the old file's rows for
/// good: the poller stops, and every observer fetches once more, which throws that error and
/// ends its observation.
///
/// Cost: one pragma step (a few microseconds) and one `stat` per watched file per interval,
/// holding the writer for the pragma; no polling happens while the file has no observers.
///
/// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_data_version>
final class ExternalChangePoller: @unchecked Sendable {
  private let database: Database
  private let interval: TimeInterval
  private weak var file: ObservedFile?
  private let queue = DispatchQueue(label: "Quarry.Database.externalChangePoller")
  private let lock = NSLock()
  private var timer: (any DispatchSourceTimer)?
  private var dataVersion: Int?
  private var isStopped = false

  init(database: Database, interval: TimeInterval, file: ObservedFile) {
    self.database = database
    self.interval = interval
    self.file = file
  }

  /// Takes the baseline (once) and starts the timer.
  func start() {
    lock.lock()
    defer { lock.unlock() }
    guard !isStopped, timer == nil else { return }
    dataVersion = try? readDataVersion()
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let nanoseconds = max(1_000_000, Int((interval * 1e9).rounded()))
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .nanoseconds(nanoseconds / 10))
    timer.setEventHandler { [weak self] in self?.poll() }
    self.timer = timer
    timer.resume()
  }

  /// Stops polling and releases the timer.
  func stop() {
    lock.lock()
    isStopped = true
    let timer = self.timer
    self.timer = nil
    lock.unlock()
    timer?.cancel()
  }

  private func poll() {
    lock.lock()
    guard !isStopped else {
      lock.unlock()
      return
    }
    if database.hasChangedFiles {
      isStopped = true
      let timer = self.timer
      self.timer = nil
      lock.unlock()
      timer?.cancel()
      file?.didCommitElsewhere()
      return
    }
    let previous = dataVersion
    let current = try? readDataVersion()
    if let current { dataVersion = current }
    lock.unlock()
    // A failed poll (the file busy past the timeout) is retried at the next tick.
    if let current, current != previous { file?.didCommitElsewhere() }
  }

  private func readDataVersion() throws -> Int? {
    try database.withWriterConnection { connection in
      let statement = try connection.cachedStatement("PRAGMA data_version")
      return try statement.withReset { statement in
        guard try statement.step() else { return nil }
        return try Row(statement: statement, number: 1).decode(at: 0) as Int
      }
    }
  }
}
