import QuarryGen
import QuarryTestSupport
import XCTest

final class ModelBuilderTests: XCTestCase {
  private func build(_ path: String, _ text: String) -> ModelBuilder.Result {
    ModelBuilder().build([SourceScanner().scan(SourceFile(path: path, text: text))])
  }

  private let birdSource = """
    // quarry: table = "birds", index = [kind, name]
    public struct Bird: Sendable, Equatable {
      // quarry: primaryKey
      public var id: UUID
      // quarry: unique
      public var name: String
      public var wingspan: Double?
      public var kind: Kind
      public var tags: [String]
      // quarry: references = Nest, column = "nest_id"
      public var nestID: Int64?
      public var price: Decimal
      // quarry: ignore
      public var thumbnail: Data? = nil
    }
    public enum Kind: String { case songbird, raptor }
    // quarry: table = "nests"
    public struct Nest: Sendable {
      // quarry: autoincrement
      public var id: Int64?
      // quarry: index, default = "oak"
      public var tree: String
    }
    """

  func testContractBirdGivesTheContractDDL() {
    let result = build("Models/Bird.swift", birdSource)
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.model.tables.map(\.typeName), ["Bird", "Nest"])
    XCTAssertEqual(result.model.enums.map(\.name), ["Kind"])
    let bird = result.model.tables[0]
    XCTAssertEqual(
      bird.createTableSQL,
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
      """)
    XCTAssertEqual(
      bird.createIndexSQL, [#"CREATE INDEX "birds_on_kind_name" ON "birds" ("kind", "name");"#])
    XCTAssertEqual(
      bird.columns.map(\.storage), [.value, .value, .value, .value, .json, .value, .value])
    let nest = result.model.tables[1]
    XCTAssertEqual(
      nest.createTableSQL,
      """
      CREATE TABLE "nests" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "tree" TEXT NOT NULL DEFAULT 'oak'
      );
      """)
    XCTAssertEqual(nest.createIndexSQL, [#"CREATE INDEX "nests_on_tree" ON "nests" ("tree");"#])
  }

  func testTypeMappingCoversEveryKindOfType() {
    let source = """
      // quarry: persist
      struct Everything {
        var id: Int
        var a: Int8
        var b: UInt64
        var c: Bool
        var d: Float
        var e: Date
        var f: URL
        var g: Data
        var h: Swift.String
        var i: Optional<Int32>
        var j: [String: [Int]]
        var k: Set<String>
        var l: Color
        var m: Level?
        var n: Point
        // quarry: json
        var o: Color
        var p: Character = "x"
        var q: Mood
        enum Level: Int { case low, high }
      }
      struct Point: Codable { var x: Int }
      enum Mood: String { case calm }
      extension Color: DatabaseValueConvertible {}
      """
    let result = build("E.swift", source)
    XCTAssertEqual(result.diagnostics, [])
    let table = result.model.tables[0]
    XCTAssertEqual(table.name, "everything")
    XCTAssertEqual(
      table.columns.map { "\($0.name) \($0.swiftType) \($0.sqlType.sql) \($0.storage)" },
      [
        "id Int INTEGER value", "a Int8 INTEGER value", "b UInt64 INTEGER value",
        "c Bool INTEGER value", "d Float REAL value", "e Date REAL value", "f URL TEXT value",
        "g Data BLOB value", "h Swift.String TEXT value", "i Optional<Int32> INTEGER value",
        "j [String: [Int]] TEXT json", "k Set<String> TEXT json", "l Color BLOB value",
        "m Everything.Level? INTEGER value", "n Point TEXT json", "o Color TEXT json",
        "p Character TEXT value", "q Mood TEXT value",
      ])
    XCTAssertEqual(result.model.enums.map(\.name), ["Everything.Level", "Mood"])
    XCTAssertEqual(table.columns[9].isNullable, true)
    XCTAssertEqual(table.columns[9].unwrappedSwiftType, "Int32")
  }

  func testCompositeKeyPartsFollowTheOrderWrittenAndOtherColumnsKeepTheirPlaces() {
    let source = """
      // quarry: persist
      struct Member {
        var id: UUID
      }
      // quarry: primaryKey = [bookID, memberID], index = [dueOn]
      struct Loan {
        var note: String
        // quarry: references = Member, column = "member_id"
        var memberID: UUID
        var dueOn: Date
        var bookID: Int64
      }
      """
    let result = build("L.swift", source)
    XCTAssertEqual(result.diagnostics, [])
    let loan = result.model.tables[0]
    XCTAssertEqual(loan.columns.map(\.propertyName), ["note", "bookID", "dueOn", "memberID"])
    XCTAssertEqual(loan.primaryKeyColumns.map(\.propertyName), ["bookID", "memberID"])
    XCTAssertEqual(
      loan.createTableSQL,
      """
      CREATE TABLE "loan" (
        "note" TEXT NOT NULL,
        "bookID" INTEGER NOT NULL,
        "dueOn" REAL NOT NULL,
        "member_id" TEXT NOT NULL REFERENCES "member" ("id"),
        PRIMARY KEY ("bookID", "member_id")
      );
      """)
  }

  func testPropertyWrappedColumnsComeLastSoGeneratedInitializersCanAssignThem() {
    let source = """
      // quarry: persist
      struct Member: Sendable {
        @Clamped var stars: Int = 0
        // quarry: references = Member
        var mentorID: Int?
        var id: Int
        @MainActor var name: String
      }
      """
    let result = build("M.swift", source)
    XCTAssertEqual(result.diagnostics, [])
    let member = result.model.tables[0]
    XCTAssertEqual(member.columns.map(\.propertyName), ["mentorID", "id", "name", "stars"])
    XCTAssertEqual(member.columns[0].references?.table, "member")
  }

  func testCompositeKeyAndStructLevelUniqueIndex() {
    let source = """
      // quarry: primaryKey = [birdID, day], unique = [day, count]
      struct Sighting {
        var birdID: UUID
        var day: Int
        var count: Int
      }
      """
    let result = build("S.swift", source)
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.model.tables[0].createTableSQL,
      """
      CREATE TABLE "sighting" (
        "birdID" TEXT NOT NULL,
        "day" INTEGER NOT NULL,
        "count" INTEGER NOT NULL,
        PRIMARY KEY ("birdID", "day")
      );
      """)
    XCTAssertEqual(
      result.model.tables[0].createIndexSQL,
      [#"CREATE UNIQUE INDEX "sighting_on_day_count" ON "sighting" ("day", "count");"#])
  }

  /// Properties whose names are keywords are named in lists as Swift spells them, in
  /// backticks, or bare: `true` and `false` in a list of names are names, not Booleans.
  func testKeywordNamedPropertiesInNameLists() {
    let source = """
      // quarry: primaryKey = [`default`, `true`], unique = [true, `class`]
      // quarry: index = [false, `in`]
      struct Style {
        var `default`: String
        var `true`: Bool
        var `false`: Bool
        var `class`: String
        var `in`: Int
      }
      """
    let result = build("S.swift", source)
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.model.tables[0].primaryKeyColumns.map(\.propertyName), ["default", "true"])
    XCTAssertEqual(
      result.model.tables[0].createIndexSQL,
      [
        #"CREATE UNIQUE INDEX "style_on_true_class" ON "style" ("true", "class");"#,
        #"CREATE INDEX "style_on_false_in" ON "style" ("false", "in");"#,
      ])
  }

  func testSnakeCaseTableNamesAndQuotedIdentifiers() {
    XCTAssertEqual(ModelBuilder.snakeCase("BirdSighting"), "bird_sighting")
    XCTAssertEqual(ModelBuilder.snakeCase("URLCache"), "url_cache")
    XCTAssertEqual(ModelBuilder.snakeCase("Bird2Nest"), "bird2_nest")
    XCTAssertEqual(TableModel.quote(#"a"b"#), #""a""b""#)
  }

  func testUnannotatedStructsAreNotPersisted() {
    let source = """
      struct Plain {
        var id: Int
      }
      """
    let result = build("P.swift", source)
    XCTAssertEqual(result.model.tables, [])
    XCTAssertEqual(result.diagnostics, [])
  }

  func testEnumsThatAlreadyConformGetNoGeneratedConformance() {
    let source = """
      // quarry: persist
      struct Tag {
        var id: Int
        var a: Shade
        var b: Tone
      }
      enum Shade: String, DatabaseValueConvertible { case dark }
      enum Tone: Int { case low }
      """
    XCTAssertEqual(build("T.swift", source).model.enums.map(\.name), ["Tone"])
  }
}
