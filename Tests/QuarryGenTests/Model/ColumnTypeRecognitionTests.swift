import QuarryGen
import QuarryTestSupport
import XCTest

/// Foundation typealiases and value types, conformances found in the sources, and the warning
/// (with its fix) for a type nothing makes storable.
final class ColumnTypeRecognitionTests: XCTestCase {
  private func build(_ sources: [String: String]) -> (ModelBuilder.Result, String) {
    let scanned = sources.keys.sorted().map { path in
      SourceScanner().scan(SourceFile(path: path, text: sources[path] ?? ""))
    }
    let result = ModelBuilder().build(scanned)
    let rendered = DiagnosticRenderer(files: scanned.map(\.file)).render(result.diagnostics)
    return (result, rendered)
  }

  private func columnTypes(_ result: ModelBuilder.Result) -> [String] {
    result.model.tables.flatMap { table in
      table.columns.map { "\($0.name): \($0.sqlType.sql)\($0.storage == .json ? " json" : "")" }
    }
  }

  func testFoundationTypealiasesAreFloatingPointColumns() {
    let (result, rendered) = build([
      "Models/M.swift": """
      import Foundation
      // quarry: persist
      struct Lap {
        var id: Int
        var duration: TimeInterval
        var width: CGFloat
        var ratio: Float32
        var precise: Foundation.TimeInterval?
        var exact: Float64
      }
      """
    ])
    XCTAssertEqual(rendered, "")
    XCTAssertEqual(
      columnTypes(result),
      [
        "id: INTEGER", "duration: REAL", "width: REAL", "ratio: REAL", "precise: REAL",
        "exact: REAL",
      ])
  }

  func testConformancesInTheSourcesAreFoundInAnyForm() {
    let (result, rendered) = build([
      "Models/M.swift": """
      // quarry: persist
      struct Wallet {
        var id: Int
        var balance: Money
        var tint: Color?
        var code: Shop.Code
        var handle: Handle
        var owner: Owner
      }
      """,
      "Support/Conformances.swift": """
      import Quarry
      struct Money { var cents: Int }
      extension Money: Equatable, Sendable, DatabaseValueConvertible {
        func databaseValue() throws -> DatabaseValue { .integer(Int64(cents)) }
      }
      public extension Color: Quarry.DatabaseValueConvertible {}
      enum Shop {
        struct Code {}
      }
      extension Shop.Code: DatabaseValueConvertible {}
      final class Handle: DatabaseValueConvertible {}
      struct Owner: Hashable, DatabaseValueConvertible {}
      """,
    ])
    XCTAssertEqual(rendered, "")
    XCTAssertEqual(
      columnTypes(result),
      [
        "id: INTEGER", "balance: BLOB", "tint: BLOB", "code: BLOB", "handle: BLOB",
        "owner: BLOB",
      ])
  }

  func testAnEnumConformedInAnExtensionGetsNoSecondConformance() {
    let (result, rendered) = build([
      "Models/M.swift": """
      // quarry: persist
      struct Bird {
        var id: Int
        var kind: Kind
        var size: Size
      }
      enum Kind: String { case owl, robin }
      enum Size: Int { case small, large }
      extension Kind: DatabaseValueConvertible {}
      """
    ])
    XCTAssertEqual(rendered, "")
    XCTAssertEqual(result.model.enums.map(\.name), ["Size"])
  }

