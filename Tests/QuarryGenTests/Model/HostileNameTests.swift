import QuarryGen
import QuarryTestSupport
import XCTest

/// Names and type texts a hostile (or unlucky) model holds: each is either written back so
/// the compiler accepts it, or reported.
final class HostileNameTests: XCTestCase {
  private func diagnostics(_ source: String) -> String {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    return DiagnosticRenderer(files: [scanned.file]).render(
      scanned.diagnostics + result.diagnostics)
  }

  private func assertDiagnostics(
    _ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let rendered = diagnostics(source)
    XCTAssertEqual(
      rendered, expected, lineDiff(expected: expected, actual: rendered), file: file, line: line)
  }

  private func table(_ source: String) -> TableModel? {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    return ModelBuilder().build([scanned]).model.tables.first
  }

  func testTableNameStartingWithSQLiteIsReservedInAnyCase() {
    assertDiagnostics(
      """
      // quarry: table = "SQLite_Birds"
      struct Bird: Sendable { var id: Int }
      // quarry: persist
      struct Sqlite_Stat1: Sendable { var id: Int }
      """,
      """
      Models/M.swift:1:12: error: table name 'SQLite_Birds' is reserved by SQLite (names \
      starting with 'sqlite_' are its own, in any case); choose another with table = "…"
      // quarry: table = "SQLite_Birds"
                 ^
      Models/M.swift:4:8: error: table name 'sqlite_stat1' is reserved by SQLite (names \
      starting with 'sqlite_' are its own, in any case); choose another with table = "…"
      struct Sqlite_Stat1: Sendable { var id: Int }
             ^

      """)
    // Only the prefix is reserved.
    XCTAssertEqual(diagnostics("// quarry: table = \"my_sqlite_x\"\nstruct A { var id: Int }"), "")
  }

  func testBackslashZeroInAnAnnotationStringIsAnErrorNotTheDigitZero() {
    assertDiagnostics(
      """
      // quarry: table = "a\\0b"
      struct A: Sendable {
        // quarry: column = "x\\u{0}", default = "y\\u{00}"
        var id: Int
      }
      """,
      """
      Models/M.swift:1:22: error: a NUL character ('\\0') cannot be part of an annotation \
      string: SQLite names and values end at it
      // quarry: table = "a\\0b"
                           ^
      Models/M.swift:3:25: error: a NUL character ('\\0') cannot be part of an annotation \
      string: SQLite names and values end at it
        // quarry: column = "x\\u{0}", default = "y\\u{00}"
                              ^

      """)
  }

  func testUnknownAndMalformedEscapesAreErrors() {
    assertDiagnostics(
      """
      // quarry: table = "a\\qb"
      struct A: Sendable {
        // quarry: column = "\\u{110000}"
        var id: Int
        // quarry: column = "\\u41"
        var b: Int
      }
      """,
      """
      Models/M.swift:1:22: error: unknown escape '\\q' in annotation string; known escapes are \
      '\\"', '\\\\', '\\n', '\\r', '\\t' and '\\u{…}'
      // quarry: table = "a\\qb"
                           ^
      Models/M.swift:3:24: error: invalid '\\u{…}' escape in annotation string; write 1 to 8 \
      hex digits of a Unicode scalar, like '\\u{E9}'
        // quarry: column = "\\u{110000}"
                             ^
      Models/M.swift:5:24: error: invalid '\\u{…}' escape in annotation string; write 1 to 8 \
      hex digits of a Unicode scalar, like '\\u{E9}'
        // quarry: column = "\\u41"
                             ^

      """)
  }

  func testKnownEscapesGiveTheirCharacters() {
    let model = table(
      """
      // quarry: table = "t\\"\\\\\\n\\r\\t\\u{E9}\\u{1F426}"
      struct A: Sendable { var id: Int }
      """)
    XCTAssertEqual(model?.name, "t\"\\\n\r\té🐦")
  }

  func testRawNULInANameIsAnError() {
    assertDiagnostics(
      "// quarry: persist\nstruct A: Sendable {\n  // quarry: column = \"a\u{0}b\"\n  var id: Int\n}\n",
      """
      Models/M.swift:3:14: error: column name 'a\\u{0}b' holds a NUL character, which SQLite \
      names cannot contain
        // quarry: column = "a\\u{0}b"
                   ^

      """)
  }

  func testVerticalTabBeforeAQuestionMarkIsWrittenBackAsAnOptional() {
    // To the compiler a vertical tab or form feed does not separate `?` from its operand
    // (`String\u{B}?` is `String?`); a space does.
    let model = table(
      "// quarry: persist\nstruct A: Sendable {\n  var id: Int\n  var note: String\u{B}?\n"
        + "  var tags: [Int\u{C}?]\u{C}?\n}\n")
    XCTAssertEqual(model?.columns.map(\.swiftType), ["Int", "String?", "[Int?]?"])
    XCTAssertEqual(model?.columns.map(\.sqlType.rawValue), ["integer", "text", "text"])
  }
}

/// Found by the hostile-model property test: property names the generated code needs.
final class GeneratedNameCheckTests: XCTestCase {
  func testNamesOfGeneratedTypesAndSelfAreRejected() {
    let source = """
      // quarry: persist
      struct A: Sendable {
        var id: Int
        var Columns: Int
        var `Type`: Int
        var `self`: Int
      }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [scanned.file], showsSourceLines: false)
      .render(result.diagnostics)
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:4:7: error: property 'Columns' has a name the generated code needs for \
      itself ('A.Columns'), so Swift cannot tell them apart; rename the property (annotate it \
      with column = "Columns" to keep the column name)
      Models/M.swift:5:7: error: property 'Type' has a name the generated code needs for \
      itself ('A.Type'), so Swift cannot tell them apart; rename the property (annotate it \
      with column = "Type" to keep the column name)
      Models/M.swift:6:7: error: property 'self' has a name the generated code needs for \
      itself ('A.self'), so Swift cannot tell them apart; rename the property (annotate it \
      with column = "self" to keep the column name)

      """)
  }
}
