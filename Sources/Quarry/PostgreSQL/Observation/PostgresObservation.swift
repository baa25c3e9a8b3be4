import Foundation

/// What observation keeps for one PostgreSQL `Database`: the connection string its listener
/// connects with, the listener of the moment, whether the writer hears its own commits, and
/// which tables it already made sure have Quarry's change trigger.
///
/// Own commits are reported at commit, as on SQLite, not when the listener hears them later:
/// while the database is observed the writer connection runs `LISTEN` too, and PostgreSQL hands
/// the committing session its own notifications with the COMMIT's result, so after `COMMIT`
/// the writer reads which tables its transaction changed (every table whose trigger fired,
/// cascades included) without another round trip. Once listening, the writer sends the
/// listener a marker, from which on the listener skips the writer's notifications (see
/// ``PostgresChangeListener``).
///
/// See ``PostgresChangeListener`` (other clients' commits) and ``PostgresChangeTriggers`` (what
/// makes a table's changes heard).
final class PostgresObservation: @unchecked Sendable {
  /// The connection string as given (with its password, which the listener needs).
  let conninfo: String
  private let lock = NSLock()
  /// Names an observed read used that were checked for a trigger (tables or not).
  private var checkedNames: Set<String> = []
  /// The listener of the current observers, and its number (a later listener has a larger one).
  private weak var listener: PostgresChangeListener?
  private var listenerNumber = 0
  /// Writer state, used only under the database's write lock: the writer session that runs
  /// `LISTEN` (nil: none), and the listener number its marker was sent for.
  private var listeningSession: Int?
  private var markedListenerNumber = 0

  init(conninfo: String) {
    self.conninfo = conninfo
  }

  /// A listener that reports to `file`; started and stopped by the file with its observers.
  func makeListener(for file: ObservedFile, database: Database) -> PostgresChangeListener {
    let made = PostgresChangeListener(conninfo: conninfo) { [weak file, weak database] tables in
      guard let file, let database else { return }
      if let tables {
        file.didCommit(tables, from: database)
      } else {
        file.didCommitElsewhere()
      }
    }
    lock.lock()
    listener = made
    listenerNumber += 1
    lock.unlock()
    return made
  }

  /// Before a write transaction on `writer`: while a listener listens, makes sure the writer
  /// listens too and that this listener got the writer's marker; once nothing is observed,
  /// stops the writer listening (other clients' notifications would only pile up on it).
  ///
  /// Costs two round trips when observation starts (`LISTEN`, the marker) and one when it
  /// stops, nothing otherwise. A failure only
  /// leaves the writer's commits to the listener, which then still reports them (later).
  func prepareWriter(_ writer: PostgresConnection) {
    lock.lock()
    let current = listener.flatMap { $0.isListening ? $0 : nil }
    let number = listenerNumber
    lock.unlock()
    let isListening = listeningSession == writer.session
    guard let current else {
      if isListening {
        _ = try? writer.execute("UNLISTEN \(PostgresChangeListener.channel)")
        _ = writer.takeNotifications()
        listeningSession = nil
      }
      return
    }
    if !isListening {
      guard (try? writer.execute("LISTEN \(PostgresChangeListener.channel)")) != nil else {
        return
      }
      listeningSession = writer.session
      markedListenerNumber = 0
    }
    guard markedListenerNumber != number else { return }
    current.skipNotifications(fromBackendAfterMarker: writer.backendProcessID)
    let marker = "SELECT pg_notify('\(PostgresChangeListener.channel)', '')"
    guard (try? writer.execute(marker)) != nil else { return }
    markedListenerNumber = number
  }

  /// After a commit on `writer`: the tables the transaction changed, as its own notifications
  /// name them (empty when the writer does not listen); drops other clients' notifications,
  /// which the listener hears.
  func takeOwnCommit(on writer: PostgresConnection) -> Set<String> {
    guard listeningSession == writer.session else { return [] }
    let notifications = writer.takeNotifications()
    guard !notifications.isEmpty else { return [] }
    let own = writer.backendProcessID
    var tables: Set<String> = []
    for notification in notifications
    where notification.processID == own && notification.channel == PostgresChangeListener.channel
      && notification.payload != PostgresChangeListener.markerPayload
    {
      tables.insert(notification.payload)
    }
    return tables
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

  /// Forgets that `names` were checked: their triggers could not be created.
  func forgetChecks(of names: some Sequence<String>) {
    lock.lock()
    checkedNames.subtract(names)
    lock.unlock()
  }

  /// Forgets what was checked: a migration may have replaced tables (and their triggers).
  func forgetChecks() {
    lock.lock()
    checkedNames = []
    lock.unlock()
  }
}
