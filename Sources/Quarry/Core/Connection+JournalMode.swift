import CSQLite
import Foundation

extension Connection {
  /// Puts the database in WAL mode, waiting while another connection holds a lock.
  ///
  /// `PRAGMA journal_mode = WAL` needs an exclusive lock for a moment. On a database that is not
  /// yet in WAL mode, SQLite returns `SQLITE_BUSY` straight away, without calling the busy
  /// handler, when another connection holds a lock: the everyday case of an app and its
  /// extension (or several processes) opening a new file at once. So the switch is retried with
  /// a growing pause (1 ms doubling to 32 ms) until `busyTimeout` has passed since the first
  /// attempt; only then is the last `SQLITE_BUSY` thrown.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_journal_mode>,
  /// <https://sqlite.org/wal.html#concurrency>
  ///
  /// - Throws: ``SQLiteError``: busy past the timeout, or any other failure at once.
  func switchToWAL(busyTimeout: TimeInterval) throws {
    let timeout = Duration.milliseconds(Int(Self.busyTimeoutMilliseconds(busyTimeout)))
    let deadline = ContinuousClock.now + timeout
    var pause = Duration.milliseconds(1)
    while true {
      do {
        try setJournalModeWAL()
        return
      } catch let error as SQLiteError where Self.isBusy(error) {
        let now = ContinuousClock.now
        guard now < deadline else { throw error }
        Thread.sleep(forTimeInterval: Self.seconds(min(pause, deadline - now)))
        pause = min(pause * 2, .milliseconds(32))
      }
    }
  }

  /// One attempt; the statement is finalized before returning, so a retry starts clean.
  private func setJournalModeWAL() throws {
    let statement = try Statement(connection: handle, sql: "PRAGMA journal_mode = WAL")
    // The pragma answers with the mode now in force. A file system without shared memory
    // answers with the old mode: that database still works, in rollback-journal mode.
    try statement.execute()
  }

  private static func isBusy(_ error: SQLiteError) -> Bool {
    error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }

  /// Copies every commit in the WAL into the database file; whether all of it was copied.
  ///
  /// Used when the `-wal` or `-shm` file was deleted while open: this connection still has the
  /// old WAL open, and a checkpoint is the only way its commits reach the database file.
  func checkpointEverything() -> Bool {
    var logFrames: Int32 = 0
    var checkpointedFrames: Int32 = 0
    let resultCode = sqlite3_wal_checkpoint_v2(
      handle, nil, SQLITE_CHECKPOINT_FULL, &logFrames, &checkpointedFrames)
    return resultCode == SQLITE_OK && logFrames >= 0 && logFrames == checkpointedFrames
  }

  /// Makes closing leave the `-wal` and `-shm` files where they are (`SQLITE_FCNTL_PERSIST_WAL`)
  /// instead of deleting whatever files are at their paths.
  func keepWALFilesOnClose() {
    var persist: Int32 = 1
    _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
  }
}
