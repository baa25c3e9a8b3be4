import XCTest

@testable import Quarry

/// The libpq wrapper on its own: connecting, prepared statements with binary parameters and
/// results, errors, notifications.
final class PostgresConnectionTests: XCTestCase {
  private var conninfo = ""

  override func setUpWithError() throws {
    conninfo = try PostgresFixture.createDatabase()
  }

  /// The `dbname` of `conninfo`.
  private var databaseName: String {
    let pair = conninfo.split(separator: " ").first { $0.hasPrefix("dbname=") }
    return pair.map { String($0.dropFirst("dbname=".count)) } ?? ""
  }

  func testConnectsInUTF8ToTheNamedDatabase() throws {
    let connection = try PostgresConnection(conninfo: conninfo)
    let result = try connection.execute("SELECT current_database(), current_user")
    XCTAssertEqual(result.text(row: 0, column: 0), databaseName)
    XCTAssertEqual(result.text(row: 0, column: 1), "quarry")
    XCTAssertEqual(connection.parameterStatus("client_encoding"), "UTF8")
    XCTAssertTrue(connection.isConnected)
    XCTAssertTrue(connection.isIdle)
  }

  func testConnectsByURI() throws {
    let folder = try XCTUnwrap(PostgresFixture.folder)
    let name = databaseName
    let encodedFolder = folder.replacingOccurrences(of: "/", with: "%2F")
    let connection = try PostgresConnection(
      conninfo: "postgresql://quarry@\(encodedFolder):5432/\(name)")
    XCTAssertEqual(try connection.execute("SELECT 1").text(row: 0, column: 0), "1")
  }

