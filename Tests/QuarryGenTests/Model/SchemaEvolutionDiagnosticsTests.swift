import QuarryGen
import QuarryTestSupport
import XCTest

/// The model diagnostics of issue 19: the migration annotations, defaults that do not fit
/// their column, and enums whose raw type differs between `#if` branches.
final class SchemaEvolutionDiagnosticsTests: XCTestCase {
  func testAnIntegerLiteralBeyondInt64IsAnErrorNotARealDefault() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Counter {
        var id: Int64
        var big: UInt64 = 18446744073709551615
        // quarry: default = 99999999999999999999
        var huge: Int
        // quarry: default = 300
        var small: Int8
        // quarry: default = -1
        var unsigned: UInt32
        var fine: UInt64 = 9223372036854775807
      }
      """,
      """
      Models/M.swift:4:7: error: default '18446744073709551615' of 'big' does not fit its type \
      'UInt64' (0 to 9223372036854775807); SQLite would store it as a REAL and every row would \
      fail to read back
        var big: UInt64 = 18446744073709551615
            ^
      Models/M.swift:5:14: error: default '99999999999999999999' of 'huge' does not fit its type \
      'Int' (-9223372036854775808 to 9223372036854775807); SQLite would store it as a REAL and \
      every row would fail to read back
        // quarry: default = 99999999999999999999
                   ^
      Models/M.swift:7:14: error: default '300' of 'small' does not fit its type 'Int8' (-128 to \
      127); it is outside the type, so every row would fail to read back
        // quarry: default = 300
                   ^
      Models/M.swift:9:14: error: default '-1' of 'unsigned' does not fit its type 'UInt32' (0 \
      to 4294967295); it is outside the type, so every row would fail to read back
        // quarry: default = -1
                   ^

      """)
  }

  func testAnEnumWhoseRawTypeDiffersBetweenIfBranchesIsAnError() {
    assertModelDiagnostics(
      """
      #if os(Linux)
      enum Kind: String { case a, b }
      #else
      enum Kind: Int { case a, b }
      #endif

      // quarry: persist
      struct Item {
        var id: Int64
        var kind: Kind
      }
      """,
      """
      Models/M.swift:4:6: error: enum 'Kind' has raw type 'Int' here but 'String' where it is \
      first declared; a column stores one type, and rows written by one build could not be read \
      by the other: give every '#if' branch the same raw type
      enum Kind: Int { case a, b }
           ^
      Models/M.swift:2:6: note: first declared here
      enum Kind: String { case a, b }
           ^

      """)
  }

  func testTheSameRawTypeInEveryBranchIsFine() {
    assertModelDiagnostics(
      """
      #if DEBUG
      enum Kind: String { case a }
      #else
      enum Kind: String { case a, b }
      #endif

      // quarry: persist
      struct Item {
        var id: Int64
        var kind: Kind
      }
      """, "")
  }

  func testMigrationAnnotationsAreKnownKeysWithCheckedValues() {
    assertModelDiagnostics(
      """
      // quarry: renamedFrm = "books", dropped = "legacy"
      struct Book {
        var id: Int64
        // quarry: renamedFrom = 3, dropped = ["x"]
        var code: String
        // quarry: renamedFrom
        var title: String
      }
      """,
      """
      Models/M.swift:1:12: error: unknown annotation key 'renamedFrm'; did you mean \
      'renamedFrom'? (a custom key for templates goes in '// sourcery: renamedFrm')
      // quarry: renamedFrm = "books", dropped = "legacy"
                 ^
      Models/M.swift:1:34: error: annotation key 'dropped' expects a list of column names, like \
      dropped = ["legacyCode"]
      // quarry: renamedFrm = "books", dropped = "legacy"
                                       ^
      Models/M.swift:4:14: error: annotation key 'renamedFrom' expects a string, like renamedFrom \
      = "isbn"
        // quarry: renamedFrom = 3, dropped = ["x"]
                   ^
      Models/M.swift:4:31: error: annotation key 'dropped' applies to structs, not to properties
        // quarry: renamedFrom = 3, dropped = ["x"]
                                    ^
      Models/M.swift:6:14: error: annotation key 'renamedFrom' expects a string, like renamedFrom \
      = "isbn"
        // quarry: renamedFrom
                   ^

      """)
  }

  func testOwnedChildStructsTakeTheMigrationKeys() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Recipe {
        var id: Int64
        // quarry: owned
        var steps: [Step] = []
      }
      // quarry: renamedFrom = "recipe_stages", dropped = ["old"]
      struct Step {
        var text: String
      }
      """, "")
  }
}
