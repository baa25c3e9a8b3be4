import Foundation
import Quarry

/// The generated path on PostgreSQL: the same app code as the runtime suite's `QuarrySubject`,
/// on a `Database(postgres:)`, one `read` or `write` closure per operation.
final class QuarryPostgresSubject: PostgresSubject {
  let name = "generated"
  private let database: Database
  private let entities: [BenchEntity]
  /// A plain connection to the same database, for DDL and VACUUM outside Quarry's transactions.
  private let maintenance: RawPostgres

  init(conninfo: String, entities: [BenchEntity], maintenance: RawPostgres) throws {
    database = try Database(postgres: conninfo)
    self.entities = entities
    self.maintenance = maintenance
  }

  func reset() throws {
    try maintenance.execute("DROP TABLE IF EXISTS bench_entities")
    try database.migrate(BenchEntity.self)
  }

  func insertAll() throws {
    try database.write { db in
      for entity in entities { _ = try db.insert(entity) }
    }
  }

  func fetchAll() throws -> any FetchedEntities {
    try database.read { try $0.fetchAll(BenchEntity.self) }
  }

  func lookup(_ ids: [Int64]) throws -> any FetchedEntities {
    try database.read { db in
      var found: [BenchEntity] = []
      found.reserveCapacity(ids.count)
      for id in ids {
        if let entity = try db.fetchOne(BenchEntity.self, id: id) { found.append(entity) }
      }
      return found
    }
  }

  func fetch(scoreAbove threshold: Double) throws -> any FetchedEntities {
    try database.read {
      try $0.fetchAll(BenchEntity.self, where: BenchEntity.Columns.score > threshold)
    }
  }

  func count() throws -> Int {
    try database.read { try $0.count(BenchEntity.self) }
  }

  func maintain(_ sql: String) throws {
    try maintenance.execute(sql)
  }
}
