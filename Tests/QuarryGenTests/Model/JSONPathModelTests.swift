import QuarryGen
import QuarryTestSupport
import XCTest

/// Typed JSON paths (issue 21): which `Codable` structs a JSON column reaches, which of their
/// properties become paths, under which key, and in which table's file they are generated.
final class JSONPathModelTests: XCTestCase {
  private func build(_ sources: [String: String]) -> (model: SchemaModel, diagnostics: String) {
    let scanned = sources.keys.sorted().map { path in
      SourceScanner().scan(SourceFile(path: path, text: sources[path] ?? ""))
    }
    let result = ModelBuilder().build(scanned)
    return (
      result.model, DiagnosticRenderer(files: scanned.map(\.file)).render(result.diagnostics)
    )
  }

  /// `name: Type = key (json)` for each field, in order.
  private func fields(_ paths: JSONPathModel?) -> [String] {
    (paths?.fields ?? []).map {
      "\($0.propertyName): \($0.swiftType) = \($0.key)" + ($0.isJSON ? " (json)" : "")
    }
  }

  func testStoredEncodedPropertiesBecomePathsUnderTheirCodingKeys() throws {
    let (model, diagnostics) = build([
      "Models/Book.swift": """
      // quarry: table = "books"
      struct Book: Sendable {
        var id: Int
        var meta: Meta
        var extra: Meta?

        struct Meta: Codable, Sendable {
          var pages: Int
          var title: String?
          var rating: Double
          var signed: Bool
          var released: Date
          var id: UUID
          var site: URL
          var genre: Genre
          var author: Person
          var editor: Person?
          var tags: [String]
          var scan: Data
          var ratio: Float
          var price: Decimal
          var money: Money
          var mood: Mood
          var draft: Int = 0
          var twice: Int { pages * 2 }
          static let version = 1
          #if DEBUG
          var debugNote: String
          #endif
          enum CodingKeys: String, CodingKey {
            case pages = "page_count", title = "the title", rating, signed, released, id, site
            case genre, author, editor, tags, scan, ratio, price, money, mood, debugNote
          }
        }

        enum Genre: String, Codable, Sendable { case novel, poem }
      }
      """,
      "Models/Person.swift": """
      struct Person: Codable, Sendable {
        var name: String
        var born: Int?
        var weird: String
        private var secret: String = ""
        enum CodingKeys: String, CodingKey {
          case name, born, secret
          case weird = "a\\"b"
        }
      }
      struct Money: Codable, Sendable, DatabaseValueConvertible { var cents: Int }
      enum Mood: String, Codable, Sendable, DatabaseValueConvertible { case calm }
      """,
    ])
    XCTAssertEqual(diagnostics, "")
    let table = try XCTUnwrap(model.tables.first)
    XCTAssertEqual(table.jsonPaths.map(\.typeName), ["Book.Meta", "Person"])
    XCTAssertEqual(
      fields(table.jsonPaths.first),
      [
        "pages: Int = page_count", "title: String? = the title", "rating: Double = rating",
        "signed: Bool = signed", "released: Date = released", "id: UUID = id",
        "site: URL = site", "genre: Book.Genre = genre", "author: Person = author (json)",
        "editor: Person? = editor (json)", "tags: [String] = tags (json)", "mood: Mood = mood",
      ])
    XCTAssertEqual(table.jsonPaths.first?.example, "Book.Columns.meta")
    // `weird`'s key holds a quote, which a SQLite path cannot name; `secret` is private.
    XCTAssertEqual(fields(table.jsonPaths.last), ["name: String = name", "born: Int? = born"])
    XCTAssertEqual(table.jsonPaths.last?.example, "Book.Columns.meta.author")
    // A raw-value enum a path compares needs the conformance a column would give it, unless
    // the sources declare one (`Mood`).
    XCTAssertEqual(model.enums.map(\.name), ["Book.Genre"])
  }

  func testWithoutCodingKeysEveryStoredPropertyIsAPathUnderItsName() throws {
    let (model, _) = build([
      "Models/Shelf.swift": """
      // quarry: persist
      struct Shelf: Sendable {
        var id: Int
        var label: Label
      }
      struct Label: Codable, Sendable {
        var text: String
        var `default`: Bool
        let fixed: Int = 1
      }
      """
    ])
    XCTAssertEqual(
      fields(model.tables.first?.jsonPaths.first),
      ["text: String = text", "default: Bool = default", "fixed: Int = fixed"])
  }

  func testAStructIsGeneratedOnceInTheFirstTableThatReachesIt() throws {
    let (model, _) = build([
      "Models/A.swift": """
      // quarry: persist
      struct Zoo: Sendable { var id: Int; var place: Place; var other: Other }
      // quarry: persist
      struct Aviary: Sendable { var id: Int; var place: Place? }
      struct Place: Codable, Sendable { var city: String }
      struct Other: Codable, Sendable { var place: Place; var size: Int }
      """
    ])
    XCTAssertEqual(model.tables.map(\.typeName), ["Aviary", "Zoo"])
    XCTAssertEqual(model.tables.map { $0.jsonPaths.map(\.typeName) }, [["Place"], ["Other"]])
    XCTAssertEqual(
      fields(model.tables.last?.jsonPaths.first),
      ["place: Place = place (json)", "size: Int = size"])
  }

  func testStructsThatChooseTheirOwnEncodingHaveNoPaths() throws {
    let (model, _) = build([
      "Models/A.swift": """
      // quarry: persist
      struct Box: Sendable {
        var id: Int
        var custom: Custom
        var generic: Wrapper<Int>
        var hidden: Hidden
      }
      struct Custom: Codable, Sendable {
        var a: Int
        func encode(to encoder: any Encoder) throws {}
      }
      struct Wrapper<T: Codable & Sendable>: Codable, Sendable { var value: T }
      fileprivate struct Hidden: Codable, Sendable { var b: Int }
      """
    ])
    XCTAssertEqual(model.tables.first?.jsonPaths.map(\.typeName), [])
  }

  func testAPathHiddenByAMemberOfEveryColumnOrPathIsAWarning() throws {
    let (model, diagnostics) = build([
      "Models/A.swift": """
      // quarry: persist
      struct Shop: Sendable {
        var id: Int
        var info: Info
      }
      struct Info: Codable, Sendable {
        var name: String
        var count: Int
        var owner: Owner
      }
      struct Owner: Codable, Sendable {
        var name: String
        var keys: [String]
      }
      """
    ])
    XCTAssertEqual(
      diagnostics,
      """
      Models/A.swift:7:7: warning: the JSON path 'name' of 'Info' has the name of a member of \
      every column, which takes precedence; reach the path with '[dynamicMember: \\.name]' or \
      rename the property (keeping its key in 'CodingKeys')
        var name: String
            ^
      Models/A.swift:8:7: warning: the JSON path 'count' of 'Info' has the name of a member of \
      every column and JSON path, which takes precedence; reach the path with \
      '[dynamicMember: \\.count]' or rename the property (keeping its key in 'CodingKeys')
        var count: Int
            ^
      Models/A.swift:13:7: warning: the JSON path 'keys' of 'Owner' has the name of a member of \
      every JSON path, which takes precedence; reach the path with '[dynamicMember: \\.keys]' or \
      rename the property (keeping its key in 'CodingKeys')
        var keys: [String]
            ^

      """)
    // The paths are still generated: the key path reaches them.
    XCTAssertEqual(
      model.tables.first?.jsonPaths.map { $0.fields.map(\.propertyName) },
      [["name", "count", "owner"], ["name", "keys"]])
  }
}
