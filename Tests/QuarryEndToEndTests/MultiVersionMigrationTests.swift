import Foundation
import QuarryTestSupport
import XCTest

/// Four versions of one struct, as four releases of an app: a database made by each of the
/// first three (with rows written by that version's generated code) is migrated by the last,
/// and every row must come out exactly, with the schema of a database made by the last
/// version. The migration files each version wrote stay byte for byte as they were. The same
/// programs then do the same on PostgreSQL.
final class MultiVersionMigrationTests: XCTestCase {
  static let versions = [
    """
    // quarry: table = "books"
    struct Book: Sendable {
      var id: Int64
      // quarry: index
      var isbn: String
      var pages: Int
      var rating: String
      var legacy: String
    }
    """,
    // A column renamed; one added with a default.
    """
    // quarry: table = "books"
    struct Book: Sendable {
      var id: Int64
      // quarry: renamedFrom = "isbn", index
      var code: String
      var pages: Int
      var rating: String
      var legacy: String
      var shelf: String = "A1"
    }
    """,
    // A type changed, a column made optional, one dropped.
    """
    // quarry: table = "books", dropped = ["legacy"]
    struct Book: Sendable {
      var id: Int64
      // quarry: renamedFrom = "isbn", index
      var code: String
      var pages: Int?
      var rating: Int
      var shelf: String = "A1"
    }
    """,
    // The table renamed, a column made UNIQUE, the optional one NOT NULL again with a default.
    """
    // quarry: table = "volumes", renamedFrom = "books", dropped = ["legacy"]
    struct Book: Sendable {
      var id: Int64
      // quarry: renamedFrom = "isbn", unique
      var code: String
      // quarry: default = 0
      var pages: Int
      var rating: Int
      var shelf: String = "A1"
    }
    """,
  ]

  static let inserts = [
    """
    try db.insert(Book(id: 1, isbn: "111", pages: 100, rating: "5", legacy: "L1"))
    try db.insert(Book(id: 2, isbn: "222", pages: 200, rating: "7", legacy: "L2"))
    """,
    #"try db.insert(Book(id: 3, code: "333", pages: 300, rating: "9", legacy: "L3", shelf: "B2"))"#,
    #"try db.insert(Book(id: 4, code: "444", pages: nil, rating: 4, shelf: "C3"))"#,
    "",
  ]

  /// The migration files after each version's run.
  static let files = [
    [String](),
    ["0001_books_rename_isbn_to_code.swift"],
    ["0001_books_rename_isbn_to_code.swift", "0002_books_rebuild.swift"],
    [
      "0001_books_rename_isbn_to_code.swift", "0002_books_rebuild.swift",
      "0003_volumes_from_books_rebuild.swift",
    ],
  ]

  /// Each database's rows once the last version has migrated it.
  static let rows = [
    """
    rows
    volumes
      1, '111', 100, 5, 'A1'
      2, '222', 200, 7, 'A1'
    """,
    """
    rows
    volumes
      3, '333', 300, 9, 'B2'
    """,
    """
    rows
    volumes
      4, '444', 0, 4, 'C3'
    """,
  ]

  static let checks = """
    migrations quarry.generated/0001_books_rename_isbn_to_code, \
    quarry.generated/0002_books_rebuild, quarry.generated/0003_volumes_from_books_rebuild
    integrity ok
    foreign key violations 0
    """