  func testAStoredTypeWithoutAConformanceIsAWarningWithTheFix() {
    let (result, rendered) = build([
      "Models/M.swift": """
      import Foundation
      // quarry: persist
      struct Event {
        var id: Int
        var when: DateComponents
        var span: Measurement<UnitLength>?
        var place: Place
        var token: ExternalToken
        var session: Session
      }
      struct Place: Equatable { var name: String }
      final class Session: Codable {}
      """
    ])
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:5:7: warning: property 'when' has type 'DateComponents', which does not \
      conform to 'DatabaseValueConvertible' in the scanned sources, so the generated code \
      cannot store it; annotate the property with 'json' to store this 'Codable' value as JSON \
      text
        var when: DateComponents
            ^
      Models/M.swift:6:7: warning: property 'span' has type 'Measurement<UnitLength>', which \
      does not conform to 'DatabaseValueConvertible' in the scanned sources, so the generated \
      code cannot store it; annotate the property with 'json' to store this 'Codable' value as \
      JSON text
        var span: Measurement<UnitLength>?
            ^
      Models/M.swift:7:7: warning: property 'place' has type 'Place', which does not conform \
      to 'DatabaseValueConvertible' in the scanned sources, so the generated code cannot store \
      it; write 'extension Place: DatabaseValueConvertible' in a scanned file (or annotate the \
      property with 'json' if 'Place' is 'Codable')
        var place: Place
            ^
      Models/M.swift:8:7: warning: property 'token' has type 'ExternalToken', which does not \
      conform to 'DatabaseValueConvertible' in the scanned sources, so the generated code \
      cannot store it; write 'extension ExternalToken: DatabaseValueConvertible' in a scanned \
      file (or annotate the property with 'json' if 'ExternalToken' is 'Codable')
        var token: ExternalToken
            ^
      Models/M.swift:9:7: warning: property 'session' has type 'Session', which does not \
      conform to 'DatabaseValueConvertible' in the scanned sources, so the generated code \
      cannot store it; annotate the property with 'json' to store this 'Codable' value as JSON \
      text
        var session: Session
            ^

      """)
    // Still generated (a warning), as BLOB columns; 'json' fixes it.
    XCTAssertEqual(result.model.tables.first?.columns.count, 6)
    let (fixed, fixedDiagnostics) = build([
      "Models/M.swift": """
      import Foundation
      // quarry: persist
      struct Event {
        var id: Int
        // quarry: json
        var when: DateComponents
      }
      """
    ])
    XCTAssertEqual(fixedDiagnostics, "")
    XCTAssertEqual(columnTypes(fixed), ["id: INTEGER", "when: TEXT json"])
  }
}

/// Swift literal defaults become the column's SQL `DEFAULT`; `default = …` wins.
final class LiteralDefaultTests: XCTestCase {
  func testLiteralsOfTheColumnsTypeBecomeTheSQLDefault() {
    let source = """
      import Foundation
      // quarry: persist
      struct Book {
        var id: Int
        var copies: Int = 1
        var debt: Int64 = -1_000
        var shelf = "A1"
        var note: String = "it's \\"new\\"\\n"
        var isLent = false
        var isNew: Bool = true
        var rating: Double = -0.5
        var weight: CGFloat = 2
        var ratio: Float = 1.5e3
        // quarry: default = 7
        var pages: Int = 1
        var title: String = "a \\(1)"
        var count: Int = 1 + 1
        var added: Date = Date()
        var maybe: Int? = 3
        var sold: Double = .zero
        var tags: [String] = []
        var flags: Int = 0x1F
        var mask: UInt8 = 0b1_01
        var permissions: Int32 = -0o17
        var scale: Double = 0x10
        var hexFloat: Double = 0x1p3
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.model.tables.first?.columns.map { "\($0.name) \($0.defaultSQL ?? "-")" },
      [
        "id -", "copies 1", "debt -1000", "shelf 'A1'", "note 'it''s \"new\"\n'", "isLent 0",
        "isNew 1", "rating -0.5", "weight 2", "ratio 1.5e3", "pages 7", "title -", "count -",
        "added -", "maybe -", "sold -", "tags '[]'", "flags 31", "mask 5", "permissions -15",
        "scale 16", "hexFloat -",
      ])
    XCTAssertEqual(
      result.model.tables.first?.createTableSQL.split(separator: "\n").prefix(4).joined(
        separator: "\n"),
      """
      CREATE TABLE "book" (
        "id" INTEGER NOT NULL PRIMARY KEY,
        "copies" INTEGER NOT NULL DEFAULT 1,
        "debt" INTEGER NOT NULL DEFAULT -1000,
      """)
  }
}

