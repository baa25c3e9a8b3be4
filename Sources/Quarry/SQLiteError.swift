import CSQLite

/// An error reported by SQLite: a failed `sqlite3_*` call.
///
/// The description names the result code, SQLite's message and the SQL that was running. Bound
/// values never appear in it, so logging an error does not leak user data.
///
/// ```swift
/// do {
///   try db.write { try $0.insert(bird) }
/// } catch let error as SQLiteError where error.code == 19 {
///   print(error)
///   // SQLite error 19: UNIQUE constraint failed: birds.name - while executing `…`
/// }
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/rescode.html>
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`).
  public let code: Int32
  /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  public let extendedCode: Int32
  /// SQLite's English message for the failure.
  public let message: String
  /// The SQL being executed, when there was one.
  public let sql: String?

  /// Creates an error from its parts; Quarry builds these from the connection's state.
  public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
    self.code = code
    self.extendedCode = extendedCode ?? code
    self.message = message
    self.sql = sql
  }

  /// Whether the failure is a constraint violation (UNIQUE, NOT NULL, FOREIGN KEY, CHECK…).
  public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

  /// `SQLite error <code>: <message> - while executing `<SQL>``.
  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " - while executing `\(Self.abbreviated(sql))`" }
    return text
  }

  /// `sql`, or for a statement longer than 1,000 characters (a filter of thousands of terms)
  /// its start and end around the number of characters left out, so that a message stays
  /// readable. ``sql`` keeps the whole text.
  static func abbreviated(_ sql: String) -> String {
    guard sql.count > 1_000 else { return sql }
    return "\(sql.prefix(400)) … (\(sql.count - 500) more characters) … \(sql.suffix(100))"
  }
}

extension SQLiteError {
  /// Reads the error state of `connection` right after a call returned `resultCode`.
  init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
    let message: String
    let extended: Int32
    if let connection {
      message = String(cString: sqlite3_errmsg(connection))
      extended = sqlite3_extended_errcode(connection)
    } else {
      message = String(cString: sqlite3_errstr(resultCode))
      extended = resultCode
    }
    self.init(code: resultCode & 0xff, extendedCode: extended, message: message, sql: sql)
  }
}
