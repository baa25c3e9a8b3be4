import Foundation
import Quarry
import XCTest

/// Functions and collations written in Swift (issue 21): `add(function:)`, `add(collation:)`,
/// and the Unicode-aware `lowercased` and `uppercased`. Expected values come from plain Swift
/// over the same data, or from SQLite's built-in functions.
final class DatabaseFunctionTests: XCTestCase {
  private let names = ["Émile Zola", "ÉMILE ZOLA", "émile zola", "Straße", "ada", "Ada", ""]

  private func libraryDatabase(path: String? = nil) throws -> Database {
    let db = try path.map { try Database(path: $0) } ?? Database.inMemory()
    try db.migrate(Member.self)
    try db.write { tx in
      for (offset, name) in names.enumerated() {
        try tx.insert(
          Member(id: Int64(offset + 1), name: name, email: offset % 2 == 0 ? nil : name))
      }
    }
    return db
  }

  private func temporaryPath() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-functions-\(UUID().uuidString).sqlite").path
    addTeardownBlock {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }

  // MARK: lowercased / uppercased

  func testLowercasedFindsNonASCIILettersAsSwiftDoes() throws {
    let db = try libraryDatabase()
    let found = try db.read {
      try $0.fetchAll(Member.all().filter(Member.Columns.name.lowercased == "émile zola"))
    }
    XCTAssertEqual(found.map(\.name), names.filter { $0.lowercased() == "émile zola" })
    XCTAssertEqual(found.count, 3)
    // SQLite's LOWER folds ASCII only: the reason `lowercased` does not use it.
    let ascii = try db.read {
      try $0.fetchValue(
        Int.self, sql: "SELECT COUNT(*) FROM members WHERE LOWER(name) = 'émile zola'")
    }
    XCTAssertEqual(ascii, 1)
  }

  func testLowercasedAndUppercasedSelectWhatSwiftComputesNullStayingNull() throws {
    let db = try libraryDatabase()
    let ordered = Member.all().order(Member.Columns.id.asc)
    let lower = try db.read { try $0.fetchAll(ordered.select(Member.Columns.name.lowercased)) }
    let upper = try db.read { try $0.fetchAll(ordered.select(Member.Columns.name.uppercased)) }
    let emails = try db.read { try $0.fetchAll(ordered.select(Member.Columns.email.uppercased)) }
    XCTAssertEqual(lower, names.map { $0.lowercased() })
    XCTAssertEqual(upper, names.map { $0.uppercased() })
    XCTAssertTrue(upper.contains("STRASSE"))
    let expectedEmails = names.enumerated().map {
      $0.offset % 2 == 0 ? nil : $0.element.uppercased()
    }
    XCTAssertEqual(emails, expectedEmails)
  }

  func testUnicodeCaseFunctionsRunOnReaderConnectionsAndInRawSQL() throws {
    let db = try libraryDatabase(path: temporaryPath())
    let lowered = try db.read {
      try $0.fetchValue(String.self, sql: "SELECT quarry_lower('ÉMILE ZOLA')")
    }
    XCTAssertEqual(lowered, "émile zola")
    let count = try db.read {
      try $0.fetchCount(Member.all().filter(Member.Columns.name.uppercased == "ÉMILE ZOLA"))
    }
    XCTAssertEqual(count, names.filter { $0.uppercased() == "ÉMILE ZOLA" }.count)
    let numbers = try db.read {
      try $0.fetchValue(
        Int.self, sql: "SELECT (quarry_upper(12) = '12') + (quarry_lower(NULL) IS NULL)")
    }
    XCTAssertEqual(numbers, 2, "a number is read as text and NULL stays NULL, as LOWER does")
    XCTAssertEqual(
      try db.read { try $0.fetchValue(String.self, sql: "SELECT quarry_upper(12)") }, "12")
  }

  func testLikeAndNoCaseFoldASCIIOnly() throws {
    let db = try libraryDatabase()
    let like = try db.read {
      try $0.fetchCount(Member.all().filter(Member.Columns.name.like("émile%")))
    }
    XCTAssertEqual(like, 1, "LIKE folds the ASCII letters only: 'Émile' and 'ÉMILE' do not match")
    let noCase = try db.read {
      try $0.fetchCount(Member.all().filter(Member.Columns.name.collating(.noCase) == "émile zola"))
    }
    XCTAssertEqual(noCase, 1)
    let lowered = try db.read {
      try $0.fetchCount(Member.all().filter(Member.Columns.name.lowercased.like("émile%")))
    }
    XCTAssertEqual(lowered, 3)
  }

  // MARK: add(function:)

