import Foundation
import Quarry
import XCTest

/// One version of a table with the generated migrations that lead to it (and its owned child
/// tables, if any), written as the generator writes them.
protocol MigrationVersion {
  static var table: TableDefinition { get }
  static var ownedDefinitions: [TableDefinition] { get }
  static var migrations: [GeneratedMigration] { get }
}

extension MigrationVersion {
  static var ownedDefinitions: [TableDefinition] { [] }
}

/// A table record at `Version`: migrations need only the definitions.
struct Evolving<Version: MigrationVersion>: TableRecord, Sendable {
  typealias PrimaryKey = Int64

  static var table: TableDefinition { Version.table }
  static var migrations: [GeneratedMigration] { Version.migrations }
  static var ownedTables: [OwnedTable] {
    Version.ownedDefinitions.map {
      OwnedTable($0, rootKeyColumns: 1, ownerKeyColumns: 1, hasPosition: true)
    }
  }

  init(row: Row) throws {}
  func bind(to statement: Statement) throws {}
  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {}
  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

/// Raw SQL reads of a database's rows and schema, computed without Quarry's migration code.
enum SchemaProbe {
  /// Every row of `table` in rowid order, each as `quote(column)` values joined by `|`.
  static func rows(_ table: String, in db: Database) throws -> [String] {
    let columns = try db.read {
      try $0.fetchValue(
        String.self,
        sql: "SELECT group_concat('quote(\"' || name || '\")', ' || ''|'' || ') "
          + "FROM pragma_table_info(?)", arguments: [table])
    }
    return try db.read {
      try $0.fetchAll(
        Line.self, sql: "SELECT \(columns ?? "NULL") FROM \"\(table)\" ORDER BY rowid"
      ).map(\.text)
    }
  }

  /// `PRAGMA table_info`, `index_list` (with each index's `index_info`) and
  /// `foreign_key_list` of every table but SQLite's and the migration log, as text.
  static func schema(of db: Database) throws -> String {
    let sql = """
      SELECT group_concat(line, char(10)) FROM (
        SELECT m.name || ' column ' || c.cid || ' ' || c.name || ' ' || c.type || ' notnull='
          || c."notnull" || ' default=' || ifnull(c.dflt_value, '-') || ' pk=' || c.pk AS line,
          m.name AS t, 0 AS k, printf('%05d', c.cid) AS o
        FROM sqlite_master AS m, pragma_table_info(m.name) AS c
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%' AND m.name <> 'quarry_migrations'
        UNION ALL
        SELECT m.name || ' index ' || i.name || ' unique=' || i."unique" || ' origin=' || i.origin
          || ' partial=' || i.partial || ' on ' || (
            SELECT group_concat(ifnull(name, '?'), ',') FROM (
              SELECT name FROM pragma_index_info(i.name) ORDER BY seqno)),
          m.name, 1, i.name
        FROM sqlite_master AS m, pragma_index_list(m.name) AS i
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%' AND m.name <> 'quarry_migrations'
        UNION ALL
        SELECT m.name || ' foreign key ' || f."from" || ' -> ' || f."table" || '.' || f."to"
          || ' on update ' || f.on_update || ' on delete ' || f.on_delete,
          m.name, 2, printf('%05d %05d', f.id, f.seq)
        FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%' AND m.name <> 'quarry_migrations'
        ORDER BY t, k, o)
      """
    return try db.read { try $0.fetchValue(String?.self, sql: sql) ?? "" } ?? ""
  }

  /// The names of the generated migrations recorded in `db`.
  static func recorded(in db: Database) throws -> [String] {
    try db.read {
      try $0.fetchAll(
        Line.self,
        sql: #"SELECT "name" FROM "quarry_migrations" ORDER BY "name""#
      ).map(\.text)
    }
  }

  /// The integrity and foreign key checks, which a migrated database must pass.
  static func assertClean(_ db: Database, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let integrity = try db.read { try $0.fetchValue(String.self, sql: "PRAGMA integrity_check") }
    XCTAssertEqual(integrity, "ok", file: file, line: line)
    let orphans = try db.read {
      try $0.fetchValue(Int.self, sql: "SELECT count(*) FROM pragma_foreign_key_check")
    }
    XCTAssertEqual(orphans, 0, file: file, line: line)
  }

  /// The `seq` of `table` in `sqlite_sequence`.
  static func sequence(of table: String, in db: Database) throws -> Int? {
    try db.read {
      try $0.fetchValue(
        Int?.self, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
    } ?? nil
  }

  /// The names and SQL of the user's triggers and indexes on `table`.
  static func objects(on table: String, in db: Database) throws -> [String] {
    try db.read {
      try $0.fetchAll(
        Line.self,
        sql: "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE tbl_name = ? "
          + "AND type IN ('trigger', 'index') AND sql IS NOT NULL ORDER BY type, name",
        arguments: [table]
      ).map(\.text)
    }
  }
}

/// A one-column text row.
struct Line: TableRecord {
  typealias PrimaryKey = String
  var text: String
  static let table = TableDefinition(name: "", columns: [ColumnDefinition("text", .text)])
  init(row: Row) throws { text = try row.decode(at: 0) }
  func bind(to statement: Statement) throws {}
  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {}
  static func bind(primaryKey: String, to statement: Statement, at index: Int32) throws {}
}

/// A database file made at one version, with rows, for migration tests.
class MigrationTestCase: XCTestCase {
  /// A new in-memory database.
  func makeDatabase() throws -> Database { try Database.inMemory() }

  /// A new database created at `tables`, with `sql` run after.
  func database(at tables: [any TableRecord.Type], sql: [String] = []) throws -> Database {
    let db = try makeDatabase()
    try db.migrate(tables)
    try db.write { db in
      for statement in sql { try db.execute(statement) }
    }
    return db
  }

  /// Asserts `db`'s schema equals a new database's at `tables`, and that it is clean.
  func assertSchemaIsNew(
    _ db: Database, at tables: [any TableRecord.Type], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let fresh = try makeDatabase()
    try fresh.migrate(tables)
    let schema = try SchemaProbe.schema(of: db)
    XCTAssertTrue(schema.contains(" column "), "no schema read: \(schema)", file: file, line: line)
    XCTAssertEqual(schema, try SchemaProbe.schema(of: fresh), file: file, line: line)
    XCTAssertEqual(
      try SchemaProbe.recorded(in: db), try SchemaProbe.recorded(in: fresh), file: file,
      line: line)
    try SchemaProbe.assertClean(db, file: file, line: line)
  }

  /// Asserts that migrating `db` to `tables` throws `expected` and changes nothing.
  func assertRefused(
    _ db: Database, to tables: [any TableRecord.Type], _ expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let schemaBefore = try SchemaProbe.schema(of: db)
    let tableNames = try db.read {
      try $0.fetchAll(
        Line.self, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
      ).map(\.text)
    }
    let rowsBefore = try tableNames.map { try SchemaProbe.rows($0, in: db) }
    XCTAssertThrowsError(try db.migrate(tables), file: file, line: line) { error in
      XCTAssertTrue(error is MigrationError, "\(type(of: error)): \(error)", file: file, line: line)
      XCTAssertEqual("\(error)", expected, file: file, line: line)
    }
    XCTAssertEqual(try SchemaProbe.schema(of: db), schemaBefore, file: file, line: line)
    XCTAssertEqual(
      try tableNames.map { try SchemaProbe.rows($0, in: db) }, rowsBefore, file: file, line: line)
  }
}
