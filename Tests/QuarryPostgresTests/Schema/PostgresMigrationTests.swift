import Foundation
import XCTest

@testable import Quarry

/// `migrate`'s steps on PostgreSQL, on a real server, each compared with the same migration on
/// SQLite: the same rows afterwards, or the same ``MigrationError``.
final class PostgresMigrationTests: XCTestCase {
  private var connection: PostgresConnection!
  private var catalog: PostgresCatalog { PostgresCatalog(connection: connection) }
  private var sqlite: Database!

  override func setUpWithError() throws {
    let database = try RawPostgresDatabase()
    connection = try PostgresConnection(conninfo: database.conninfo)
    sqlite = try Database.inMemory()
  }

  override func tearDown() {
    connection = nil
    sqlite = nil
    super.tearDown()
  }

  // MARK: Helpers

  /// Runs `body` in one transaction on PostgreSQL, rolled back when it throws (as `db.write`).
  private func inTransaction<T>(_ body: () throws -> T) throws -> T {
    try catalog.execute("BEGIN")
    do {
      let result = try body()
      try catalog.execute("COMMIT")
      return result
    } catch {
      try catalog.execute("ROLLBACK")
      throw error
    }
  }

  /// Creates or updates `tables` on both engines.
  private func migrateBoth(_ tables: [TableDefinition]) throws -> (Error?, Error?) {
    var sqliteError: Error?
    var postgresError: Error?
    do {
      try sqlite.performWrite(foreignKeysOff: true) { transaction in
        for table in tables {
          try SchemaMigration(definition: table, connection: transaction.checkedConnection).run()
        }
      }
    } catch { sqliteError = error }
    do {
      try inTransaction {
        for table in TableDefinition.referencedFirst(tables) {
          try PostgresSchemaMigration(definition: table, catalog: catalog).run()
        }
      }
    } catch { postgresError = error }
    return (sqliteError, postgresError)
  }

  /// Applies `migrations` on both engines, each in one transaction.
  private func runBoth(_ migrations: [GeneratedMigration]) throws -> (Error?, Error?) {
    var sqliteError: Error?
    var postgresError: Error?
    do {
      try sqlite.performWrite(foreignKeysOff: true) { transaction in
        let rebuilt = try GeneratedMigrationRunner(connection: transaction.checkedConnection)
          .run(migrations)
        for table in rebuilt {
          try ForeignKeyCheck(connection: transaction.checkedConnection)
            .check(tableAndReferrersOf: table)
        }
      }
    } catch { sqliteError = error }
    do {
      _ = try inTransaction {
        try PostgresGeneratedMigrationRunner(catalog: catalog).run(migrations)
      }
    } catch { postgresError = error }
    return (sqliteError, postgresError)
  }

  /// The same statements on both engines (plain SQL both accept).
  private func executeBoth(_ statements: String...) throws {
    try sqlite.write { transaction in
      for sql in statements { try transaction.checkedConnection.execute(sql) }
    }
    for sql in statements { try catalog.execute(sql) }
  }

  /// Every row of `sql` on both engines, each value written out.
  private func rowsBoth(_ sql: String) throws -> (sqlite: [[String]], postgres: [[String]]) {
    let sqliteRows = try sqlite.read { try $0.checkedConnection.migrationRows(sql) }
    let postgresRows = try catalog.rows(sql)
    return (
      sqliteRows.map { $0.map(\.literalDescription) },
      postgresRows.map { $0.map(\.literalDescription) }
    )
  }

  // MARK: Tables

