import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// A test case whose tests run the generated code on every engine (SQLite, PostgreSQL) from
/// one source, each run on a fresh database with every generated table migrated.
///
/// ```swift
/// func testCount() {
///   forEachEngine { engine in
///     XCTAssertEqual(try database.read { try $0.fetchCount(Author.all()) }, 0)
///     XCTAssertEqual(try rawColumn(#"SELECT count(*) FROM "authors""#), ["0"])
///   }
/// }
/// ```
///
/// A failure inside a run is labelled with the engine (`[postgres] XCTAssertEqual…`) and an
/// error thrown by the body fails that run only. The PostgreSQL database is one new database on
/// the process's shared test server, dropped when the run ends (no server per test).
class EngineEndToEndTestCase: XCTestCase {
  /// A database engine a run uses.
  enum Engine: String, CaseIterable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }
  }

  /// The run's database: nil outside `forEachEngine`.
  var database: Database!
  /// Every statement the run's database traced, cleared after `setUpEngine(_:)`.
  let log = StatementLog()
  /// The engine of the run in progress; nil outside `forEachEngine`.
  private(set) var currentEngine: Engine?
  private var fresh: PostgresTestDatabase?

  /// The tables each run's database is migrated to before `setUpEngine(_:)`.
  var tables: [any TableRecord.Type] { QuarryTables.all }

  /// Fills one engine's database before the body; subclasses insert their fixtures here.
  func setUpEngine(_ engine: Engine) throws {}

  /// Runs `body` once per engine on a fresh database, set up by `setUpEngine(_:)`.
  func forEachEngine(
    _ engines: [Engine] = Engine.allCases, file: StaticString = #filePath, line: UInt = #line,
    _ body: (Engine) throws -> Void
  ) {
    for engine in engines {
      do {
        try open(engine)
        try setUpEngine(engine)
        log.removeAll()
        try body(engine)
      } catch {
        XCTFail("threw \(error)", file: file, line: line)
      }
      close()
    }
  }

  /// A second `Database` on the run's database: a file on SQLite is the caller's, so this is for
  /// PostgreSQL, where it opens the run's database again (as another process would).
  func reopenPostgres(configuration: Database.Configuration = Database.Configuration()) throws
    -> Database
  {
    guard let fresh else { preconditionFailure("reopenPostgres() is for a PostgreSQL run") }
    return try Database(postgres: fresh.conninfo, configuration: configuration)
  }

  /// The first column of every row `sql` returns, as the engine itself spells the value in
  /// text: on PostgreSQL through a plain libpq connection (its text output: `t`/`f`, `1.5`);
  /// on SQLite, whose in-memory database has no second connection, the stored value on the
  /// run's own connection, untouched, in decimal digits or its text (a BLOB in hexadecimal).
  func rawColumn(_ sql: String) throws -> [String?] {
    switch currentEngine {
    case .postgres:
      guard let fresh else { preconditionFailure("rawColumn(_:) is for inside forEachEngine") }
      let result = try PostgresRawConnection(conninfo: fresh.conninfo).query(sql)
      return result.rows.map { $0.first ?? nil }
    case .sqlite, nil:
      return try database.read { try $0.fetchAll(DatabaseValue.self, sql: sql) }.map { value in
        switch value {
        case .null: return nil
        case .integer(let integer): return "\(integer)"
        case .real(let real): return "\(real)"
        case .text(let text): return text
        case .blob(let bytes): return bytes.map { String(format: "%02X", $0) }.joined()
        }
      }
    }
  }

  private func open(_ engine: Engine) throws {
    currentEngine = engine
    var configuration = Database.Configuration()
    let log = log
    configuration.trace = { log.append($0) }
    switch engine {
    case .sqlite:
      database = try Database.inMemory(configuration: configuration)
    case .postgres:
      let created = try SharedPostgresServer.createDatabase()
      fresh = created
      database = try Database(postgres: created.conninfo, configuration: configuration)
    }
    try database.migrate(tables)
  }

  private func close() {
    database = nil
    fresh?.drop()
    fresh = nil
    currentEngine = nil
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
