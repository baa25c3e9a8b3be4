import CPostgreSQL
import Foundation

/// A plain libpq connection for tests to ask PostgreSQL a question without going through Quarry,
/// so an answer Quarry gives can be compared with the server's own.
///
/// Results come back in PostgreSQL's text format with each column's type OID; the caller turns
/// them into the values it compares.
///
/// ```swift
/// let raw = try PostgresRawConnection(conninfo: database.conninfo)
/// let result = try raw.query("SELECT count(*) FROM birds")
/// XCTAssertEqual(result.rows, [["3"]])
/// ```
public final class PostgresRawConnection {
  /// What one query returned.
  public struct Result: Equatable, Sendable {
    /// Each column's type OID (`pg_type.oid`): 20 for BIGINT, 25 for TEXT, 16 for BOOLEAN…
    public let columnTypes: [UInt32]
    /// The rows, each value in PostgreSQL's text format, nil for NULL.
    public let rows: [[String?]]
  }

  /// A failed query: the server's SQLSTATE and message.
  public struct QueryError: Error, CustomStringConvertible {
    /// The five-character SQLSTATE, such as `23505` for a unique violation.
    public let sqlState: String
    /// The server's message, with the SQL.
    public let description: String
  }

  private let connection: OpaquePointer

  /// Connects to the database `conninfo` names.
  ///
  /// - Throws: ``QueryError`` (SQLSTATE `08006`) when the connection fails.
  public init(conninfo: String) throws {
    guard let connection = PQconnectdb(conninfo) else {
      throw QueryError(sqlState: "08006", description: "libpq could not allocate a connection")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let message = String(cString: PQerrorMessage(connection))
      PQfinish(connection)
      throw QueryError(sqlState: "08006", description: "cannot connect: \(message)")
    }
    // Emptying a test database ("drop cascades to …") would print hundreds of notices into the
    // test log, hiding what failed.
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
    self.connection = connection
  }

  deinit {
    PQfinish(connection)
  }

  /// Runs `sql` (one statement, or several without results) and returns its rows.
  ///
  /// - Throws: ``QueryError`` with the server's SQLSTATE when the statement fails.
  @discardableResult
  public func query(_ sql: String) throws -> Result {
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
      let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      throw QueryError(
        sqlState: state ?? "",
        description: "\(String(cString: PQresultErrorMessage(result))) - while executing `\(sql)`"
      )
    }
    let columns = PQnfields(result)
    let types = (0..<columns).map { UInt32(PQftype(result, $0)) }
    let rows = (0..<PQntuples(result)).map { row in
      (0..<columns).map { column -> String? in
        PQgetisnull(result, row, column) == 1
          ? nil : String(cString: PQgetvalue(result, row, column))
      }
    }
    return Result(columnTypes: types, rows: rows)
  }
}
