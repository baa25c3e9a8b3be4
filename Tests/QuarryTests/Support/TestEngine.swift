import Foundation
import Quarry
import QuarryTestSupport

/// A database engine the behaviour suites run on, with how a test opens a fresh database there.
enum TestEngine: String, CaseIterable, Sendable, CustomStringConvertible {
  case sqlite
  case postgres

  /// The engines `forEachEngine` runs the behaviour suites on by default.
  ///
  /// Both engines: a suite that converts to `forEachEngine` runs on PostgreSQL too, and a check
  /// that only means something on SQLite names `[.sqlite]` where it runs.
  static let enabled: [TestEngine] = [.sqlite, .postgres]

  /// The engines that exist: tests that make their own tables run on all of them, always (on
  /// the shared test server, which a machine without PostgreSQL fails to start, failing them).
  static let available: [TestEngine] = [.sqlite, .postgres]

  var description: String { rawValue }

  /// A new, empty database on this engine: SQLite in memory; on PostgreSQL a new database on
  /// the process's shared server (`fresh` says which, so the caller can drop it).
  func openFreshDatabase(configuration: Database.Configuration) throws -> (
    Database, fresh: PostgresTestDatabase?
  ) {
    switch self {
    case .sqlite:
      return (try Database.inMemory(configuration: configuration), nil)
    case .postgres:
      let database = try SharedPostgresServer.createDatabase()
      do {
        return (try Self.openPostgres(database.conninfo, configuration: configuration), database)
      } catch {
        database.drop()
        throw error
      }
    }
  }

  /// `Database(postgres:)` on `conninfo`, for tests that open a database a second time.
  static func openPostgres(
    _ conninfo: String, configuration: Database.Configuration = Database.Configuration()
  ) throws -> Database {
    try Database(postgres: conninfo, configuration: configuration)
  }
}
