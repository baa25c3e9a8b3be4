import QuarryGen
import QuarryTestSupport
import XCTest

/// Source lines under diagnostics never carry terminal control sequences or bidi controls
/// raw, and bidi controls never reach Schema.sql: names and defaults holding one are errors.
final class TerminalEscapeTests: XCTestCase {
  private func render(_ source: String) -> String {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    return DiagnosticRenderer(files: [scanned.file]).render(result.diagnostics)
  }

  func testEscapeSequencesAndBidiControlsInSourceLinesAreEscaped() {
    // ESC [2J clears the screen, ESC ]0; retitles the window, CSI (U+9B) is the C1 form;
    // U+202E reverses what follows.
    let rendered = render(
      "// quarry: persist\nstruct Note {\n"
        + "  var text: Strng /* \u{1B}[2J\u{1B}]0;owned\u{07} \u{9B}31m \u{202E}gnp.exe */\n}\n")
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:2:8: error: struct 'Note' has no primary key; annotate a property with \
      'primaryKey' or add an 'id' property
      struct Note {
             ^
      Models/M.swift:3:7: warning: property 'text' has type 'Strng', which does not conform to \
      'DatabaseValueConvertible' in the scanned sources, so the generated code cannot store it; \
      write 'extension Strng: DatabaseValueConvertible' in a scanned file (or annotate the \
      property with 'json' if 'Strng' is 'Codable')
        var text: Strng /* \\u{1B}[2J\\u{1B}]0;owned\\u{7} \\u{9B}31m \\u{202E}gnp.exe */
            ^

      """, lineDiff(expected: "", actual: rendered))
    XCTAssertFalse(rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }

  func testTheCaretStillPointsAtTheTokenAfterEscapedCharacters() {
    // The property's name is the 19th byte; the escape before it is 6 characters wider
    // than the ESC byte, so the caret moves right by as much.
    let rendered = render(
      "// quarry: persist\nstruct Note {\n  var id: Int\n  /*\u{1B}*/ var x: Strng\n}\n")
    XCTAssertTrue(rendered.hasPrefix("Models/M.swift:4:13: warning: "), rendered)
    XCTAssertTrue(
      rendered.hasSuffix(
        "\n  /*\\u{1B}*/ var x: Strng\n" + String(repeating: " ", count: 17) + "^\n"), rendered)
  }

  func testTerminalSafeKeepsTabsEmojiAndOrdinaryText() {
    XCTAssertEqual(SwiftLiteral.terminalSafe("a\tb 🐦 👩‍👩‍👧 é 鳥"), "a\tb 🐦 👩‍👩‍👧 é 鳥")
    XCTAssertEqual(
      SwiftLiteral.terminalSafe("\u{0}\u{1F}\u{7F}\u{85}\u{2028}\u{2066}\u{61C}\u{200F}"),
      "\\u{0}\\u{1F}\\u{7F}\\u{85}\\u{2028}\\u{2066}\\u{61C}\\u{200F}")
  }

  func testBidiControlsInNamesAndDefaultsAreErrors() {
    let rendered = render(
      """
      // quarry: table = "notes\\u{202E}txt"
      struct Note {
        var id: Int
        // quarry: column = "a\\u{2066}b", default = "x\\u{200F}"
        var text: String
      }
      """)
    XCTAssertEqual(
      rendered,
      """
      Models/M.swift:1:12: error: table name 'notes\\u{202E}txt' holds the bidirectional control \
      U+202E, which reorders how Schema.sql and the generated code read in an editor or a review; \
      remove it
      // quarry: table = "notes\\u{202E}txt"
                 ^
      Models/M.swift:4:14: error: column name 'a\\u{2066}b' holds the bidirectional control \
      U+2066, which reorders how Schema.sql and the generated code read in an editor or a review; \
      remove it
        // quarry: column = "a\\u{2066}b", default = "x\\u{200F}"
                   ^
      Models/M.swift:4:37: error: 'default' of 'text' holds the bidirectional control U+200F, \
      which reorders how Schema.sql and the generated code read in an editor or a review; remove \
      it
        // quarry: column = "a\\u{2066}b", default = "x\\u{200F}"
                                          ^

      """, lineDiff(expected: "", actual: rendered))
  }
}