  func testAddedFunctionRunsInRawAndTypedSQLNullIncluded() throws {
    let db = try libraryDatabase()
    try db.add(
      function: DatabaseFunction("unaccent", argumentCount: 1, pure: true) { args in
        guard case .text(let text) = args[0] else { return nil }
        return text.folding(options: .diacriticInsensitive, locale: nil)
      })
    let raw = try db.read {
      try $0.fetchValue(String.self, sql: "SELECT group_concat(unaccent(email), '|') FROM members")
    }
    let expected = names.enumerated().filter { $0.offset % 2 == 1 }
      .map { $0.element.folding(options: .diacriticInsensitive, locale: nil) }
    XCTAssertEqual(raw, expected.joined(separator: "|"))
    XCTAssertEqual(
      try db.read { try $0.fetchValue(Int.self, sql: "SELECT unaccent(NULL) IS NULL") }, 1)
  }

  func testFunctionArgumentsAndResultsKeepEveryStorageClass() throws {
    let db = try Database.inMemory()
    try db.add(function: DatabaseFunction("echo", argumentCount: 1) { args in args[0] })
    try db.add(
      function: DatabaseFunction("kinds") { args in
        args.map(\.storageDescription).joined(separator: ",")
      })
    let kinds = try db.read {
      try $0.fetchValue(String.self, sql: "SELECT kinds(NULL, 300, 1.5, 'é', x'00ff', '')")
    }
    XCTAssertEqual(kinds, "NULL,INTEGER 300,REAL,TEXT,BLOB of 2 bytes,TEXT")
    let echoed = try db.read {
      try $0.fetchValue(
        String.self,
        sql:
          "SELECT typeof(echo(1)) || typeof(echo(1.5)) || typeof(echo('a')) || typeof(echo(x'01'))"
          + " || typeof(echo(NULL)) || typeof(echo('')) || quote(echo(x'00ff'))")
    }
    XCTAssertEqual(echoed, "integerrealtextblobnulltextX'00FF'")
  }

  func testErrorThrownByAFunctionIsTheStatementsSQLError() throws {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "refused by Swift" }
    }
    let db = try Database.inMemory()
    try db.add(function: DatabaseFunction("refuse", argumentCount: 0) { _ in throw Refused() })
    XCTAssertThrowsError(try db.read { try $0.fetchValue(Int.self, sql: "SELECT refuse()") }) {
      let error = $0 as? SQLiteError
      XCTAssertEqual(error?.code, 1)
      XCTAssertEqual(error?.message, "refused by Swift")
    }
    XCTAssertThrowsError(try db.write { try $0.execute("SELECT refuse(1)") }) {
      XCTAssertTrue("\($0)".contains("wrong number of arguments to function refuse()"), "\($0)")
    }
  }

  func testFunctionReachesReadersOpenBeforeAndAfterItWasAdded() throws {
    let db = try libraryDatabase(path: temporaryPath())
    // Open two readers before the function exists: one read inside the other.
    try db.read { _ in try db.read { _ in } }
    try db.add(
      function: DatabaseFunction("twice", argumentCount: 1, pure: true) { args in
        guard case .integer(let number) = args[0] else { return nil }
        return number * 2
      })
    let results = try db.read { outer in
      try db.read { inner in
        try [outer, inner].map { try $0.fetchValue(Int.self, sql: "SELECT twice(21)") }
      }
    }
    XCTAssertEqual(results, [42, 42])
    let written = try db.write {
      try $0.fetchValue(Int.self, sql: "SELECT twice(MAX(id)) FROM members")
    }
    XCTAssertEqual(written, names.count * 2)
  }

  // MARK: add(collation:)

  private static let byLength = DatabaseCollation("byLength") { a, b in
    if a.count != b.count { return a.count < b.count ? .orderedAscending : .orderedDescending }
    return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
  }

  private static func byLengthInSwift(_ a: String, _ b: String) -> Bool {
    a.count != b.count ? a.count < b.count : a < b
  }

  func testCollationOrdersRawAndTypedQueriesAsSwiftDoes() throws {
    let db = try libraryDatabase(path: temporaryPath())
    try db.add(collation: Self.byLength)
    let typed = try db.read {
      try $0.fetchAll(
        Member.all().order(Member.Columns.name.collating(Self.byLength).asc)
          .select(Member.Columns.name))
    }
    XCTAssertEqual(typed, names.sorted(by: Self.byLengthInSwift))
    let raw = try db.read {
      try $0.fetchValue(
        String.self,
        sql:
          "SELECT group_concat(name, '|') FROM (SELECT name FROM members ORDER BY name COLLATE byLength DESC)"
      )
    }
    XCTAssertEqual(raw, names.sorted(by: Self.byLengthInSwift).reversed().joined(separator: "|"))
    let equal = try db.read {
      try $0.fetchCount(
        Member.all().filter(Member.Columns.name.collating(.custom(Self.byLength)) == "Ada"))
    }
    XCTAssertEqual(equal, 1)
  }

  func testUnknownCollationIsAnSQLError() throws {
    let db = try libraryDatabase()
    XCTAssertThrowsError(
      try db.read {
        try $0.fetchAll(Member.all().order(Member.Columns.name.collating(Self.byLength).asc))
      }
    ) {
      XCTAssertTrue("\($0)".contains("no such collation sequence: byLength"), "\($0)")
    }
  }
}
