import Foundation

/// What observation keeps for one PostgreSQL `Database`: the connection string its listener
/// connects with, and which tables it already made sure have Quarry's change trigger.
///
/// See ``PostgresChangeListener`` (other clients' commits) and ``PostgresChangeTriggers`` (what
/// makes a table's changes heard).
final class PostgresObservation: @unchecked Sendable {
  /// The connection string as given (with its password, which the listener needs).
  let conninfo: String
  private let lock = NSLock()
  /// Names an observed read used that were checked for a trigger (tables or not).
  private var checkedNames: Set<String> = []

  init(conninfo: String) {
    self.conninfo = conninfo
  }

  /// A listener that reports to `file`; started and stopped by the file with its observers.
  func makeListener(for file: ObservedFile, database: Database) -> PostgresChangeListener {
    PostgresChangeListener(conninfo: conninfo) { [weak file, weak database] tables in
      guard let file, let database else { return }
      if let tables {
        file.didCommit(tables, from: database)
      } else {
        file.didCommitElsewhere()
      }
    }
  }

  /// The names among `names` not checked yet, now marked checked.
  func takeUnchecked(_ names: some Sequence<String>) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    var unchecked: [String] = []
    for name in names where !checkedNames.contains(name) {
      checkedNames.insert(name)
      unchecked.append(name)
    }
    return unchecked
  }

  /// Forgets what was checked: a migration may have replaced tables (and their triggers).
  func forgetChecks() {
    lock.lock()
    checkedNames = []
    lock.unlock()
  }
}
