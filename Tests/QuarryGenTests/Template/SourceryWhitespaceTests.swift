import QuarryGen
import XCTest

/// The README's whitespace table: each template rendered in Stencil's mode (what Sourcery
/// prints, worked out by Stencil's rule: every character outside a tag is copied) and in
/// Quarry's default mode.
final class SourceryWhitespaceTests: XCTestCase {
  private func render(
    _ source: String, _ context: [String: TemplateValue], _ whitespace: TemplateWhitespace
  ) -> String {
    let engine = TemplateEngine(
      loader: InMemoryTemplateLoader(["Main": source]), whitespace: whitespace)
    let (output, diagnostics) = engine.render(
      templateNamed: "Main", context: TemplateContext(context))
    XCTAssertEqual(diagnostics, [])
    return output
  }

  private func assertModes(
    _ source: String, _ context: [String: TemplateValue] = [:], sourcery: String,
    quarry: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(render(source, context, .stencil), sourcery, "stencil", file: file, line: line)
    XCTAssertEqual(render(source, context, .quarry), quarry, "quarry", file: file, line: line)
  }

  func testTagLinesAreBlankInSourceryAndGoneByDefault() {
    assertModes(
      "a\n{% if x %}\nb\n{% endif %}\nc", ["x": true], sourcery: "a\n\nb\n\nc", quarry: "a\nb\nc")
    assertModes("  {% if x %}\nb\n{% endif %}", ["x": true], sourcery: "  \nb\n", quarry: "b\n")
  }

  // AutoLenses' shape: Sourcery ends each `)` line; so does the default mode.
  func testLoopBodyEndingMidLine() {
    let template =
      "extension A {\n{% for v in vs %}\n  static let {{ v }}Lens = f(\n  ){% endfor %}\n}\n"
    assertModes(
      template, ["vs": ["a", "b"]],
      sourcery: "extension A {\n\n  static let aLens = f(\n  )\n  static let bLens = f(\n  )\n}\n",
      quarry: "extension A {\n  static let aLens = f(\n  )\n  static let bLens = f(\n  )\n}\n")
  }

  // AutoEquatable's shape: `return true` then the next `case`.
  func testBranchEndingMidLine() {
    let template =
      "{% for c in cs %}\ncase .{{ c }}: {% if c %}return true{% endif %}\n{% endfor %}\ndefault"
    assertModes(
      template, ["cs": ["a", "b"]],
      sourcery: "\ncase .a: return true\n\ncase .b: return true\n\ndefault",
      quarry: "case .a: return true\ncase .b: return true\ndefault")
  }

  func testTrimMarkersAndNewline() {
    assertModes(
      "a\n  {%- if x -%}\n  b{% endif %}", ["x": true], sourcery: "ab", quarry: "ab")
    assertModes("a{% newline %}b", sourcery: "a\nb", quarry: "a\nb")
  }
}
