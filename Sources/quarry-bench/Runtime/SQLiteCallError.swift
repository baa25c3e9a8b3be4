import CSQLite

/// A failed `sqlite3_*` call in the raw baseline or the naive repository.
struct SQLiteCallError: Error, CustomStringConvertible {
  var code: Int32
  var message: String
  var sql: String?

  init(_ code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    self.code = code
    self.message =
      connection.map { String(cString: sqlite3_errmsg($0)) }
      ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  var description: String {
    "SQLite error \(code): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
  }
}
