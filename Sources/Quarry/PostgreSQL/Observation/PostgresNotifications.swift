import CPostgreSQL

/// Reading Quarry's change notifications out of a libpq connection.
///
/// The writer connection also listens on the channel: PostgreSQL delivers a session's own
/// notifications to it when its transaction commits, before the `COMMIT` result, so right after
/// a commit ``take(from:ignoringBackend:)`` on the writer names exactly the tables that
/// transaction changed (and any other client's commits that arrived meanwhile).
enum PostgresNotifications {
  /// Removes every notification libpq has already read from `connection` and returns the tables
  /// named on ``PostgresChangeListener/channel``, skipping those sent by server process
  /// `ignoredBackend` (0 skips none). Reads nothing from the socket.
  static func take(from connection: OpaquePointer, ignoringBackend ignoredBackend: Int32 = 0)
    -> Set<String>
  {
    var tables: Set<String> = []
    while let notification = PQnotifies(connection) {
      defer { PQfreemem(notification) }
      let event = notification.pointee
      guard event.be_pid != ignoredBackend || ignoredBackend == 0,
        let channel = event.relname, String(cString: channel) == PostgresChangeListener.channel,
        let extra = event.extra
      else { continue }
      tables.insert(String(cString: extra))
    }
    return tables
  }
}
