import CPostgreSQL
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hears of commits by every client of a PostgreSQL database (other processes using Quarry,
/// `psql`, other services) while the database has observers.
///
/// Quarry's migrations give each table a statement-level trigger that runs
/// `pg_notify('quarry_changes', <table name>)` (see ``PostgresChangeTriggers``). PostgreSQL
/// delivers a notification when, and only when, the transaction that made it commits, once per
/// distinct table per transaction. The listener is one extra connection per `Database` that
/// runs `LISTEN quarry_changes`, and a thread of its own that sleeps in `poll` on the
/// connection's socket; each wake-up reads every notification that arrived
/// (`PQconsumeInput`, `PQnotifies`) and reports the tables named in one call.
///
/// The `Database`'s own writer reports its commits itself, at commit (it listens too, and
/// PostgreSQL hands a session its own notifications with the COMMIT's result). Its
/// notifications are skipped here from its *marker* on: an empty notification it sends once it
/// hears its own commits (see ``PostgresObservation/prepareWriter(_:)``). Notifications are
/// read in commit order, so the writer's commits before the marker still come through here and
/// those after it come only from the writer: none is lost, none is reported twice. When the
/// connection breaks, the listener reconnects with a growing pause (up to one second) and then
/// reports an unknown change, since notifications sent meanwhile are lost.
///
/// Cost: one idle connection and one sleeping thread while observed; per commit elsewhere, one
/// wake-up and a few microseconds. Nothing at all while nothing is observed.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/sql-notify.html>,
/// <https://www.postgresql.org/docs/current/libpq-notify.html>
final class PostgresChangeListener: @unchecked Sendable {
  /// The channel Quarry's triggers notify.
  static let channel = "quarry_changes"

  private let conninfo: String
  /// Receives the changed tables, or nil when what changed is unknown (after a reconnection).
  private let onChange: @Sendable (Set<String>?) -> Void
  private let lock = NSLock()
  /// The writer whose marker is awaited or was seen (0: none).
  private var writerBackend: Int32 = 0
  /// Whether the marker of `writerBackend` arrived: its notifications are skipped.
  private var isSkippingWriter = false
  private var connection: PostgresConnection?
  /// Written to by `stop()` to wake the thread out of `poll`.
  private var wakeReadEnd: Int32 = -1
  private var wakeWriteEnd: Int32 = -1
  private var isStarted = false
  /// Whether `LISTEN` is in effect (set once connected, cleared while reconnecting).
  private var isListeningNow = false
  private var isStopped = false
  private let finished = DispatchSemaphore(value: 0)
  private var thread: Thread?

  /// - Parameters:
  ///   - conninfo: the libpq connection string the `Database` was opened with.
  ///   - onChange: called on the listener's thread with the tables that changed.
  init(conninfo: String, onChange: @escaping @Sendable (Set<String>?) -> Void) {
    self.conninfo = conninfo
    self.onChange = onChange
  }

  deinit {
    stop()
  }

  /// Skips the notifications of server process `backend` (`PQbackendPID` of the writer) once
  /// its marker (an empty notification) arrives; until then they come through.
  ///
  /// Call it before the writer sends the marker. Another writer backend replaces the previous
  /// one (the writer reconnected).
  func skipNotifications(fromBackendAfterMarker backend: Int32) {
    lock.lock()
    writerBackend = backend
    isSkippingWriter = false
    lock.unlock()
  }

  /// Connects and runs `LISTEN` before returning, so every commit after `start()` returns is
  /// heard; then starts the thread. When the server cannot be reached, the thread keeps trying
  /// and reports an unknown change once it gets through.
  func start() {
    lock.lock()
    guard !isStarted, !isStopped else {
      lock.unlock()
      return
    }
    isStarted = true
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      lock.unlock()
      fatalError("Quarry: cannot create the change listener's wake-up pipe: \(errno)")
    }
    wakeReadEnd = ends[0]
    wakeWriteEnd = ends[1]
    lock.unlock()
    let connected = connect()
    let thread = Thread { [self] in
      run(isConnected: connected)
      finished.signal()
    }
    thread.name = "Quarry.PostgresChangeListener"
    lock.lock()
    self.thread = thread
    lock.unlock()
    thread.start()
  }

  /// Stops the thread and closes the connection; waits until the thread is gone. Safe to call
  /// more than once, and before `start()`.
  func stop() {
    lock.lock()
    guard !isStopped else {
      lock.unlock()
      return
    }
    isStopped = true
    let wasStarted = isStarted
    let writeEnd = wakeWriteEnd
    let isOnListenerThread = thread.map { $0 === Thread.current } ?? false
    lock.unlock()
    guard wasStarted else { return }
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
    // Called from the listener's own callback, the thread ends once the callback returns.
    guard !isOnListenerThread else { return }
    finished.wait()
    close(wakeReadEnd)
    close(wakeWriteEnd)
  }

  /// Whether the listener's `LISTEN` is in effect: a marker sent now will reach it.
  var isListening: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isListeningNow && !isStopped
  }

  private var isStopRequested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isStopped
  }

  // MARK: - The thread

  private func run(isConnected: Bool) {
    var isConnected = isConnected
    var pause = 0.01
    while !isStopRequested {
      if !isConnected {
        guard sleep(seconds: pause) else { break }
        pause = min(pause * 2, 1)
        isConnected = connect()
        // Commits made while disconnected were not heard: everything may have changed.
        if isConnected { onChange(nil) }
        continue
      }
      pause = 0.01
      guard let connection else { break }
      var descriptors = [
        pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if descriptors[1].revents != 0 { break }
      if descriptors[0].revents != 0 {
        guard (try? connection.consumeInput()) != nil, connection.isConnected else {
          disconnect()
          isConnected = false
          continue
        }
        let tables = takeNotifications(connection)
        if !tables.isEmpty { onChange(tables) }
      }
    }
    disconnect()
  }

  /// Waits `seconds` unless `stop()` wakes the thread first; false when it did.
  private func sleep(seconds: Double) -> Bool {
    var descriptor = pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(seconds * 1000))
    return ready <= 0 || descriptor.revents == 0
  }

  /// Opens the connection and starts listening; false (with nothing open) when either fails.
  private func connect() -> Bool {
    guard let opened = try? PostgresConnection(conninfo: conninfo) else { return false }
    guard (try? opened.execute("LISTEN \(Self.channel)")) != nil else { return false }
    lock.lock()
    connection = opened
    isListeningNow = true
    lock.unlock()
    return true
  }

  private func disconnect() {
    lock.lock()
    let connection = self.connection
    self.connection = nil
    isListeningNow = false
    lock.unlock()
    // Closed when released, here on the listener's thread.
    _ = connection
  }

  /// The tables named by the notifications libpq has read, except the writer's from its marker
  /// on.
  private func takeNotifications(_ connection: PostgresConnection) -> Set<String> {
    lock.lock()
    defer { lock.unlock() }
    var tables: Set<String> = []
    for notification in connection.takeNotifications()
    where notification.channel == Self.channel {
      if writerBackend != 0, notification.processID == writerBackend {
        if notification.payload == Self.markerPayload {
          isSkippingWriter = true
          continue
        }
        if isSkippingWriter { continue }
      }
      if notification.payload != Self.markerPayload { tables.insert(notification.payload) }
    }
    return tables
  }

  /// What a writer notifies once it hears its own commits: an empty payload, which no table
  /// name is (listeners of other processes skip it).
  static let markerPayload = ""

  /// The tables `notifications` name on ``channel``, leaving out markers and those sent by
  /// server process `ignoredBackend` (0 leaves out none).
  static func tables(
    in notifications: [PostgresNotification], ignoringBackend ignoredBackend: Int32
  )
    -> Set<String>
  {
    var tables: Set<String> = []
    for notification in notifications
    where notification.channel == channel && notification.payload != markerPayload {
      if ignoredBackend != 0, notification.processID == ignoredBackend { continue }
      tables.insert(notification.payload)
    }
    return tables
  }
}
