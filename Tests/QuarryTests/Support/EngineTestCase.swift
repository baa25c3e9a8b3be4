import Foundation
import QuarryTestSupport
import XCTest

@testable import Quarry

/// A test case whose tests run one body on every engine (SQLite, PostgreSQL) from one source.
///
/// ```swift
/// func testCount() {
///   forEachEngine { engine in
///     let db = try makeDatabase()
///     try db.migrate(Bird.self)
///     XCTAssertEqual(try db.read { try $0.count(Bird.self) }, 0)
///     XCTAssertEqual(try rawRows("SELECT count(*) FROM birds", in: db), [[.integer(0)]])
///   }
/// }
/// ```
///
/// Each engine's run is separate: `setUpEngine(_:)` before the body, `tearDownEngine(_:)`
/// after it, and on PostgreSQL every database `makeDatabase` created is dropped at the end of
/// the run. A failure inside a run is labelled with the engine (`[postgres] XCTAssertEqual…`),
/// and an error thrown by the body fails that run only, so the other engine still reports.
///
/// XCTest on Linux does not run test methods a subclass inherits (swift-package-manager#5573),
/// so per-engine subclasses would silently run nothing: this is why the engines are a loop.
class EngineTestCase: XCTestCase {
  /// The engine of the run in progress; nil outside `forEachEngine`.
  private(set) var currentEngine: TestEngine?
  /// The PostgreSQL databases created in the run in progress, by the `Database` opened on each.
  private var runDatabases: [(database: PostgresTestDatabase, opened: ObjectIdentifier)] = []

  /// Prepares one engine's run; subclasses open their fixtures here.
  func setUpEngine(_ engine: TestEngine) throws {}

  /// Ends one engine's run (checks, releases); runs even when the body failed.
  func tearDownEngine(_ engine: TestEngine) throws {}

  /// Runs `body` once per engine in `engines`, each run set up and torn down on its own.
  func forEachEngine(
    _ engines: [TestEngine] = TestEngine.enabled, file: StaticString = #filePath,
    line: UInt = #line, _ body: (TestEngine) throws -> Void
  ) {
    for engine in engines where TestEngine.available.contains(engine) {
      beginRun(engine)
      do {
        try setUpEngine(engine)
        try body(engine)
      } catch {
        XCTFail("threw \(error)", file: file, line: line)
      }
      endRun(engine, file: file, line: line)
    }
  }

  /// The `async` form of ``forEachEngine(_:file:line:_:)``.
  func forEachEngine(
    _ engines: [TestEngine] = TestEngine.enabled, file: StaticString = #filePath,
    line: UInt = #line, _ body: (TestEngine) async throws -> Void
  ) async {
    for engine in engines where TestEngine.available.contains(engine) {
      beginRun(engine)
      do {
        try setUpEngine(engine)
        try await body(engine)
      } catch {
        XCTFail("threw \(error)", file: file, line: line)
      }
      endRun(engine, file: file, line: line)
    }
  }

  /// A new, empty database on the engine of the run in progress: SQLite in memory, PostgreSQL a
  /// new database on the shared test server, dropped when the run ends.
  func makeDatabase(configuration: Database.Configuration = Database.Configuration()) throws
    -> Database
  {
    guard let engine = currentEngine else {
      preconditionFailure("makeDatabase() is for inside forEachEngine")
    }
    let (db, fresh) = try engine.openFreshDatabase(configuration: configuration)
    if let fresh { runDatabases.append((fresh, ObjectIdentifier(db))) }
    return db
  }

  /// Every row `sql` returns, asked of the engine itself: on PostgreSQL through a plain libpq
  /// connection (text results read by column type: BOOLEAN as 0 or 1, NUMERIC and the rest as
  /// their text, BYTEA as bytes); on SQLite, whose in-memory database has no second connection,
  /// through a statement on `db`'s own connection, which hands back the stored values untouched.
  func rawRows(_ sql: String, in db: Database) throws -> [[DatabaseValue]] {
    switch currentEngine {
    case .postgres:
      // The latest database opened at that address: a `Database` released earlier in the run
      // may have had it, and the first match read another test database's rows.
      guard let fresh = runDatabases.last(where: { $0.opened == ObjectIdentifier(db) }) else {
        preconditionFailure("rawRows(_:in:) takes a database from makeDatabase()")
      }
      let result = try PostgresRawConnection(conninfo: fresh.database.conninfo).query(sql)
      return result.rows.map { row in
        zip(result.columnTypes, row).map { type, text in Self.value(text, ofType: type) }
      }
    case .sqlite, nil:
      return try db.read { try $0.rawRows(sql) }
    }
  }

  /// The one value of the one row `sql` returns, asked of the engine itself (see `rawRows`).
  func rawValue(_ sql: String, in db: Database) throws -> DatabaseValue {
    let rows = try rawRows(sql, in: db)
    guard rows.count == 1, rows[0].count == 1 else {
      throw ValueConversionError("expected one value from `\(sql)`, got \(rows)")
    }
    return rows[0][0]
  }

  private func beginRun(_ engine: TestEngine) {
    currentEngine = engine
    runDatabases = []
  }

  private func endRun(_ engine: TestEngine, file: StaticString, line: UInt) {
    do {
      try tearDownEngine(engine)
    } catch {
      XCTFail("tear-down threw \(error)", file: file, line: line)
    }
    for fresh in runDatabases { fresh.database.drop() }
    runDatabases = []
    currentEngine = nil
  }

  /// A PostgreSQL text-format value as the storage class a test compares it with.
  static func value(_ text: String?, ofType type: UInt32) -> DatabaseValue {
    guard let text else { return .null }
    switch type {
    case 16:  // bool
      return .integer(text == "t" ? 1 : 0)
    case 20, 21, 23:  // int8, int2, int4
      return Int64(text).map(DatabaseValue.integer) ?? .text(text)
    case 700, 701:  // float4, float8
      switch text {
      case "Infinity": return .real(.infinity)
      case "-Infinity": return .real(-.infinity)
      case "NaN": return .real(.nan)
      default: return Double(text).map(DatabaseValue.real) ?? .text(text)
      }
    case 17:  // bytea, in the hex format: \x0a1b…
      return hexBytes(text.dropFirst(2)).map(DatabaseValue.blob) ?? .text(text)
    default:
      return .text(text)
    }
  }

  private static func hexBytes(_ hex: Substring) -> Data? {
    var bytes = Data()
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) ?? hex.endIndex
      guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    return bytes
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard let currentEngine else { return super.record(issue) }
      var labelled = issue
      labelled.compactDescription = "[\(currentEngine)] \(issue.compactDescription)"
      super.record(labelled)
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      let label = currentEngine.map { "[\($0)] " } ?? ""
      super.recordFailure(
        withDescription: label + description, inFile: filePath, atLine: lineNumber,
        expected: expected)
    }
  #endif
}