/// An empty collection literal of a JSON column becomes the JSON text the runtime writes for it.
final class EmptyCollectionDefaultTests: XCTestCase {
  func testEmptyArraysSetsAndStringOrIntKeyedDictionariesGetTheirJSON() {
    let source = """
      import Foundation
      // quarry: persist
      struct Shelf {
        var id: Int
        var tags: [String] = []
        var grid: [[String: Int]] = []
        var ids: Set<UUID> = []
        var list: Array<Int> = []
        var counts: [String: Int] = [:]
        var byNumber: Swift.Dictionary<Int, [String]> = [:]
        var byDay: [Date: Int] = [:]
        var byID: Dictionary<UUID, Int> = [:]
        var full: [Int] = [1]
        var maybe: [Int]? = []
        // quarry: json
        var place: Place = []
      }
      struct Place: Codable, ExpressibleByArrayLiteral {
        init(arrayLiteral: Int...) {}
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.model.tables.first?.columns.map { "\($0.name) \($0.defaultSQL ?? "-")" },
      [
        "id -", "tags '[]'", "grid '[]'", "ids '[]'", "list '[]'", "counts '{}'",
        "byNumber '{}'", "byDay -", "byID -", "full -", "maybe -", "place -",
      ])
  }
}

/// A case of the column's raw-value enum becomes its raw value as the SQL `DEFAULT`.
final class EnumCaseDefaultTests: XCTestCase {
  private func defaults(_ source: String) -> ([String], [Diagnostic]) {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    return (
      result.model.tables.first?.columns.map { "\($0.name) \($0.defaultSQL ?? "-")" } ?? [],
      result.diagnostics
    )
  }

  func testExplicitAndImplicitRawValuesBecomeTheSQLDefault() {
    let (columns, diagnostics) = defaults(
      """
      // quarry: persist
      struct Shelf {
        var id: Int
        var genre: Genre = .scifi
        var verse: Genre = Genre.poetry
        var keyword: Genre = .`default`
        var qualified: Shelf.Size = Shelf.Size.large
        var size: Size = .medium
        var level: Level = .mid
        var top: Level = .top
        var next: Level = .next
        var ratio: Ratio = .double
        var half: Ratio = .half
        var mark: Mark = .tick
        var quote: Genre = .quoted

        enum Size: Int { case small, medium, large }
      }
      enum Genre: String, Codable {
        case scifi, `default`
        case poetry = "verse"
        case quoted = "it's"
      }
      enum Level: Int64 { case low = -1, mid, high = 1_0, top, flag = 0x20, next }
      enum Ratio: Double { case half = 0.5, whole = 1, double }
      enum Mark: Character { case tick = "✓", cross = "✗" }
      """)
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      columns,
      [
        "id -", "genre 'scifi'", "verse 'verse'", "keyword 'default'", "qualified 2",
        "size 1", "level 0", "top 11", "next 33", "ratio 2", "half 0.5", "mark '✓'", "quote 'it''s'",
      ])
  }

  func testOtherDefaultsOfAnEnumColumnGiveNoSQLDefault() {
    let (columns, diagnostics) = defaults(
      """
      // quarry: persist
      struct Shelf {
        var id: Int
        var maybe: Genre? = .scifi
        var made: Genre = .make()
        var other: Genre = Other.scifi
        var chained: Genre = .scifi.next
        var computed: Genre = Genre(rawValue: "x")!
        var unknown: Genre = .fantasy
        var afterFraction: Ratio = .triple
        var fraction: Ratio = .double
        var conditional: Level = .last
        var beforeConditional: Level = .mid
        var named: Named = .plain
        // quarry: default = "poetry"
        var annotated: Genre = .scifi
        var text: Genre = "scifi"
      }
      enum Genre: String { case scifi, poetry }
      enum Ratio: Double { case half = 0.5, double = 2.0, triple }
      enum Level: Int {
        case low, mid
        #if DEBUG
        case debug
        #endif
        case last
      }
      enum Named: String { case plain = Named.prefix }
      enum Other: String { case scifi }
      """)
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      columns,
      [
        "id -", "maybe -", "made -", "other -", "chained -", "computed -", "unknown -",
        "afterFraction -", "fraction 2.0", "conditional -", "beforeConditional 1", "named -",
        "annotated 'poetry'", "text -",
      ])
  }
}
