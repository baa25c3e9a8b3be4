import CPostgreSQL
import Foundation
import XCTest

/// A fresh database on a test server, used through libpq alone, so the schema tests check what
/// Quarry creates with an independent reader (`information_schema`, `pg_catalog`).
///
/// ```swift
/// let database = try RawPostgresDatabase()
/// try database.execute(#"CREATE TABLE "t" ("a" BIGINT)"#)
/// let rows = try database.rows("SELECT data_type FROM information_schema.columns")
/// ```
final class RawPostgresDatabase {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// libpq conninfo of the database.
  let conninfo: String
  private let connection: OpaquePointer?

  /// Connects to a new, empty database on the test process's server (see `PostgresFixture`).
  init(file: StaticString = #filePath, line: UInt = #line) throws {
    conninfo = try PostgresFixture.createDatabase(file: file, line: line)
    connection = PQconnectdb(conninfo)
    guard PQstatus(connection) == CONNECTION_OK else {
      throw Failure(description: "cannot connect: \(String(cString: PQerrorMessage(connection)))")
    }
  }

  deinit {
    PQfinish(connection)
  }

  /// Runs `sql` (one or more statements without parameters).
  func execute(_ sql: String) throws {
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      throw Failure(description: "\(sql)\n\(String(cString: PQresultErrorMessage(result)))")
    }
  }

  /// The SQLSTATE `sql` fails with, or nil when it succeeds.
  func failure(_ sql: String) -> String? {
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return nil }
    return PQresultErrorField(result, quarry_pg_diag_sqlstate()).map { String(cString: $0) }
  }

  /// Every row of a query, each value as PostgreSQL's text output (nil for NULL).
  func rows(_ sql: String) throws -> [[String?]] {
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_TUPLES_OK else {
      throw Failure(description: "\(sql)\n\(String(cString: PQresultErrorMessage(result)))")
    }
    return (0..<PQntuples(result)).map { row in
      (0..<PQnfields(result)).map { column in
        PQgetisnull(result, row, column) == 1
          ? nil : String(cString: PQgetvalue(result, row, column))
      }
    }
  }

  /// `rows(sql)` with every value written out (`NULL` for NULL), one string per row joined by
  /// `|`, for literal comparisons.
  func lines(_ sql: String) throws -> [String] {
    try rows(sql).map { $0.map { $0 ?? "NULL" }.joined(separator: "|") }
  }
}
