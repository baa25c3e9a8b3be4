import QuarryGen
import QuarryTestSupport
import XCTest

/// Persisted types that generated code, in another file, cannot reach: each reported at the
/// declaration, by Swift's effective access rules.
final class AccessDiagnosticsTests: XCTestCase {
  func testStructsNestedInPrivateDeclarationsAreReported() {
    assertModelDiagnostics(
      """
      public struct Recipe: Sendable {}
      private extension Recipe {
        // quarry: persist
        struct Hidden { var id: Int }
      }
      fileprivate struct Outer {
        // quarry: persist
        public struct Inner { var id: Int }
      }
      """,
      """
      Models/M.swift:4:10: error: struct 'Recipe.Hidden' is fileprivate because of the \
      declaration it is nested in, so generated code in another file cannot see it; make the \
      enclosing declarations internal
        struct Hidden { var id: Int }
               ^
      Models/M.swift:8:17: error: struct 'Outer.Inner' is fileprivate because of the declaration \
      it is nested in, so generated code in another file cannot see it; make the enclosing \
      declarations internal
        public struct Inner { var id: Int }
                      ^

      """)
  }

  func testAStructInAPublicExtensionIsPublic() {
    let scanned = SourceScanner().scan(
      SourceFile(
        path: "Models/M.swift",
        text: """
          public struct Recipe: Sendable {}
          public extension Recipe {
            // quarry: persist
            struct Step: Sendable { var id: Int; var text: String }
          }
          """))
    let result = ModelBuilder().build([scanned])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.model.tables.map(\.access), [.public])
    XCTAssertEqual(result.model.tables.first?.typeName, "Recipe.Step")
  }

  func testAPrivateEnumColumnIsReported() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Bird {
        var id: Int
        var kind: Kind
        fileprivate enum Kind: String { case owl }
      }
      """,
      """
      Models/M.swift:5:20: error: enum 'Bird.Kind' is fileprivate, so generated code in another \
      file cannot see it; make it internal
        fileprivate enum Kind: String { case owl }
                         ^

      """)
  }
}
