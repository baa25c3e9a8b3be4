import QuarryGen
import XCTest

/// Which comments are annotations, and the warning (with the line to write) for each near miss.
final class AnnotationNearMissTests: XCTestCase {
  private func rendered(_ source: String) -> String {
    let scanned = scan(source, path: "Models/M.swift")
    return DiagnosticRenderer(files: [scanned.file]).render(scanned.diagnostics)
  }

  func testLineCommentsWithOrWithoutSpacesAreAnnotations() {
    let scanned = scan(
      """
      //quarry:persist
      struct A {
        //  quarry:  primaryKey
        var code: String
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct A [persist=true]
        var code: String [primaryKey=true]
      """)
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testWrongCaseIsAWarningWithTheFix() {
    XCTAssertEqual(
      rendered(
        """
        // Quarry: persist
        struct A {
          var id: Int
        }
        """),
      """
      Models/M.swift:1:1: warning: comment '// Quarry: persist' is not an annotation \
      (annotations are lowercase); write '// quarry: persist'
      // Quarry: persist
      ^

      """)
  }

  func testMissingColonBeforeAKnownKeyIsAWarning() {
    XCTAssertEqual(
      rendered(
        """
        // quarry: persist
        struct A {
          var id: Int
          // quarry index
          var name: String
          //quarry : column = "x"
          var x: Int
          // quarry persist
          var y: Int
        }
        """),
      """
      Models/M.swift:4:3: warning: comment '// quarry index' is not an annotation ('quarry' \
      must be followed directly by ':'); write '// quarry: index'
        // quarry index
        ^
      Models/M.swift:6:3: warning: comment '//quarry : column = "x"' is not an annotation \
      ('quarry' must be followed directly by ':'); write '// quarry: column = "x"'
        //quarry : column = "x"
        ^
      Models/M.swift:8:3: warning: comment '// quarry persist' is not an annotation ('quarry' \
      must be followed directly by ':'); write '// quarry: persist'
        // quarry persist
        ^

      """)
  }

  func testDocAndBlockCommentsAreNotAnnotations() {
    let source = """
      /// quarry: persist
      struct A {
        var id: Int
        /* quarry: ignore */
        var cache: Int = 0
        /** Quarry: unique
         */
        var code: String
      }
      """
    XCTAssertEqual(
      outline(scan(source)), "struct A\n  var id: Int\n  var cache: Int = 0\n  var code: String")
    XCTAssertEqual(
      rendered(source),
      """
      Models/M.swift:1:1: warning: doc comment '/// quarry: persist' is not an annotation; \
      write '// quarry: persist' with two slashes
      /// quarry: persist
      ^
      Models/M.swift:4:3: warning: block comment '/* quarry: ignore */' is not an annotation \
      (annotations are '//' line comments); write '// quarry: ignore'
        /* quarry: ignore */
        ^
      Models/M.swift:6:3: warning: block comment '/** Quarry: unique' is not an annotation \
      (annotations are '//' line comments); write '// quarry: unique'
        /** Quarry: unique
        ^

      """)
  }

  func testAMisspelledQuarryBeforeAColonAndAKeyIsAWarning() {
    XCTAssertEqual(
      rendered(
        """
        // quary: persist
        struct A {
          // qaurry: primaryKey
          var id: Int
          //quarrry:index
          var name: String
          // Quarr: column = "x"
          var x: Int
        }
        """),
      """
      Models/M.swift:1:1: warning: comment '// quary: persist' is not an annotation ('quary' \
      is not 'quarry'); write '// quarry: persist'
      // quary: persist
      ^
      Models/M.swift:3:3: warning: comment '// qaurry: primaryKey' is not an annotation \
      ('qaurry' is not 'quarry'); write '// quarry: primaryKey'
        // qaurry: primaryKey
        ^
      Models/M.swift:5:3: warning: comment '//quarrry:index' is not an annotation ('quarrry' \
      is not 'quarry'); write '// quarry: index'
        //quarrry:index
        ^
      Models/M.swift:7:3: warning: comment '// Quarr: column = "x"' is not an annotation \
      ('Quarr' is not 'quarry'); write '// quarry: column = "x"'
        // Quarr: column = "x"
        ^

      """)
  }

  func testWordsNearQuarryInProseAreNotNearMisses() {
    XCTAssertEqual(
      rendered(
        """
        // query: the index speeds this up
        // quary is a typo here, with no colon after it
        // quarts: persist
        struct A {
          // quartz: index of refraction
          var id: Int
          // qurry: see below
          var x: Int
        }
        """),
      "")
  }

  func testProseMentioningQuarryIsNotANearMiss() {
    XCTAssertEqual(
      rendered(
        """
        // Quarry stores this struct in its own table.
        /// Quarry persistence for the app.
        struct A {
          // quarry generates the record class
          var id: Int
          /* Quarry: see the README */ var x: Int
        }
        """),
      "")
  }
}
