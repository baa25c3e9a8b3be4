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

  /// What the engine itself holds after `migrate`: SQLite keeps the DDL text verbatim;
  /// PostgreSQL's catalog answers each column's type and nullability and each index.
  func testTheEngineHoldsExactlyTheDDL() {
    forEachEngine { engine in
      switch engine {
      case .sqlite:
        XCTAssertEqual(
          try rawRows(
            "SELECT group_concat(sql, ';\n') FROM sqlite_master WHERE tbl_name = 'birds' "
              + "AND sql IS NOT NULL", in: db),
          [
            [
              .text(
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
            ]
          ])
      case .postgres:
        XCTAssertEqual(
          try rawRows(
            "SELECT column_name, data_type, is_nullable FROM information_schema.columns "
              + "WHERE table_name = 'birds' ORDER BY ordinal_position", in: db),
          [
            ["id", "uuid", "NO"], ["name", "text", "NO"], ["wingspan", "double precision", "YES"],
            ["kind", "text", "NO"], ["tags", "jsonb", "NO"], ["nest_id", "bigint", "YES"],
            ["price", "numeric", "NO"],
          ].map { $0.map(DatabaseValue.text) })
        XCTAssertEqual(
          try rawRows(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'birds' ORDER BY indexname",
            in: db),
          [
            "CREATE UNIQUE INDEX birds_name_key ON public.birds USING btree (name)",
            "CREATE INDEX birds_on_kind_name ON public.birds USING btree (kind, name)",
            "CREATE UNIQUE INDEX birds_pkey ON public.birds USING btree (id)",
          ].map { [.text($0)] })
        XCTAssertEqual(
          try rawRows(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint "
              + "WHERE conrelid = 'birds'::regclass AND contype = 'f'", in: db),
          [[.text("FOREIGN KEY (nest_id) REFERENCES nests(id)")]])
      }
    }
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
