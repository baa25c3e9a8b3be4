import Foundation
import Quarry
import XCTest

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

final class CharacterConversionTests: XCTestCase {
  func testCharactersRoundTripAsOneCharacterText() throws {
    XCTAssertEqual(try roundTrip(Character("a"), as: .text), "a")
    XCTAssertEqual(try roundTrip(Character("\u{0}"), as: .text), "\u{0}")
    XCTAssertEqual(try roundTrip(Character("é"), as: .text), "é")
    XCTAssertEqual(try roundTrip(Character("e\u{301}"), as: .text), "e\u{301}")
    XCTAssertEqual(try roundTrip(Character("👍🏽"), as: .text), "👍🏽")
    XCTAssertEqual(try roundTrip(Character("\r\n"), as: .text), "\r\n")
    XCTAssertEqual(try roundTrip(Character?.none, as: .text), nil)
    XCTAssertEqual(try storageClass(of: Character("7"), as: .text), "text")
  }

  func testRecordsWithACharacterColumnRoundTrip() throws {
    let db = try Database.inMemory()
    try db.migrate(Initial.self)
    try db.write { _ = try $0.insert(Initial(id: 1, letter: "ß")) }
    XCTAssertEqual(
      try db.read { try $0.fetchOne(Initial.self, id: 1) }, Initial(id: 1, letter: "ß"))
  }

  func testTextThatIsNotOneCharacterIsAnErrorNamingTableColumnAndRow() throws {
    let db = try Database.inMemory()
    try db.migrate(Initial.self)
    try db.write {
      try $0.execute(#"INSERT INTO "initials" ("id", "letter") VALUES (1, 'a'), (2, 'ab')"#)
    }
    let select = #"SELECT "id", "letter" FROM "initials""#
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Initial.self) }) { error in
      XCTAssertTrue(error is RowDecodingError, "\(type(of: error))")
      XCTAssertEqual(
        "\(error)",
        "cannot decode column 'letter' of table 'initials' (row 2) as Character: expected TEXT "
          + "of one character, found 2 characters - while executing `\(select)`")
    }
    try db.write { try $0.execute(#"UPDATE "initials" SET "letter" = '' WHERE "id" = 2"#) }
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Initial.self) }) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot decode column 'letter' of table 'initials' (row 2) as Character: expected TEXT "
          + "of one character, found 0 characters - while executing `\(select)`")
    }
    try db.write { try $0.execute(#"UPDATE "initials" SET "letter" = X'3536' WHERE "id" = 2"#) }
    XCTAssertThrowsError(try db.read { try $0.fetchAll(Initial.self) }) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot decode column 'letter' of table 'initials' (row 2) as Character: expected TEXT "
          + "of one character, found BLOB of 2 bytes - while executing `\(select)`")
    }
  }

  func testDecodingFromADatabaseValue() {
    XCTAssertEqual(try Character.decode(from: .text("x")), "x")
    XCTAssertThrowsError(try Character.decode(from: .null)) { error in
      XCTAssertEqual("\(error)", "expected TEXT of one character, found NULL")
    }
  }
}
