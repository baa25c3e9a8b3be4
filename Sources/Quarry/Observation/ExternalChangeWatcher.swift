/// What tells a database's observers about commits made outside this process, while they
/// observe: on a SQLite file the `data_version` poller (``ExternalChangePoller``), on
/// PostgreSQL the LISTEN connection (``PostgresChangeListener``).
///
/// ``ObservedFile`` starts it before the first observer's first fetch, so that fetch misses no
/// commit, and stops it after the last observer leaves.
protocol ExternalChangeWatcher: AnyObject, Sendable {
  /// Starts watching; when this returns, every later commit elsewhere will be reported.
  func start()
  /// Stops watching and releases what watching held.
  func stop()
}

extension ExternalChangePoller: ExternalChangeWatcher {}

extension PostgresChangeListener: ExternalChangeWatcher {}
