import Foundation
import XCTest

@testable import Quarry

final class TableDefinitionTests: DatabaseTestCase {
  func testBirdDDLIsTheContractText() {
    XCTAssertEqual(
      Bird.table.createTableSQL,
      """
      CREATE TABLE "birds" (
        "id" TEXT NOT NULL PRIMARY KEY,
        "name" TEXT NOT NULL UNIQUE,
        "wingspan" REAL,
        "kind" TEXT NOT NULL,
        "tags" TEXT NOT NULL,
        "nest_id" INTEGER REFERENCES "nests" ("id"),
        "price" NUMERIC NOT NULL
      )
      """)
    XCTAssertEqual(
      Bird.table.createIndexSQL, [#"CREATE INDEX "birds_on_kind_name" ON "birds" ("kind", "name")"#]
    )
  }

  func testSQLiteMasterHoldsExactlyTheDDL() throws {
    let stored = try db.read {
      try $0.fetchValue(
        String.self,
        sql: "SELECT group_concat(sql, ';\n') FROM sqlite_master WHERE tbl_name = 'birds' "
          + "AND sql IS NOT NULL")
    }
    XCTAssertEqual(
      stored,
      """
      CREATE TABLE "birds" (
        "id" TEXT NOT NULL PRIMARY KEY,
        "name" TEXT NOT NULL UNIQUE,
        "wingspan" REAL,
        "kind" TEXT NOT NULL,
        "tags" TEXT NOT NULL,
        "nest_id" INTEGER REFERENCES "nests" ("id"),
        "price" NUMERIC NOT NULL
      );
      CREATE INDEX "birds_on_kind_name" ON "birds" ("kind", "name")
      """)
  }

  func testAutoincrementCompositeKeyDefaultsAndIndexes() {
    XCTAssertEqual(
      Nest.table.createTableSQL,
      """
      CREATE TABLE "nests" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "site" TEXT NOT NULL
      )
      """)
    XCTAssertEqual(
      Membership.table.createTableSQL,
      """
      CREATE TABLE "memberships" (
        "flock" TEXT NOT NULL,
        "bird_id" TEXT NOT NULL,
        "role" TEXT NOT NULL DEFAULT 'member',
        PRIMARY KEY ("flock", "bird_id")
      )
      """)
    XCTAssertEqual(
      Membership.table.createIndexSQL,
      [
        #"CREATE INDEX "memberships_on_role" ON "memberships" ("role")"#,
        #"CREATE UNIQUE INDEX "memberships_on_bird_id_role" ON "memberships" ("bird_id", "role")"#,
      ])
  }

  func testColumnIndexesComeBeforeTableIndexes() {
    let table = TableDefinition(
      name: "t",
      columns: [
        ColumnDefinition("a", .integer, primaryKey: true),
        ColumnDefinition(
          "b", .blob, nullable: true, unique: true, indexed: true, defaultSQL: "x''"),
      ],
      indexes: [IndexDefinition(["b", "a"], unique: true)])
    XCTAssertEqual(
      table.createTableSQL,
      """
      CREATE TABLE "t" (
        "a" INTEGER NOT NULL PRIMARY KEY,
        "b" BLOB UNIQUE DEFAULT x''
      )
      """)
    XCTAssertEqual(
      table.createIndexSQL,
      [
        #"CREATE INDEX "t_on_b" ON "t" ("b")"#,
        #"CREATE UNIQUE INDEX "t_on_b_a" ON "t" ("b", "a")"#,
      ])
  }
}
