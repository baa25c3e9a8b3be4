import CPostgreSQL

/// An error reported by PostgreSQL or libpq: a failed statement, connection or transaction.
///
/// The description names the SQLSTATE, PostgreSQL's primary message and the SQL that was
/// running. PostgreSQL's DETAIL field is never read (it quotes the offending values, `Key
/// (name)=(Robin) already exists`), and bound values never appear, so logging an error does not
/// leak user data.
///
/// ```swift
/// do {
///   try db.write { try $0.insert(bird) }
/// } catch let error as PostgresError where error.isUniqueViolation {
///   print(error.constraint ?? "")   // birds_name_key
/// }
/// ```
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/errcodes-appendix.html>
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The five-character SQLSTATE, such as `23505` (unique violation). Failures libpq detects
  /// itself (a lost connection) use class `08`, connection exception.
  public let sqlState: String
  /// PostgreSQL's primary message (`PG_DIAG_MESSAGE_PRIMARY`), such as `duplicate key value
  /// violates unique constraint "birds_name_key"`.
  public let message: String
  /// The SQL being executed, when there was one, as the application wrote it (with `?`
  /// placeholders).
  public let sql: String?
  /// The constraint that failed, for integrity violations; PostgreSQL reports its name only.
  public let constraint: String?

  /// Creates an error from its parts; Quarry builds these from libpq's results.
  public init(sqlState: String, message: String, sql: String? = nil, constraint: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
    self.constraint = constraint
  }

  /// Whether a UNIQUE or PRIMARY KEY constraint refused the statement (SQLSTATE 23505).
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// Whether a FOREIGN KEY constraint refused the statement (SQLSTATE 23503).
  public var isForeignKeyViolation: Bool { sqlState == "23503" }

  /// Whether the statement broke any integrity constraint (SQLSTATE class 23: unique, foreign
  /// key, NOT NULL, CHECK, exclusion).
  public var isConstraintViolation: Bool { sqlState.hasPrefix("23") }

  /// Whether a SERIALIZABLE transaction could not be serialized (SQLSTATE 40001); `db.write`
  /// retries these itself.
  public var isSerializationFailure: Bool { sqlState == "40001" }

  /// Whether the server chose this transaction as a deadlock victim (SQLSTATE 40P01); `db.write`
  /// retries these itself.
  public var isDeadlock: Bool { sqlState == "40P01" }

  /// Whether a prepared statement was refused because its result columns changed since it was
  /// prepared (SQLSTATE 0A000, "cached plan must not change result type"), as after a schema
  /// change by this or another client; `read` and `write` prepare again and rerun the closure.
  public var isStalePlan: Bool {
    sqlState == "0A000" && message.hasPrefix("cached plan must not change result type")
  }

  /// `PostgreSQL error <SQLSTATE>: <message> - while executing `<SQL>``.
  public var description: String {
    var text = "PostgreSQL error \(sqlState): \(message)"
    if let sql { text += " - while executing `\(SQLiteError.abbreviated(sql))`" }
    return text
  }
}

extension PostgresError {
  /// SQLSTATE 08006 (connection failure): what libpq reports without a server error.
  static let connectionFailureState = "08006"

  /// The error of `result`, or of `connection` when there is no result (libpq could not send
  /// the query or lost the connection).
  init(result: OpaquePointer?, connection: OpaquePointer?, sql: String?) {
    func field(_ code: Int32) -> String? {
      guard let result, let value = PQresultErrorField(result, code) else { return nil }
      return String(cString: value)
    }
    let state = field(quarry_pg_diag_sqlstate())
    let primary = field(quarry_pg_diag_message_primary())
    let message =
      primary
      ?? Self.trimmed(
        result.map { String(cString: PQresultErrorMessage($0)) } ?? "")
    self.init(
      sqlState: state ?? Self.connectionFailureState,
      message: message.isEmpty ? Self.connectionMessage(connection) : message,
      sql: sql,
      constraint: field(quarry_pg_diag_constraint_name()))
  }

  /// libpq's message for `connection`, without its trailing newline.
  static func connectionMessage(_ connection: OpaquePointer?) -> String {
    guard let connection, let message = PQerrorMessage(connection) else {
      return "out of memory"
    }
    let text = trimmed(String(cString: message))
    return text.isEmpty ? "connection failed" : text
  }

  private static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
