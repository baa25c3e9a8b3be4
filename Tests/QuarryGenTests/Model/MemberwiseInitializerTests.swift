import QuarryGen
import QuarryTestSupport
import XCTest

/// `init(row:)` calls the memberwise initializer only where Swift surely synthesizes one the
/// generated file can call with exactly these arguments; everywhere else it assigns each
/// property, as before.
final class MemberwiseInitializerTests: XCTestCase {
  private func properties(_ text: String) -> [String]? {
    let result = ModelBuilder().build([
      SourceScanner().scan(SourceFile(path: "Models/Item.swift", text: text))
    ])
    XCTAssertEqual(result.diagnostics.filter(\.isError), [])
    return result.model.tables.first?.memberwiseInitializerProperties
  }

  func testPlainStructPassesEveryColumnInDeclarationOrder() {
    let names = properties(
      """
      // quarry: table = "items", primaryKey = [b, a]
      struct Item: Sendable {
        var a: Int64
        var b: String
        var note: String?
        let payload: Data
      }
      """)
    XCTAssertEqual(names, ["a", "b", "note", "payload"])
  }

  func testIgnoredPropertiesWithDefaultsAreLeftOut() {
    let names = properties(
      """
      // quarry: table = "items"
      struct Item: Sendable {
        // quarry: primaryKey
        var id: Int64
        // quarry: ignore
        var cache: [Int] = []
        // quarry: ignore
        var thumbnail: Data?
        // quarry: ignore
        let version = 2
      }
      """)
    XCTAssertEqual(names, ["id"])
  }

  func testAnInitializerInTheBodyHidesIt() {
    XCTAssertNil(
      properties(
        """
        // quarry: table = "items"
        struct Item: Sendable {
          // quarry: primaryKey
          var id: Int64
          init(id: Int64) { self.id = id }
        }
        """))
  }

  func testAnInitializerInAnExtensionKeepsIt() {
    XCTAssertEqual(
      properties(
        """
        // quarry: table = "items"
        struct Item: Sendable {
          // quarry: primaryKey
          var id: Int64
        }
        extension Item {
          init(other: Int64) { self.id = other }
        }
        """), ["id"])
  }

  func testFileprivatePropertiesAttributesLazyAndConditionsFallBack() {
    let shapes = [
      "// quarry: ignore\n  fileprivate var secret: Int = 0",
      "// quarry: ignore\n  private(set) var count: Int = 0",
      "// quarry: ignore\n  @Clamped var level: Int = 0",
      "// quarry: ignore\n  lazy var total: Int = 0",
      "#if DEBUG\n  // quarry: ignore\n  var debug: Int = 0\n  #endif",
    ]
    for shape in shapes {
      XCTAssertNil(
        properties(
          """
          // quarry: table = "items"
          struct Item: Sendable {
            // quarry: primaryKey
            var id: Int64
            \(shape)
          }
          """), shape)
    }
  }

  func testAStructAttributeFallsBack() {
    // An attached macro may add an initializer to the body.
    XCTAssertNil(
      properties(
        """
        // quarry: table = "items"
        @MemberwiseInit
        struct Item: Sendable {
          // quarry: primaryKey
          var id: Int64
        }
        """))
  }
}
