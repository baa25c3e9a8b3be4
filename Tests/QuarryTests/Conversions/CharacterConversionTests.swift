import Foundation
import XCTest

@testable import Quarry

/// A hand-written conformance shaped like generated code, with a `Character` column.
private struct Initial: TableRecord, Equatable {
  typealias PrimaryKey = Int64
  var id: Int64
  var letter: Character

  static let table = TableDefinition(
    name: "initials",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("letter", .text),
    ],
    indexes: []
  )

  init(id: Int64, letter: Character) {
    self.id = id
    self.letter = letter
  }

  init(row: Row) throws {
    id = try row.decode(at: 0)
    letter = try row.decode(at: 1)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(letter, at: 2)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

/// `Character` as one-character TEXT on both engines.
final class CharacterConversionTests: EngineTestCase {
  func testCharactersRoundTripAsOneCharacterText() {
    forEachEngine { engine in
      let db = try makeDatabase()
      for character in ["a", "é", "e\u{301}", "👍🏽", "\r\n", "7"] as [Character] {
        let back = try engineRoundTrip(character, as: .text, in: db)
        XCTAssertEqual(back.value, character)
        XCTAssertEqual(back.stored, .text(String(character)))
      }
      XCTAssertNil(try engineRoundTrip(Character?.none, as: .text, in: db).value ?? nil)
      switch engine {
      case .sqlite:
        XCTAssertEqual(try engineRoundTrip(Character("\u{0}"), as: .text, in: db).value, "\u{0}")
      case .postgres:
        // PostgreSQL text cannot hold U+0000: refused, never cut short.
        XCTAssertThrowsError(try engineRoundTrip(Character("\u{0}"), as: .text, in: db)) {
          XCTAssertEqual(
            "\($0)", "text holds a NUL character (U+0000), which PostgreSQL text cannot store")
        }
      }
    }
  }

  func testRecordsWithACharacterColumnRoundTrip() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(Initial.self)
      try db.write { _ = try $0.insert(Initial(id: 1, letter: "ß")) }
      XCTAssertEqual(
        try db.read { try $0.fetchOne(Initial.self, id: 1) }, Initial(id: 1, letter: "ß"))
      XCTAssertEqual(try rawRows(#"SELECT "letter" FROM "initials""#, in: db), [[.text("ß")]])
    }
  }

  func testTextThatIsNotOneCharacterIsAnErrorNamingTableColumnAndRow() {
    forEachEngine { engine in
      let db = try makeDatabase()
      try db.migrate(Initial.self)
      try db.write {
        try $0.execute(#"INSERT INTO "initials" ("id", "letter") VALUES (1, 'a'), (2, 'ab')"#)
      }
      let select = #"SELECT "id", "letter" FROM "initials""#
      let fetchAll = { try db.read { try $0.fetchAll(Initial.self).sorted { $0.id < $1.id } } }
      XCTAssertThrowsError(try fetchAll()) { error in
        XCTAssertTrue(error is RowDecodingError, "\(type(of: error))")
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'letter' of table 'initials' (row 2) as Character: expected "
            + "TEXT of one character, found 2 characters - while executing `\(select)`")
      }
      try db.write { try $0.execute(#"UPDATE "initials" SET "letter" = '' WHERE "id" = 2"#) }
      XCTAssertThrowsError(try fetchAll()) { error in
        XCTAssertTrue("\(error)".contains("found 0 characters"), "\(error)")
      }
      // SQLite only: a TEXT column of PostgreSQL cannot hold bytes.
      guard engine == .sqlite else { return }
      try db.write { try $0.execute(#"UPDATE "initials" SET "letter" = X'3536' WHERE "id" = 2"#) }
      XCTAssertThrowsError(try fetchAll()) { error in
        XCTAssertEqual(
          "\(error)",
          "cannot decode column 'letter' of table 'initials' (row 2) as Character: expected "
            + "TEXT of one character, found BLOB of 2 bytes - while executing `\(select)`")
      }
    }
  }

  func testDecodingFromADatabaseValue() {
    XCTAssertEqual(try Character.decode(from: .text("x")), "x")
    XCTAssertThrowsError(try Character.decode(from: .null)) { error in
      XCTAssertEqual("\(error)", "expected TEXT of one character, found NULL")
    }
  }
}