  static let nests = TableDefinition(
    name: "nests",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("tree", .text, indexed: true),
    ])

  static let birds = TableDefinition(
    name: "birds",
    columns: [
      ColumnDefinition("id", .text, kind: .uuid, primaryKey: true),
      ColumnDefinition("name", .text, unique: true),
      ColumnDefinition("isRare", .integer, kind: .bool, defaultSQL: "0"),
      ColumnDefinition(
        "nest_id", .integer, nullable: true,
        references: ForeignKey("nests", "id", onDelete: .setNull)),
    ],
    indexes: [IndexDefinition(["isRare", "name"])])

  // MARK: Tests

  func testCreatesTablesReferencedFirstWithTheirIndexes() throws {
    let (sqliteError, postgresError) = try migrateBoth([Self.birds, Self.nests])
    XCTAssertNil(sqliteError)
    XCTAssertNil(postgresError)
    XCTAssertEqual(
      try catalog.columns(in: "birds"),
      [
        ColumnInfo(
          name: "id", type: "UUID", isNotNull: true, defaultValue: nil, primaryKeyIndex: 1),
        ColumnInfo(
          name: "name", type: "TEXT", isNotNull: true, defaultValue: nil, primaryKeyIndex: 0),
        ColumnInfo(
          name: "isRare", type: "BOOLEAN", isNotNull: true, defaultValue: "false",
          primaryKeyIndex: 0),
        ColumnInfo(
          name: "nest_id", type: "BIGINT", isNotNull: false, defaultValue: nil, primaryKeyIndex: 0),
      ])
    XCTAssertEqual(
      try catalog.indexes(on: "birds"),
      [
        IndexInfo(name: "birds_name_key", columns: ["name"], isUnique: true),
        IndexInfo(name: "birds_on_isRare_name", columns: ["isRare", "name"], isUnique: false),
        IndexInfo(name: "birds_pkey", columns: ["id"], isUnique: true),
      ])
    XCTAssertEqual(
      try catalog.foreignKeys(on: "birds"),
      [
        ForeignKeyInfo(
          destinationTable: "nests", columns: ["nest_id"], destinationColumns: ["id"],
          onDelete: .setNull, onUpdate: .noAction)
      ])
    // The same answers SQLite gives, but for PostgreSQL's own names and types.
    let sqliteKeys = try sqlite.read { try $0.foreignKeys(on: "birds") }
    XCTAssertEqual(try catalog.foreignKeys(on: "birds"), sqliteKeys)
    let sqliteIndexes = try sqlite.read { try $0.indexes(on: "nests") }
    XCTAssertEqual(sqliteIndexes.map(\.columns), [["tree"]])
    XCTAssertEqual(
      try catalog.indexes(on: "nests").filter { !$0.name.hasSuffix("_pkey") }.map(\.columns),
      sqliteIndexes.map(\.columns))
    // Running again changes nothing.
    XCTAssertNil(try migrateBoth([Self.birds, Self.nests]).1)
  }

  func testAddsColumnsWithTheirDefaultsToTablesWithRows() throws {
    XCTAssertNil(try migrateBoth([Self.nests]).1)
    try executeBoth(#"INSERT INTO "nests" ("id", "tree") VALUES (1, 'oak'), (2, 'elm')"#)
    var newer = Self.nests
    newer.columns += [
      ColumnDefinition("eggs", .integer, defaultSQL: "3"),
      ColumnDefinition("watched", .integer, kind: .bool, defaultSQL: "1"),
      ColumnDefinition("note", .text, nullable: true),
    ]
    let (sqliteError, postgresError) = try migrateBoth([newer])
    XCTAssertNil(sqliteError)
    XCTAssertNil(postgresError)
    let sql = #"SELECT "id", "tree", "eggs", "watched", "note" FROM "nests" ORDER BY "id""#
    let rows = try rowsBoth(sql)
    XCTAssertEqual(
      rows.sqlite, [["1", "'oak'", "3", "1", "NULL"], ["2", "'elm'", "3", "1", "NULL"]])
    XCTAssertEqual(rows.postgres, rows.sqlite)
  }

  func testRefusesWhatCouldLoseDataWithSQLitesErrors() throws {
    XCTAssertNil(try migrateBoth([Self.nests]).1)
    try executeBoth(#"INSERT INTO "nests" ("id", "tree") VALUES (1, 'oak')"#)
    var required = Self.nests
    required.columns.append(ColumnDefinition("eggs", .integer))
    var unique = Self.nests
    unique.columns.append(ColumnDefinition("code", .text, nullable: true, unique: true))
    var dropped = Self.nests
    dropped.columns.removeLast()
    var nullable = Self.nests
    nullable.columns[1].isNullable = true
    for table in [required, unique, dropped, nullable] {
      let (sqliteError, postgresError) = try migrateBoth([table])
      XCTAssertNotNil(sqliteError)
      XCTAssertEqual(postgresError as? MigrationError, sqliteError as? MigrationError)
    }
    var retyped = Self.nests
    retyped.columns[1].type = .integer
    let (_, postgresError) = try migrateBoth([retyped])
    XCTAssertEqual(
      "\(postgresError.map { "\($0)" } ?? "")",
      "cannot migrate table 'nests': column 'tree' changed type from TEXT to BIGINT - keep the "
        + "old type, or copy the data into a new column in a DatabaseMigrator migration")
    // Nothing changed.
    XCTAssertEqual(try catalog.columns(in: "nests").map(\.name), ["id", "tree"])
  }

  func testRenamesTablesColumnsAndQuarrysNamesAsANewDatabaseHasThem() throws {
    let books = TableDefinition(
      name: "books",
      columns: [
        ColumnDefinition("id", .integer, primaryKey: true),
        ColumnDefinition("isbn", .text, unique: true, indexed: true),
      ])
    XCTAssertNil(try migrateBoth([books]).1)
    try executeBoth(#"INSERT INTO "books" ("id", "isbn") VALUES (1, 'a'), (2, 'b')"#)
    let migrations = [
      GeneratedMigration("0001_rename", steps: [.renameTable("books", to: "volumes")]),
      GeneratedMigration(
        "0002_rename_isbn", steps: [.renameColumn("isbn", to: "code", in: "volumes")]),
    ]
    let (sqliteError, postgresError) = try runBoth(migrations)
    XCTAssertNil(sqliteError)
    XCTAssertNil(postgresError)
    XCTAssertEqual(
      try catalog.indexes(on: "volumes"),
      [
        // The UNIQUE constraint named after the old column follows the rename too.
        IndexInfo(name: "volumes_code_key", columns: ["code"], isUnique: true),
        IndexInfo(name: "volumes_on_code", columns: ["code"], isUnique: false),
        IndexInfo(name: "volumes_pkey", columns: ["id"], isUnique: true),
      ])
    let rows = try rowsBoth(#"SELECT "id", "code" FROM "volumes" ORDER BY "id""#)
    XCTAssertEqual(rows.postgres, [["1", "'a'"], ["2", "'b'"]])
    XCTAssertEqual(rows.postgres, rows.sqlite)
    XCTAssertEqual(
      try catalog.strings(PostgresMigrationSQL.appliedInOrder),
      ["quarry.generated/0001_rename", "quarry.generated/0002_rename_isbn"])
    // Applied once: running again does nothing.
    XCTAssertNil(try runBoth(migrations).1)
    let renamedAgain = GeneratedMigration(
      "0001_rename", steps: [.renameTable("books", to: "volumes")])
    XCTAssertNil(try runBoth([renamedAgain]).1)
  }

  static let ratings = TableDefinition(
    name: "ratings",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
      ColumnDefinition("score", .text),
      ColumnDefinition("flag", .text, nullable: true),
      ColumnDefinition("nest_id", .integer, nullable: true),
    ])

  /// `ratings` with `score` an Int8, `flag` a Bool, `nest_id` a reference to `nests`.
  static let convertedRatings = GeneratedMigration(
    "0001_ratings_rebuild",
    steps: [
      .rebuildTable(
        TableDefinition(
          name: "ratings",
          columns: [
            ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
            ColumnDefinition("score", .integer, unique: true),
            ColumnDefinition("flag", .integer, kind: .bool, nullable: true),
            ColumnDefinition(
              "nest_id", .integer, nullable: true, references: ForeignKey("nests", "id")),
            ColumnDefinition("shelf", .text, defaultSQL: "'A1'"),
          ]),
        columns: [
          .copy("id"), .convert("score", to: .integer(Int8.self)), .convert("flag", to: .bool),
          .copy("nest_id"), .value("shelf", sql: "'A1'"),
        ])
    ])

  private func prepareRatings(_ values: String) throws {
    XCTAssertNil(try migrateBoth([Self.nests, Self.ratings]).1)
    try executeBoth(
      #"INSERT INTO "nests" ("id", "tree") VALUES (1, 'oak')"#,
      #"INSERT INTO "ratings" ("id", "score", "flag", "nest_id") VALUES "# + values)
  }

  func testRebuildConvertsEveryRowExactly() throws {
    try prepareRatings("(1, '12', 'true', 1), (2, '-128', '0', NULL), (5, '127', NULL, 1)")
    let (sqliteError, postgresError) = try runBoth([Self.convertedRatings])
    XCTAssertNil(sqliteError)
    XCTAssertNil(postgresError)
    let sql =
      #"SELECT "id", "score", CASE WHEN "flag" THEN 1 WHEN NOT "flag" THEN 0 END, "nest_id", "shelf" "#
      + #"FROM "ratings" ORDER BY "id""#
    let postgresRows = try catalog.rows(sql).map { $0.map(\.literalDescription) }
    let sqliteRows = try sqlite.read {
      try $0.checkedConnection.migrationRows(
        #"SELECT "id", "score", "flag", "nest_id", "shelf" FROM "ratings" ORDER BY "id""#)
    }.map { $0.map(\.literalDescription) }
    XCTAssertEqual(
      postgresRows,
      [
        ["1", "12", "1", "1", "'A1'"], ["2", "-128", "0", "NULL", "'A1'"],
        ["5", "127", "NULL", "1", "'A1'"],
      ])
    XCTAssertEqual(postgresRows, sqliteRows)
    XCTAssertEqual(
      try catalog.columns(in: "ratings").map { "\($0.name) \($0.type) \($0.isNotNull)" },
      [
        "id BIGINT true", "score BIGINT true", "flag BOOLEAN false", "nest_id BIGINT false",
        "shelf TEXT true",
      ])
    // The identity continues after the largest key copied, as SQLite's AUTOINCREMENT does.
    XCTAssertEqual(
      try catalog.rows(#"INSERT INTO "ratings" ("score") VALUES (1) RETURNING "id""#),
      [[.integer(6)]])
    XCTAssertEqual(try catalog.foreignKeys(on: "ratings").map(\.destinationTable), ["nests"])
  }

  func testRebuildNamesTheFirstValueThatCannotConvertLikeSQLite() throws {
    try prepareRatings("(1, '12', 'true', 1), (2, '300', '0', NULL), (3, 'n/a', '1', NULL)")
    let (sqliteError, postgresError) = try runBoth([Self.convertedRatings])
    XCTAssertEqual(
      "\(sqliteError.map { "\($0)" } ?? "")",
      "cannot migrate table 'ratings': column 'score' of row 'id' = 2 holds '300', which is "
        + "not an integer in -128...127 - fix that row (and any like it) before migrating, or "
        + "keep the old type; nothing was changed")
    XCTAssertEqual(postgresError as? MigrationError, sqliteError as? MigrationError)
    XCTAssertEqual(
      try catalog.columns(in: "ratings").map(\.type), ["BIGINT", "TEXT", "TEXT", "BIGINT"])
  }

  func testRebuildNamesDuplicatesAndOrphansLikeSQLite() throws {
    try prepareRatings("(1, '12', 'true', 1), (2, '12', '0', NULL)")
    let duplicate = try runBoth([Self.convertedRatings])
    XCTAssertNotNil(duplicate.0)
    XCTAssertEqual(duplicate.1 as? MigrationError, duplicate.0 as? MigrationError)
    try executeBoth(#"UPDATE "ratings" SET "score" = '13', "nest_id" = 9 WHERE "id" = 2"#)
    let orphan = try runBoth([Self.convertedRatings])
    XCTAssertEqual(
      "\(orphan.0.map { "\($0)" } ?? "")",
      "cannot migrate table 'ratings': row 'id' = 2 refers by 'nest_id' = 9 to no row of table "
        + "'nests' - delete that row or add the row it refers to before migrating; nothing was "
        + "changed")
    XCTAssertEqual(orphan.1 as? MigrationError, orphan.0 as? MigrationError)
    XCTAssertEqual(
      try catalog.columns(in: "ratings").map(\.type), ["BIGINT", "TEXT", "TEXT", "BIGINT"])
  }
}
