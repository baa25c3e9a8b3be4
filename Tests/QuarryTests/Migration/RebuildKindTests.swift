import Quarry
import XCTest

// "flags" version 1 has a Bool, a UUID and a text "level"; version 2 converts "level" to a
// Bool and drops "legacy". The rebuild's frozen definition states SQLite's types only, as the
// generator writes it; the record's own definition has each column's kind.
private enum FlagsV1: MigrationVersion {
  static let table = TableDefinition(
    name: "flags",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("done", .integer, kind: .bool),
      ColumnDefinition("token", .text, kind: .uuid),
      ColumnDefinition("level", .text),
      ColumnDefinition("legacy", .text, nullable: true),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum FlagsV2: MigrationVersion {
  static let table = TableDefinition(
    name: "flags",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("done", .integer, kind: .bool),
      ColumnDefinition("token", .text, kind: .uuid),
      ColumnDefinition("level", .integer, kind: .bool),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_flags_rebuild",
      steps: [
        .rebuildTable(
          TableDefinition(
            name: "flags",
            columns: [
              ColumnDefinition("id", .integer, primaryKey: true),
              ColumnDefinition("done", .integer), ColumnDefinition("token", .text),
              ColumnDefinition("level", .integer),
            ]),
          columns: [.copy("id"), .copy("done"), .copy("token"), .convert("level", to: .bool)])
      ])
  ]
}

/// A rebuild keeps what each column is on PostgreSQL (`BOOLEAN`, `UUID`) when its frozen
/// definition has no `kind:`, and a conversion to `.bool` makes a `BOOLEAN`.
final class RebuildKindTests: MigrationTestCase {
  func testARebuildKeepsBooleanAndUUIDColumnsAndConvertsToBoolean() throws {
    forEachEngine { engine in
      let db = try database(
        at: [Evolving<FlagsV1>.self],
        sql: [
          #"INSERT INTO "flags" VALUES (1, TRUE, '00000000-0000-0000-0000-000000000001', "#
            + #"'true', 'x'), (2, FALSE, '00000000-0000-0000-0000-000000000002', '0', NULL)"#
        ])

      try db.migrate([Evolving<FlagsV2>.self])

      XCTAssertEqual(
        try probe.rows("flags", in: db),
        [
          "1|1|'00000000-0000-0000-0000-000000000001'|1",
          "2|0|'00000000-0000-0000-0000-000000000002'|0",
        ])
      let sql =
        engine == .postgres
        ? "SELECT string_agg(format_type(atttypid, atttypmod), ',' ORDER BY attnum) "
          + #"FROM pg_attribute WHERE attrelid = '"flags"'::regclass AND attnum > 0 "#
          + "AND NOT attisdropped"
        : "SELECT group_concat(type, ',') FROM pragma_table_info('flags')"
      XCTAssertEqual(
        try rawValue(sql, in: db),
        .text(engine == .postgres ? "bigint,boolean,uuid,boolean" : "INTEGER,INTEGER,TEXT,INTEGER"))
      try assertSchemaIsNew(db, at: [Evolving<FlagsV2>.self])
      // The record's definition is the table's: migrating again changes nothing.
      try db.migrate([Evolving<FlagsV2>.self])
      XCTAssertEqual(try probe.recorded(in: db), ["quarry.generated/0002_flags_rebuild"])
    }
  }
}
