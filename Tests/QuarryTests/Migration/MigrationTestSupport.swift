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

/// Raw SQL reads of a database's rows and schema on the engine of the run in progress,
/// computed without Quarry's migration code: SQLite's pragmas and `sqlite_master`, or
/// PostgreSQL's `pg_catalog` through `rawRows` (a connection of its own).
struct SchemaProbe {
  let test: EngineTestCase

  private var isPostgres: Bool { test.currentEngine == .postgres }

  /// Every row of `table`, each as its values written as SQLite's `quote()` writes them,
  /// joined by `|`: on SQLite in rowid order, on PostgreSQL (no rowid) ordered by every column
  /// in turn, which is the key order of the tables these tests fill.
  func rows(_ table: String, in db: Database) throws -> [String] {
    guard isPostgres else {
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
    let count = try test.rawValue(
      "SELECT count(*) FROM pg_attribute WHERE attrelid = '\"\(table)\"'::regclass "
        + "AND attnum > 0 AND NOT attisdropped", in: db)
    guard case .integer(let columns) = count, columns > 0 else { return [] }
    let order = (1...columns).map(String.init).joined(separator: ", ")
    return try test.rawRows("SELECT * FROM \"\(table)\" ORDER BY \(order)", in: db).map { row in
      row.map(Self.quoted).joined(separator: "|")
    }
  }

  /// `value` as SQLite's `quote()` writes it (for the values these tests hold).
  private static func quoted(_ value: DatabaseValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let integer): String(integer)
    case .real(let real): "\(real)"
    case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
    }
  }

  /// The tables of `db` (not the migration log), by name.
  func tables(in db: Database) throws -> [String] {
    let sql =
      isPostgres
      ? "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
        + "AND tablename <> 'quarry_migrations' ORDER BY tablename"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'quarry_migrations' "
        + "AND name NOT LIKE 'sqlite%' ORDER BY name"
    return try test.rawRows(sql, in: db).map { row in
      if case .text(let name) = row[0] { return name }
      return ""
    }
  }

  /// Every table's columns, indexes and foreign keys but the migration log's, as text: on
  /// SQLite `PRAGMA table_info`, `index_list` (with each index's `index_info`) and
  /// `foreign_key_list`; on PostgreSQL each column (type, NOT NULL, default, identity and its
  /// sequence), each index as `pg_get_indexdef` writes it and each constraint as
  /// `pg_get_constraintdef` does, with its name.
  func schema(of db: Database) throws -> String {
    let sql = isPostgres ? Self.postgresSchema : Self.sqliteSchema
    return try test.rawRows(sql, in: db).map { row in
      if case .text(let line) = row[0] { return line }
      return "?"
    }.joined(separator: "\n")
  }

  private static let sqliteSchema = """
    SELECT line FROM (
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

  private static let postgresSchema = """
    SELECT line FROM (
      SELECT c.relname || ' column ' || a.attname || ' '
        || format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull::text
        || ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
        || ' identity=' || a.attidentity::text || ' sequence='
        || coalesce(pg_get_serial_sequence(quote_ident(c.relname), a.attname), '-') AS line,
        c.relname AS t, 0 AS k, lpad(
          (row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum))::text, 5, '0') AS o
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'quarry_migrations'
      UNION ALL
      SELECT c.relname || ' index ' || pg_get_indexdef(i.indexrelid), c.relname, 1, ic.relname
      FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
      JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname <> 'quarry_migrations'
      UNION ALL
      SELECT c.relname || ' constraint ' || k.conname || ' ' || pg_get_constraintdef(k.oid),
        c.relname, 2, k.conname
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname <> 'quarry_migrations') AS described
    ORDER BY t, k, o
    """

  /// The names of the generated migrations recorded in `db`.
  func recorded(in db: Database) throws -> [String] {
    try test.rawRows(#"SELECT "name" FROM "quarry_migrations" ORDER BY "name""#, in: db).map {
      if case .text(let name) = $0[0] { return name }
      return "?"
    }
  }

  /// The checks a migrated database must pass: on SQLite the integrity and foreign key checks;
  /// on PostgreSQL, which checks every row as it is written, that no constraint was left
  /// unvalidated (`NOT VALID`) by the rebuild's re-added foreign keys.
  func assertClean(_ db: Database, file: StaticString = #filePath, line: UInt = #line) throws {
    guard isPostgres else {
      let integrity = try test.rawValue("PRAGMA integrity_check", in: db)
      XCTAssertEqual(integrity, .text("ok"), file: file, line: line)
      let orphans = try test.rawValue("SELECT count(*) FROM pragma_foreign_key_check", in: db)
      XCTAssertEqual(orphans, .integer(0), file: file, line: line)
      return
    }
    let unvalidated = try test.rawValue(
      "SELECT count(*) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace "
        + "WHERE n.nspname = current_schema() AND NOT k.convalidated", in: db)
    XCTAssertEqual(unvalidated, .integer(0), file: file, line: line)
  }

  /// The largest key `table`'s autoincrement has handed out: SQLite's `sqlite_sequence`; on
  /// PostgreSQL the identity sequence's position (nil when the table has no identity column).
  func sequence(of table: String, in db: Database) throws -> Int? {
    guard isPostgres else {
      let rows = try test.rawRows(
        "SELECT seq FROM sqlite_sequence WHERE name = '\(table)'", in: db)
      guard case .integer(let seq) = rows.first?.first else { return nil }
      return Int(seq)
    }
    let names = try test.rawRows(
      "SELECT pg_get_serial_sequence(quote_ident(c.relname), a.attname) FROM pg_attribute a "
        + "JOIN pg_class c ON c.oid = a.attrelid WHERE c.oid = '\"\(table)\"'::regclass "
        + "AND a.attidentity <> ''", in: db)
    guard case .text(let sequence) = names.first?.first else { return nil }
    let last = try test.rawValue(
      "SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM \(sequence)",
      in: db)
    guard case .integer(let value) = last else { return nil }
    return Int(value)
  }

  /// The names and SQL of the user's triggers and indexes on `table`: SQLite's stored text,
  /// or PostgreSQL's `pg_get_indexdef` and `pg_get_triggerdef` (constraints' indexes left out).
  func objects(on table: String, in db: Database) throws -> [String] {
    let sql =
      isPostgres
      ? "SELECT line FROM (SELECT 'index ' || ic.relname || ': ' || pg_get_indexdef(i.indexrelid) "
        + "AS line FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid "
        + "WHERE i.indrelid = '\"\(table)\"'::regclass AND NOT EXISTS (SELECT 1 FROM "
        + "pg_constraint k WHERE k.conindid = i.indexrelid) UNION ALL SELECT 'trigger ' "
        + "|| t.tgname || ': ' || pg_get_triggerdef(t.oid) FROM pg_trigger t "
        + "WHERE t.tgrelid = '\"\(table)\"'::regclass AND NOT t.tgisinternal) AS o "
        + "ORDER BY line COLLATE \"C\""
      : "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE tbl_name = "
        + "'\(table)' AND type IN ('trigger', 'index') AND sql IS NOT NULL ORDER BY type, name"
    return try test.rawRows(sql, in: db).map {
      if case .text(let line) = $0[0] { return line }
      return "?"
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

/// A database made at one version, with rows, for migration tests; every test runs on each
/// engine (`forEachEngine`), and `probe` reads that engine's own catalog.
class MigrationTestCase: EngineTestCase {
  /// The raw SQL reads of the run's engine.
  var probe: SchemaProbe { SchemaProbe(test: self) }

  /// A new database on the run's engine created at `tables`, with `sql` run after.
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
    let schema = try probe.schema(of: db)
    XCTAssertTrue(schema.contains(" column "), "no schema read: \(schema)", file: file, line: line)
    XCTAssertEqual(schema, try probe.schema(of: fresh), file: file, line: line)
    XCTAssertEqual(
      try probe.recorded(in: db), try probe.recorded(in: fresh), file: file, line: line)
    try probe.assertClean(db, file: file, line: line)
  }

  /// Asserts that migrating `db` to `tables` throws `expected` and changes nothing.
  func assertRefused(
    _ db: Database, to tables: [any TableRecord.Type], _ expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let schemaBefore = try probe.schema(of: db)
    let tableNames = try probe.tables(in: db)
    let rowsBefore = try tableNames.map { try probe.rows($0, in: db) }
    XCTAssertThrowsError(try db.migrate(tables), file: file, line: line) { error in
      XCTAssertTrue(error is MigrationError, "\(type(of: error)): \(error)", file: file, line: line)
      XCTAssertEqual("\(error)", expected, file: file, line: line)
    }
    XCTAssertEqual(try probe.schema(of: db), schemaBefore, file: file, line: line)
    XCTAssertEqual(
      try tableNames.map { try probe.rows($0, in: db) }, rowsBefore, file: file, line: line)
  }
}
