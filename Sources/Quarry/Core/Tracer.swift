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

  /// Registers with SQLite; the connection owning `self` keeps it alive while registered.
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the callback.
  func install(on connection: OpaquePointer) throws {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let resultCode = sqlite3_trace_v2(
      connection, UInt32(SQLITE_TRACE_STMT),
      { _, context, _, text in
        guard let context, let text else { return 0 }
        let tracer = Unmanaged<Tracer>.fromOpaque(context).takeUnretainedValue()
        let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
        tracer.handler(sql)
        return 0
      }, context)
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
    }
  }
}
