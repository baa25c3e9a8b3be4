import CSQLite

/// Forwards the SQL of each statement a connection runs to a closure.
///
/// The SQL is the text as prepared, with `?` placeholders: bound values never reach the trace.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/trace_v2.html>
final class Tracer {
  let handler: @Sendable (String) -> Void

  init(_ handler: @escaping @Sendable (String) -> Void) {
    self.handler = handler
  }

  /// Registers with SQLite.
  ///
  /// SQLite keeps an unretained pointer to `self`: the connection that owns the tracer keeps
  /// it alive and calls ``uninstall(from:)`` before it closes.
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the callback.
  func install(on connection: OpaquePointer) throws {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let resultCode = sqlite3_trace_v2(
      connection, UInt32(SQLITE_TRACE_STMT),
      { _, context, _, text in
        // For SQLITE_TRACE_STMT, `text` is the statement's SQL as a C string, valid during
        // this call only: it is copied into a String before anything else runs.
        guard let context, let text else { return 0 }
        let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
        Unmanaged<Tracer>.fromOpaque(context).takeUnretainedValue().handler(sql)
        return 0
      }, context)
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
    }
  }

  /// Unregisters from SQLite, so no callback can reach a released tracer.
  static func uninstall(from connection: OpaquePointer) {
    // Removing a callback cannot fail on an open connection.
    _ = sqlite3_trace_v2(connection, 0, nil, nil)
  }
}