  func testConnectionFailureNamesTheConninfoWithoutItsPassword() throws {
    let folder = try XCTUnwrap(PostgresFixture.folder)
    XCTAssertThrowsError(
      try PostgresConnection(
        conninfo: "host=\(folder) port=5432 dbname=no_such_db user=quarry password=s3cret")
    ) { error in
      guard let error = error as? PostgresError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.sqlState, "08001")
      XCTAssertTrue(error.message.contains("dbname=no_such_db"), error.message)
      XCTAssertTrue(error.message.contains("database \"no_such_db\" does not exist"), error.message)
      XCTAssertFalse(error.message.contains("s3cret"), error.message)
      XCTAssertFalse("\(error)".contains("s3cret"))
    }
  }

  func testRedactionDropsThePasswordOfAURIAndDoesNotRepeatAnUnparsableString() {
    let redacted = PostgresConnection.redacted("postgresql://app:s3cret@db.example/app")
    XCTAssertTrue(redacted.contains("user=app"), redacted)
    XCTAssertTrue(redacted.contains("host=db.example"), redacted)
    XCTAssertTrue(redacted.contains("dbname=app"), redacted)
    XCTAssertFalse(redacted.contains("s3cret"), redacted)
    XCTAssertEqual(PostgresConnection.redacted("password='s3cret"), "an invalid connection string")
  }

  func testPreparedStatementRoundTripsBinaryValuesExactly() throws {
    let connection = try PostgresConnection(conninfo: conninfo)
    try connection.execute(
      "CREATE TABLE item (id BIGINT, price DOUBLE PRECISION, ok BOOLEAN, name TEXT, bytes BYTEA)")
    try connection.prepare(
      name: "insert", sql: "INSERT INTO item VALUES ($1, $2, $3, $4, $5)",
      types: [20, 701, 16, 25, 17], reportedSQL: "INSERT")
    let parameters = PostgresParameters()
    parameters.reserve(5)
    let rows: [(Int64, Double, Bool, String?, [UInt8])] = [
      (.min, -0.0, true, "é?ü", []), (.max, .infinity, false, nil, [0, 1, 255]),
      (0, -.infinity, true, "", Array(repeating: 7, count: 100_000)),
    ]
    for (id, price, ok, name, bytes) in rows {
      parameters.setInt64(id, at: 0)
      parameters.setDouble(price, at: 1)
      parameters.setBool(ok, at: 2)
      if let name { try parameters.setText(name, at: 3) } else { parameters.setNull(at: 3) }
      bytes.withUnsafeBytes { parameters.setBytes($0, type: 17, format: 1, at: 4) }
      let result = try connection.executePrepared(
        name: "insert", parameters: parameters, reportedSQL: "INSERT")
      XCTAssertEqual(result.affectedRowCount, 1)
    }
    parameters.setDouble(.nan, at: 1)
    parameters.setNull(at: 3)
    parameters.setNull(at: 4)
    _ = try connection.executePrepared(name: "insert", parameters: parameters, reportedSQL: "")

    // Text results, read independently of the binary path.
    let text = try connection.execute(
      "SELECT id::text, price::text, ok::text, name, length(bytes) FROM item ORDER BY ctid")
    XCTAssertEqual(text.rowCount, 4)
    XCTAssertEqual(text.text(row: 0, column: 0), "-9223372036854775808")
    XCTAssertEqual(text.text(row: 0, column: 1), "-0")
    XCTAssertEqual(text.text(row: 0, column: 2), "true")
    XCTAssertEqual(text.text(row: 0, column: 3), "é?ü")
    XCTAssertEqual(text.text(row: 0, column: 4), "0")
    XCTAssertEqual(text.text(row: 1, column: 0), "9223372036854775807")
    XCTAssertEqual(text.text(row: 1, column: 1), "Infinity")
    XCTAssertNil(text.text(row: 1, column: 3))
    XCTAssertEqual(text.text(row: 2, column: 1), "-Infinity")
    XCTAssertEqual(text.text(row: 2, column: 3), "")
    XCTAssertEqual(text.text(row: 2, column: 4), "100000")
    XCTAssertEqual(text.text(row: 3, column: 1), "NaN")
    XCTAssertNil(text.text(row: 3, column: 4))

    // Binary results.
    try connection.prepare(
      name: "select", sql: "SELECT id, price, bytes FROM item WHERE id = $1", types: [20],
      reportedSQL: "SELECT")
    let key = PostgresParameters()
    key.reserve(1)
    key.setInt64(.max, at: 0)
    let binary = try connection.executePrepared(name: "select", parameters: key, reportedSQL: "")
    XCTAssertEqual(binary.rowCount, 1)
    XCTAssertEqual(binary.type(at: 0), 20)
    XCTAssertEqual(binary.columnName(at: 1), "price")
    XCTAssertEqual(
      Array(binary.bytes(row: 0, column: 0)), [0x7f, 255, 255, 255, 255, 255, 255, 255])
    XCTAssertEqual(Array(binary.bytes(row: 0, column: 1)), [0x7f, 0xf0, 0, 0, 0, 0, 0, 0])
    XCTAssertEqual(Array(binary.bytes(row: 0, column: 2)), [0, 1, 255])
  }

  func testTextHoldingNULIsRefusedBeforeReachingTheServer() {
    let parameters = PostgresParameters()
    parameters.reserve(1)
    XCTAssertThrowsError(try parameters.setText("a\u{0}b", at: 0)) { error in
      XCTAssertEqual(
        "\(error)", "text holds a NUL character (U+0000), which PostgreSQL text cannot store")
    }
  }

  func testErrorsCarrySQLStateMessageAndConstraintButNeverTheDetail() throws {
    let connection = try PostgresConnection(conninfo: conninfo)
    try connection.execute("CREATE TABLE bird (name TEXT CONSTRAINT bird_name_key UNIQUE)")
    try connection.execute("INSERT INTO bird VALUES ('secret-robin')")
    let parameters = PostgresParameters()
    parameters.reserve(1)
    try parameters.setText("secret-robin", at: 0)
    XCTAssertThrowsError(
      try connection.executeOnce(
        sql: "INSERT INTO bird VALUES ($1)", parameters: parameters,
        reportedSQL: "INSERT INTO bird VALUES (?)")
    ) { error in
      guard let error = error as? PostgresError else { return XCTFail("\(error)") }
      XCTAssertEqual(error.sqlState, "23505")
      XCTAssertTrue(error.isUniqueViolation)
      XCTAssertTrue(error.isConstraintViolation)
      XCTAssertFalse(error.isForeignKeyViolation)
      XCTAssertEqual(error.constraint, "bird_name_key")
      XCTAssertEqual(
        error.message, "duplicate key value violates unique constraint \"bird_name_key\"")
      XCTAssertEqual(
        "\(error)",
        "PostgreSQL error 23505: duplicate key value violates unique constraint \"bird_name_key\""
          + " - while executing `INSERT INTO bird VALUES (?)`")
      XCTAssertFalse("\(error)".contains("secret-robin"))
    }
    XCTAssertThrowsError(try connection.execute("SELEC 1")) { error in
      XCTAssertEqual((error as? PostgresError)?.sqlState, "42601")
      XCTAssertEqual((error as? PostgresError)?.sql, "SELEC 1")
    }
    // The connection survives both failures.
    XCTAssertEqual(try connection.execute("SELECT count(*) FROM bird").text(row: 0, column: 0), "1")
  }

  func testNotificationsArriveThroughTheSocket() throws {
    let listener = try PostgresConnection(conninfo: conninfo)
    let notifier = try PostgresConnection(conninfo: conninfo)
    try listener.execute("LISTEN quarry_changes")
    XCTAssertGreaterThanOrEqual(listener.socket, 0)
    try notifier.execute("SELECT pg_notify('quarry_changes', 'bird')")
    var notifications: [PostgresNotification] = []
    for _ in 0..<200 where notifications.isEmpty {
      var descriptor = pollfd(fd: listener.socket, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
      try listener.consumeInput()
      notifications += listener.takeNotifications()
    }
    XCTAssertEqual(notifications.map(\.channel), ["quarry_changes"])
    XCTAssertEqual(notifications.map(\.payload), ["bird"])
    XCTAssertEqual(notifications.map(\.processID), [notifier.backendProcessID])
  }
}