  func testDatabasesMadeByEveryEarlierVersionMigrateToTheLastWithEveryRow() throws {
    var project = try MigrationProject(self)
    var databases: [String] = []
    var programs: [URL] = []
    var last: URL?
    for (number, source) in Self.versions.enumerated() {
      try project.generate(["Book.swift": source])
      XCTAssertEqual(
        project.migrationFiles.last.map { $0.keys.sorted() }, Self.files[number],
        "version \(number + 1)")
      let program = try project.build(
        "v\(number + 1)", inserts: Self.inserts[number], decodes: ["Book"])
      last = program
      programs.append(program)
      guard number < 3 else { break }
      let database = project.database("made-by-v\(number + 1)")
      let created = try project.run(program, "create", database)
      XCTAssertEqual(created.exitCode, 0, created.standardOutput + created.standardError)
      databases.append(database)
    }
    // Files once written never change: each is what its version wrote.
    for (number, files) in project.migrationFiles.enumerated() {
      for (name, text) in files {
        XCTAssertEqual(
          project.migrationFiles.last?[name], text, "\(name) after version \(number + 1)")
      }
    }
    guard let last else { return XCTFail("no version built") }
    let fresh = try project.run(last, "migrate", project.database("made-by-v4"))
    XCTAssertEqual(fresh.exitCode, 0, fresh.standardOutput + fresh.standardError)
    let freshSchema = SchemaEvolutionTests.split(fresh.standardOutput).schema
    for (position, database) in databases.enumerated() {
      let migrated = try project.run(last, "migrate", database)
      XCTAssertEqual(migrated.exitCode, 0, migrated.standardOutput + migrated.standardError)
      let (schema, rows) = SchemaEvolutionTests.split(migrated.standardOutput)
      XCTAssertEqual(
        schema, freshSchema,
        "made by version \(position + 1)\n" + lineDiff(expected: freshSchema, actual: schema))
      let count = Self.rows[position].split(separator: "\n").count - 2
      let expected = Self.rows[position] + "\n" + Self.checks + "\ndecoded Book: \(count)\n"
      XCTAssertEqual(
        rows, expected,
        "made by version \(position + 1)\n" + lineDiff(expected: expected, actual: rows))
      // A second migrate changes nothing.
      let again = try project.run(last, "migrate", database)
      XCTAssertEqual(again.standardOutput, migrated.standardOutput)
    }
    try assertPostgresMigrations(programs, in: project)
  }

  /// Each database's rows on PostgreSQL once the last version has migrated it, each value as
  /// JSON.
  static let postgresRows = [
    """
    rows
    volumes
      1, "111", 100, 5, "A1"
      2, "222", 200, 7, "A1"
    """,
    """
    rows
    volumes
      3, "333", 300, 9, "B2"
    """,
    """
    rows
    volumes
      4, "444", 0, 4, "C3"
    """,
  ]

  static let postgresChecks = """
    migrations quarry.generated/0001_books_rename_isbn_to_code, \
    quarry.generated/0002_books_rebuild, quarry.generated/0003_volumes_from_books_rebuild
    foreign keys not validated 0
    """

  /// The same versions' programs on PostgreSQL: a database made by each of the first three,
  /// migrated by the last, has the schema of one the last made, and every row.
  private func assertPostgresMigrations(_ programs: [URL], in project: MigrationProject) throws {
    guard let last = programs.last, programs.count == 4 else { return XCTFail("not built") }
    var made: [PostgresTestDatabase] = []
    defer { for database in made { database.drop() } }
    func database() throws -> String {
      let database = try SharedPostgresServer.createDatabase()
      made.append(database)
      return database.conninfo
    }
    let fresh = try project.run(last, "migrate", try database())
    XCTAssertEqual(fresh.exitCode, 0, "[postgres] " + fresh.standardOutput + fresh.standardError)
    let freshSchema = SchemaEvolutionTests.split(fresh.standardOutput).schema
    for (position, program) in programs.dropLast().enumerated() {
      let conninfo = try database()
      let created = try project.run(program, "create", conninfo)
      XCTAssertEqual(
        created.exitCode, 0, "[postgres] " + created.standardOutput + created.standardError)
      let migrated = try project.run(last, "migrate", conninfo)
      XCTAssertEqual(
        migrated.exitCode, 0, "[postgres] " + migrated.standardOutput + migrated.standardError)
      let (schema, rows) = SchemaEvolutionTests.split(migrated.standardOutput)
      XCTAssertEqual(
        schema, freshSchema,
        "[postgres] made by version \(position + 1)\n"
          + lineDiff(expected: freshSchema, actual: schema))
      let count = Self.postgresRows[position].split(separator: "\n").count - 2
      let expected =
        Self.postgresRows[position] + "\n" + Self.postgresChecks + "\ndecoded Book: \(count)\n"
      XCTAssertEqual(
        rows, expected,
        "[postgres] made by version \(position + 1)\n" + lineDiff(expected: expected, actual: rows))
      let again = try project.run(last, "migrate", conninfo)
      XCTAssertEqual(again.standardOutput, migrated.standardOutput, "[postgres]")
    }
  }
}
