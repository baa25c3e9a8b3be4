import CPostgreSQL
import Foundation
import QuarryTestSupport
import XCTest

/// Groundwork for the PostgreSQL engine (issue 23): a real server started by
/// `PostgresTestServer`, used through libpq directly, showing the pieces the runtime will rely
/// on: conninfo connections, prepared statements with binary parameters and results, SQLSTATE.
final class LibpqTests: XCTestCase {
  // One server for the class (starting one takes a second or two); XCTest calls the class
  // setUp and tearDown serially, around all the tests, so this is never accessed concurrently.
  nonisolated(unsafe) private static var server: PostgresTestServer?
  nonisolated(unsafe) private static var startError: Error?

  override class func setUp() {
    super.setUp()
    do {
      server = try PostgresTestServer.start()
    } catch {
      startError = error
    }
  }

  override class func tearDown() {
    server?.stop()
    server = nil
    super.tearDown()
  }

  private var connection: OpaquePointer?

  override func setUpWithError() throws {
    guard let server = Self.server else {
      XCTFail("the PostgreSQL test server did not start: \(Self.startError.map { "\($0)" } ?? "")")
      throw CancellationError()
    }
    connection = PQconnectdb(server.conninfo)
    guard PQstatus(connection) == CONNECTION_OK else {
      let message = String(cString: PQerrorMessage(connection))
      XCTFail("cannot connect: \(message)\n\(server.log())")
      throw CancellationError()
    }
  }

  override func tearDown() {
    PQfinish(connection)
    connection = nil
    super.tearDown()
  }

  func testConnectsByConninfoOverTheUnixSocketOnly() throws {
    let result = try exec(
      "SELECT current_user, current_setting('listen_addresses'), inet_server_addr() IS NULL")
    defer { PQclear(result) }
    XCTAssertEqual(text(result, 0, 0), "quarry")
    XCTAssertEqual(text(result, 0, 1), "")
    XCTAssertEqual(text(result, 0, 2), "t")
    XCTAssertEqual(String(cString: PQhost(connection)), Self.server?.folder)
    XCTAssertGreaterThanOrEqual(PQserverVersion(connection), 100_000)
    XCTAssertEqual(String(cString: PQparameterStatus(connection, "server_encoding")), "UTF8")
  }

  func testPreparedStatementWithBinaryParametersAndResults() throws {
    PQclear(try exec("CREATE TABLE binary_item (id BIGINT PRIMARY KEY, price DOUBLE PRECISION)"))
    let insert = PQprepare(
      connection, "insert_item", "INSERT INTO binary_item VALUES ($1, $2)", 2, [20, 701])
    XCTAssertEqual(PQresultStatus(insert), PGRES_COMMAND_OK)
    PQclear(insert)
    let rows: [(Int64, Double)] = [(.min, -0.0), (.max, .infinity), (42, 20.5)]
    for (id, price) in rows {
      // Binary int8 and float8 parameters are the values' big-endian bytes.
      let result = execPrepared(
        "insert_item", [bigEndianBytes(UInt64(bitPattern: id)), bigEndianBytes(price.bitPattern)])
      XCTAssertEqual(PQresultStatus(result), PGRES_COMMAND_OK, errorText(result))
      XCTAssertEqual(String(cString: PQcmdTuples(result)), "1")
      PQclear(result)
    }
    let select = PQprepare(
      connection, "select_items", "SELECT id, price FROM binary_item WHERE id <= $1 ORDER BY id",
      1, [20])
    XCTAssertEqual(PQresultStatus(select), PGRES_COMMAND_OK)
    PQclear(select)
    let result = execPrepared("select_items", [bigEndianBytes(UInt64(bitPattern: 42))])
    defer { PQclear(result) }
    XCTAssertEqual(PQresultStatus(result), PGRES_TUPLES_OK, errorText(result))
    XCTAssertEqual(PQntuples(result), 2)
    XCTAssertEqual(PQftype(result, 0), 20)  // int8
    XCTAssertEqual(PQftype(result, 1), 701)  // float8
    XCTAssertEqual(PQfformat(result, 0), 1)
    XCTAssertEqual(PQgetlength(result, 0, 0), 8)
    XCTAssertEqual(Int64(bitPattern: bigEndianValue(result, 0, 0)), .min)
    XCTAssertEqual(Double(bitPattern: bigEndianValue(result, 0, 1)).sign, .minus)
    XCTAssertEqual(Double(bitPattern: bigEndianValue(result, 0, 1)), 0)
    XCTAssertEqual(Int64(bitPattern: bigEndianValue(result, 1, 0)), 42)
    XCTAssertEqual(Double(bitPattern: bigEndianValue(result, 1, 1)), 20.5)
  }

  func testUniqueViolationCarriesSQLStateWithoutDroppingTheConnection() throws {
    PQclear(try exec("CREATE TABLE unique_item (name TEXT PRIMARY KEY)"))
    PQclear(try exec("INSERT INTO unique_item VALUES ('pebble')"))
    let duplicate = PQexec(connection, "INSERT INTO unique_item VALUES ('pebble')")
    defer { PQclear(duplicate) }
    XCTAssertEqual(PQresultStatus(duplicate), PGRES_FATAL_ERROR)
    XCTAssertEqual(field(duplicate, quarry_pg_diag_sqlstate()), "23505")
    XCTAssertEqual(
      field(duplicate, quarry_pg_diag_message_primary()),
      "duplicate key value violates unique constraint \"unique_item_pkey\"")
    let syntax = PQexec(connection, "SELEC 1")
    defer { PQclear(syntax) }
    XCTAssertEqual(field(syntax, quarry_pg_diag_sqlstate()), "42601")
    let count = try exec("SELECT count(*) FROM unique_item")
    defer { PQclear(count) }
    XCTAssertEqual(text(count, 0, 0), "1")
  }

  // MARK: - libpq helpers

  private func exec(_ sql: String, line: UInt = #line) throws -> OpaquePointer? {
    let result = PQexec(connection, sql)
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      XCTFail("\(sql): \(errorText(result))", line: line)
      PQclear(result)
      throw CancellationError()
    }
    return result
  }

  /// Runs a prepared statement with binary parameters, asking for binary results.
  private func execPrepared(_ name: String, _ parameters: [[UInt8]]) -> OpaquePointer? {
    let copies = parameters.map { bytes -> UnsafeMutablePointer<CChar> in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
      bytes.withUnsafeBufferPointer { source in
        for index in source.indices { copy[index] = CChar(bitPattern: source[index]) }
      }
      return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    let values: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
    let lengths = parameters.map { Int32($0.count) }
    let formats = [Int32](repeating: 1, count: parameters.count)
    return PQexecPrepared(connection, name, Int32(parameters.count), values, lengths, formats, 1)
  }

  private func bigEndianBytes(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
  }

  private func bigEndianValue(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> UInt64 {
    guard PQgetlength(result, row, column) == 8, let bytes = PQgetvalue(result, row, column) else {
      XCTFail("expected 8 bytes at row \(row), column \(column)")
      return 0
    }
    return (0..<8).reduce(0) { $0 << 8 | UInt64(UInt8(bitPattern: bytes[$1])) }
  }

  private func text(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> String? {
    PQgetvalue(result, row, column).map { String(cString: $0) }
  }

  private func field(_ result: OpaquePointer?, _ code: Int32) -> String? {
    PQresultErrorField(result, code).map { String(cString: $0) }
  }

  private func errorText(_ result: OpaquePointer?) -> String {
    String(cString: PQresultErrorMessage(result))
  }
}
