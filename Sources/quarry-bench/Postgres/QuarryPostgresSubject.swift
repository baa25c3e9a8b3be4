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

  /// The table `migrate` makes for `BenchEntity` on PostgreSQL, with the change trigger it gives
  /// every table (so inserts pay for observation as in an app), spelled out here so the suite
  /// does not depend on migrate's own work being timed or changing.
  private static let createTable = [
    "DROP TABLE IF EXISTS bench_entities",
    """
    CREATE TABLE "bench_entities" ("id" BIGINT NOT NULL PRIMARY KEY, "name" TEXT NOT NULL, \
    "score" DOUBLE PRECISION NOT NULL, "createdAt" DOUBLE PRECISION NOT NULL, "note" TEXT, \
    "payload" BYTEA NOT NULL)
    """,
    """
    CREATE OR REPLACE FUNCTION quarry_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF pg_notify('quarry_changes', TG_TABLE_NAME) IS NULL THEN
      END IF;
      RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER quarry_notify_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE \
    ON "bench_entities" FOR EACH STATEMENT EXECUTE FUNCTION quarry_notify()
    """,
  ]

  func reset() throws {
    for sql in Self.createTable { try maintenance.execute(sql) }
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
