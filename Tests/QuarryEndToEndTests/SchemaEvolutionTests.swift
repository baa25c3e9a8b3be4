import Foundation
import QuarryTestSupport
import XCTest

/// Issue 19's "Must show", end to end: structs change, `quarry generate` writes the
/// migrations, each version is compiled with its generated code, and a database made by an
/// older version, with rows, is migrated by a newer one. Its rows must come out exactly as
/// written here, and its schema (`PRAGMA table_info`, `index_list`, `index_info`,
/// `foreign_key_list`) exactly as a new database's made by the newer version; integrity and
/// foreign-key checks clean. Every kind of change sits in one pair of versions (one struct
/// each, the README's examples), so the test compiles two programs, not one per kind.
/// The same two programs then do the same on PostgreSQL (its catalog as the schema).
final class SchemaEvolutionTests: XCTestCase {
  /// The README's "Changing a struct" examples: every "Version 1" block, or every "Version 2"
  /// block, as one file (so the snippets are what is compiled and run, and cannot drift).
  static func readmeVersion(_ number: Int) throws -> String {
    let readme = QuarryBinary.packageRoot.appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try XCTUnwrap(
      text.components(separatedBy: "#### Changing a struct\n").dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let marker = "// Version \(number)\n"
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
      .filter { $0.hasPrefix(marker) }
      .map { String($0.dropFirst(marker.count)) }
    XCTAssertEqual(blocks.count, 11, "the README shows one pair of blocks per kind of change")
    return blocks.joined(separator: "\n")
  }

  static let kindsInserts = """
    try db.insert(Book(id: 1, isbn: "111", title: "Dune"))
    try db.insert(Book(id: 2, isbn: "222", title: "Emma"))
    try db.insert(Shelf(id: 1, name: "A"))
    try db.insert(Placement(id: 1, shelfID: 1))
    try db.insert(Rated(id: 1, score: "5", weight: 2))
    try db.insert(Rated(id: 2, score: "-7", weight: 3))
    try db.insert(Paged(id: 1, pages: 10))
    try db.insert(Noted(id: 1, note: nil))
    try db.insert(Noted(id: 2, note: "x"))
    try db.insert(Tagged(id: 1, name: "a"))
    try db.insert(Tagged(id: 2, name: "b"))
    try db.insert(Labeled(id: 1, code: "x"))
    try db.insert(Coded(id: "A", code: "a1"))
    try db.insert(Coded(id: "B", code: "b1"))
    try db.insert(Loan(id: 1, bookID: 1))
    try db.insert(Review(id: 1, bookID: 2))
    try db.insert(Legacy(id: 1, old: "o", kept: "k"))
    try db.insert(Counter(id: 1, name: "c"))
    try db.insert(Ticket(id: nil, note: "a"))
    try db.insert(Ticket(id: nil, note: "b"))
    try db.insert(Ticket(id: nil, note: "c"))
    _ = try db.delete(Ticket.self, id: 3)
    try db.insert(
      Recipe(
        id: "r1", title: "Tea", steps: [Step(text: "boil", minutes: "5"), Step(text: "pour", minutes: "1")]))
    """

  static let kindsTypes = [
    "Book", "Shelf", "Placement", "Rated", "Paged", "Noted", "Tagged", "Labeled", "Coded", "Loan",
    "Review", "Legacy", "Counter", "Ticket", "Recipe",
  ]

  /// The rows after migrating the version 1 database, as version 2 stores them.
  static let kindsRows = """
    rows
    books
      1, '111', 'Dune'
      2, '222', 'Emma'
    coded
      'A', 'a1'
      'B', 'b1'
    counter
      1, 'c', 0
    labeled
      1, 'x'
    legacy
      1, 'k'
    loan
      1, 1
    noted
      1, 'none'
      2, 'x'
    paged
      1, 10
    placement
      1, 1
    rated
      1, 5, 2.0
      2, -7, 3.0
    recipe
      'r1', 'Tea'
    recipe_steps
      'r1', 0, 'boil', 5
      'r1', 1, 'pour', 1
    review
      1, 2
    shelves
      1, 'A'
    tagged
      1, 'a'
      2, 'b'
    ticket
      1, 'a'
      2, 'b'
    sequence ticket=3
    migrations quarry.generated/0001_shelves_from_racks, quarry.generated/0002_books_rename_isbn_to_code, \
    quarry.generated/0003_coded_rebuild, quarry.generated/0004_labeled_rebuild, \
    quarry.generated/0005_legacy_rebuild, quarry.generated/0006_loan_rebuild, \
    quarry.generated/0007_noted_rebuild, quarry.generated/0008_paged_rebuild, \
    quarry.generated/0009_rated_rebuild, \
    quarry.generated/0010_recipe_rename_text_to_body_rebuild_recipe_steps, \
    quarry.generated/0011_review_rebuild, quarry.generated/0012_tagged_rebuild, \
    quarry.generated/0013_ticket_rebuild
    integrity ok
    foreign key violations 0
    """

  func testEveryKindOfChangeMigratesADatabaseWithRowsToTheNewSchema() throws {
    var project = try MigrationProject(self)
    try project.generate(["Models.swift": try Self.readmeVersion(1)])
    let version1 = try project.build(
      "v1", inserts: Self.kindsInserts, decodes: Self.kindsTypes)
    let old = project.database("old")
    let created = try project.run(version1, "create", old)
    XCTAssertEqual(created.exitCode, 0, created.standardOutput + created.standardError)

    try project.generate(["Models.swift": try Self.readmeVersion(2)])
    XCTAssertEqual(project.migrationFiles.last.map { $0.keys.sorted() }, Self.kindsMigrationFiles)
    // A database whose rows cannot all follow: one score is not a number.
    let bad = project.database("bad")
    let madeBad = try project.run(
      version1, "create", bad, sql: #"UPDATE "rated" SET "score" = 'n/a' WHERE "id" = 2"#)
    XCTAssertEqual(madeBad.exitCode, 0, madeBad.standardOutput + madeBad.standardError)
    let badBefore = try project.run(version1, "dump", bad)

    let version2 = try project.build(
      "v2", inserts: "", decodes: Self.kindsTypes)
    // `migrate` refuses it, naming table, column and row, and leaves every row as it was.
    let refused = try project.run(version2, "migrate", bad)
    XCTAssertEqual(refused.exitCode, 1)
    for word in ["'rated'", "'score'", "n/a"] {
      XCTAssertTrue(refused.standardOutput.contains(word), refused.standardOutput)
    }
    XCTAssertEqual(try project.run(version1, "dump", bad).standardOutput, badBefore.standardOutput)

    let migrated = try project.run(version2, "migrate", old)
    XCTAssertEqual(migrated.exitCode, 0, migrated.standardOutput + migrated.standardError)
    let fresh = try project.run(version2, "migrate", project.database("new"))
    XCTAssertEqual(fresh.exitCode, 0, fresh.standardOutput + fresh.standardError)

    let (migratedSchema, migratedRows) = Self.split(migrated.standardOutput)
    let (freshSchema, _) = Self.split(fresh.standardOutput)
    XCTAssertEqual(
      migratedSchema, freshSchema, lineDiff(expected: freshSchema, actual: migratedSchema))
    let expectedRows = Self.kindsRows + "\n" + Self.kindsDecoded
    XCTAssertEqual(
      migratedRows, expectedRows, lineDiff(expected: expectedRows, actual: migratedRows))
    try assertPostgresEvolution(version1, version2, in: project)
  }

  /// The same two programs on PostgreSQL: the database with a row that cannot follow is
  /// refused and left as it was; the other, migrated, has a new database's schema and every
  /// row.
  private func assertPostgresEvolution(
    _ version1: URL, _ version2: URL, in project: MigrationProject
  ) throws {
    var made: [PostgresTestDatabase] = []
    defer { for database in made { database.drop() } }
    func database() throws -> String {
      let database = try SharedPostgresServer.createDatabase()
      made.append(database)
      return database.conninfo
    }
    let old = try database()
    let created = try project.run(version1, "create", old)
    XCTAssertEqual(created.exitCode, 0, "[postgres] " + created.standardOutput + created.standardError)
    let bad = try database()
    let madeBad = try project.run(
      version1, "create", bad, sql: #"UPDATE "rated" SET "score" = 'n/a' WHERE "id" = 2"#)
    XCTAssertEqual(madeBad.exitCode, 0, "[postgres] " + madeBad.standardOutput + madeBad.standardError)
    let badBefore = try project.run(version1, "dump", bad)
    let refused = try project.run(version2, "migrate", bad)
    XCTAssertEqual(refused.exitCode, 1, "[postgres] " + refused.standardOutput)
    for word in ["'rated'", "'score'", "n/a"] {
      XCTAssertTrue(refused.standardOutput.contains(word), "[postgres] " + refused.standardOutput)
    }
    XCTAssertEqual(
      try project.run(version1, "dump", bad).standardOutput, badBefore.standardOutput, "[postgres]")

    let migrated = try project.run(version2, "migrate", old)
    XCTAssertEqual(migrated.exitCode, 0, "[postgres] " + migrated.standardOutput + migrated.standardError)
    let fresh = try project.run(version2, "migrate", try database())
    XCTAssertEqual(fresh.exitCode, 0, "[postgres] " + fresh.standardOutput + fresh.standardError)
    let (migratedSchema, migratedRows) = Self.split(migrated.standardOutput)
    let (freshSchema, _) = Self.split(fresh.standardOutput)
    XCTAssertEqual(
      migratedSchema, freshSchema,
      "[postgres]\n" + lineDiff(expected: freshSchema, actual: migratedSchema))
    let expectedRows = Self.postgresKindsRows + "\n" + Self.kindsDecoded
    XCTAssertEqual(
      migratedRows, expectedRows,
      "[postgres]\n" + lineDiff(expected: expectedRows, actual: migratedRows))
  }

  /// ``kindsRows`` on PostgreSQL, each value as JSON (`rated.weight`, DOUBLE PRECISION, spells
  /// 2.0 as 2). The ticket sequence continues after the deleted ticket 3, as SQLite's does.
  static let postgresKindsRows = """
    rows
    books
      1, "111", "Dune"
      2, "222", "Emma"
    coded
      "A", "a1"
      "B", "b1"
    counter
      1, "c", 0
    labeled
      1, "x"
    legacy
      1, "k"
    loan
      1, 1
    noted
      1, "none"
      2, "x"
    paged
      1, 10
    placement
      1, 1
    rated
      1, 5, 2
      2, -7, 3
    recipe
      "r1", "Tea"
    recipe_steps
      "r1", 0, "boil", 5
      "r1", 1, "pour", 1
    review
      1, 2
    shelves
      1, "A"
    tagged
      1, "a"
      2, "b"
    ticket
      1, "a"
      2, "b"
    sequence ticket_id_seq next=4
    migrations quarry.generated/0001_shelves_from_racks, quarry.generated/0002_books_rename_isbn_to_code, \
    quarry.generated/0003_coded_rebuild, quarry.generated/0004_labeled_rebuild, \
    quarry.generated/0005_legacy_rebuild, quarry.generated/0006_loan_rebuild, \
    quarry.generated/0007_noted_rebuild, quarry.generated/0008_paged_rebuild, \
    quarry.generated/0009_rated_rebuild, \
    quarry.generated/0010_recipe_rename_text_to_body_rebuild_recipe_steps, \
    quarry.generated/0011_review_rebuild, quarry.generated/0012_tagged_rebuild, \
    quarry.generated/0013_ticket_rebuild
    foreign keys not validated 0
    """

  /// The files version 2 writes, one per changed struct, table renames first.
  static let kindsMigrationFiles = [
    "0001_shelves_from_racks.swift", "0002_books_rename_isbn_to_code.swift",
    "0003_coded_rebuild.swift", "0004_labeled_rebuild.swift", "0005_legacy_rebuild.swift",
    "0006_loan_rebuild.swift", "0007_noted_rebuild.swift", "0008_paged_rebuild.swift",
    "0009_rated_rebuild.swift", "0010_recipe_rename_text_to_body_rebuild_recipe_steps.swift",
    "0011_review_rebuild.swift", "0012_tagged_rebuild.swift", "0013_ticket_rebuild.swift",
  ]

  /// Every row read back through version 2's generated code.
  static let kindsDecoded = """
    decoded Book: 2
    decoded Shelf: 1
    decoded Placement: 1
    decoded Rated: 2
    decoded Paged: 1
    decoded Noted: 2
    decoded Tagged: 2
    decoded Labeled: 1
    decoded Coded: 2
    decoded Loan: 1
    decoded Review: 1
    decoded Legacy: 1
    decoded Counter: 1
    decoded Ticket: 2
    decoded Recipe: 1

    """

  /// The dump's schema part and the rest (rows, checks, decoded counts).
  static func split(_ output: String) -> (schema: String, rows: String) {
    guard let range = output.range(of: "\nrows\n") else { return (output, "") }
    return (
      String(output[..<range.lowerBound]), String(output[output.index(after: range.lowerBound)...])
    )
  }
}
