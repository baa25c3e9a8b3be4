import QuarryGen
import XCTest

final class DiagnosticRendererTests: XCTestCase {
  func testRendersCompilerFormatWithCaretAndNote() {
    let text = "struct User {\n  var email: String\n  var email: String\n}\n"
    let file = SourceFile(path: "Models/User.swift", text: text)
    let first = SourceLocation(path: file.path, offset: 20)
    let second = SourceLocation(path: file.path, offset: 40)
    let diagnostic = Diagnostic.error(
      "column 'email' is declared twice", at: second,
      notes: [.init("first declared here", at: first)])
    let rendered = DiagnosticRenderer(files: [file]).render([diagnostic])
    XCTAssertEqual(
      rendered,
      """
      Models/User.swift:3:7: error: column 'email' is declared twice
        var email: String
            ^
      Models/User.swift:2:7: note: first declared here
        var email: String
            ^

      """)
  }

  func testLineAndColumnCountUTF8BytesAfterCRLF() {
    let file = SourceFile(path: "a.swift", text: "a\r\né x")
    XCTAssertEqual(file.lineAndColumn(at: 6).line, 2)
    XCTAssertEqual(file.lineAndColumn(at: 6).column, 4)
    XCTAssertEqual(file.lineText(at: 0), "a")
  }
}
