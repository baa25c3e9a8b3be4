import Foundation
import XCTest

@testable import Quarry

final class DatabaseMigratorTests: DatabaseTestCase {
  private struct Failure: Error {}

  func testMigrationsRunOnceInOrderAndAreRecorded() throws {
    forEachEngine { _ in
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create trails") { db in
        try db.migrate([Versioned<Trails>.self])
      }
      migrator.registerMigration("seed trails") { db in
        try db.execute(#"INSERT INTO "trails" ("id") VALUES (1)"#)
      }

      try migrator.migrate(db)
      try migrator.migrate(db)

      XCTAssertEqual(try migrator.appliedMigrations(in: db), ["create trails", "seed trails"])
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Int.self, sql: #"SELECT COUNT(*) FROM "trails""#) }, 1)
    }
  }

  func testLaterMigrationsApplyOnTopOfEarlierOnes() throws {
    forEachEngine { _ in
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create trails") { try $0.migrate([Versioned<Trails>.self]) }
      try migrator.migrate(db)

      migrator.registerMigration("seed trails") { db in
        try db.execute(#"INSERT INTO "trails" ("id") VALUES (7)"#)
      }
      try migrator.migrate(db)

      XCTAssertEqual(try migrator.appliedMigrations(in: db), ["create trails", "seed trails"])
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Int.self, sql: #"SELECT "id" FROM "trails""#) }, 7)
    }
  }

  func testAFailingMigrationIsRolledBackAndStopsTheRun() throws {
    forEachEngine { _ in
      var migrator = DatabaseMigrator()
      migrator.registerMigration("create trails") { try $0.migrate([Versioned<Trails>.self]) }
      migrator.registerMigration("broken") { db in
        try db.execute(#"INSERT INTO "trails" ("id") VALUES (1)"#)
        throw Failure()
      }
      migrator.registerMigration("never") { db in
        try db.execute(#"INSERT INTO "trails" ("id") VALUES (2)"#)
      }

      XCTAssertThrowsError(try migrator.migrate(db)) { error in
        XCTAssertTrue(error is Failure)
      }

      XCTAssertEqual(try migrator.appliedMigrations(in: db), ["create trails"])
      XCTAssertEqual(
        try db.read { try $0.fetchValue(Int.self, sql: #"SELECT COUNT(*) FROM "trails""#) }, 0)
    }
  }
}
