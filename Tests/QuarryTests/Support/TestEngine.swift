import Foundation
import Quarry
import QuarryTestSupport

/// A database engine the behaviour suites run on, with how a test opens a fresh database there.
enum TestEngine: String, CaseIterable, Sendable, CustomStringConvertible {
  case sqlite
  case postgres

  /// The engines `forEachEngine` runs a test body on.
  ///
  /// PostgreSQL joins when `Database(postgres:)` lands: this is the one switch.
  static let enabled: [TestEngine] = [.sqlite]

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
    throw PostgresTestServer.StartError(
      description: "Database(postgres:) has not landed yet: keep .postgres out of enabled")
  }
}
