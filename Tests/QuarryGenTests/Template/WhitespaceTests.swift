import QuarryGen
import XCTest

/// One test per whitespace rule: lines holding only block tags vanish, `-` trims.
final class WhitespaceTests: XCTestCase {
  func testLineHoldingOnlyABlockTagEmitsNothing() {
    assertRenders("a\n{% if true %}\nb\n{% endif %}\nc\n", "a\nb\nc\n")
  }

  func testIndentationBeforeAStandaloneBlockTagIsDropped() {
    assertRenders("    {% if true %}\n  b\n    {% endif %}\n", "  b\n")
  }

  func testLineHoldingOnlyACommentEmitsNothing() {
    assertRenders("a\n  {# why #}\nb\n", "a\nb\n")
  }

  func testLineHoldingSeveralBlockTagsEmitsNothing() {
    assertRenders("a\n  {% if true %}{% if true %}  \nb\n{% endif %} {% endif %}\nc", "a\nb\nc")
  }

  func testBlockTagBesideTextKeepsItsLine() {
    assertRenders("a {% if true %}b{% endif %}\n  {% if true %}c{% endif %}\n", "a b\n  c\n")
  }

  func testLineWithAVariableTagIsKept() {
    assertRenders("  {{ x }}\n{% if false %}{% endif %}{{ x }}\n", ["x": ""], "  \n\n")
  }

  func testStandaloneTagOnTheLastLineWithoutNewline() {
    assertRenders("{% for x in xs %}\n{{ x }}\n{% endfor %}", ["xs": [1, 2]], "1\n2\n")
  }

  func testStandaloneTagWithCRLFLineEndings() {
    assertRenders("a\r\n  {% if true %}\r\nb\r\n{% endif %}\r\n", "a\r\nb\r\n")
  }

  func testDashAfterOpeningTrimsWhitespaceAndNewlinesBefore() {
    assertRenders("a  \n\n  {%- if true %}b{% endif %}", "ab")
  }

  func testDashBeforeClosingTrimsWhitespaceAndNewlinesAfter() {
    assertRenders("x {% if true -%}  \n\n  b{% endif %}", "x b")
  }

  func testDashesOnVariableTagsTrimBothSides() {
    assertRenders("a \n {{- x -}} \n b", ["x": "X"], "aXb")
  }

  func testDashesOnCommentsTrimBothSides() {
    assertRenders("a \n {#- gone -#} \n b", "ab")
  }

  func testIndentedTemplateProducesTidyCode() {
    assertRenders(
      """
      enum Columns {
        {% for column in columns %}
          {% if column.isKey %}
        // primary key
          {% endif %}
        static let {{ column.name }} = "{{ column.name }}"
        {% endfor %}
      }

      """,
      ["columns": [["name": "id", "isKey": true], ["name": "name", "isKey": false]]],
      """
      enum Columns {
        // primary key
        static let id = "id"
        static let name = "name"
      }

      """)
  }

  // Stencil prints `)⏎` + `  static let b…` (the for line's newline opens each iteration):
  // dropping tag lines must not glue the iterations, as it did for AutoLenses.
  func testLoopBodyEndingInsideALineDoesNotGlueTheNextIteration() {
    assertRenders(
      "extension A {\n{% for v in vs %}\n  static let {{ v }} = f(\n  ){% endfor %}\n}\n",
      ["vs": ["a", "b"]],
      "extension A {\n  static let a = f(\n  )\n  static let b = f(\n  )\n}\n")
  }

  // AutoEquatable's shape: a branch ending `return true` without a newline, then a tag line.
  func testTagLineAfterTextWithoutNewlineKeepsTheLineEnding() {
    assertRenders(
      "{% for c in cs %}\ncase {{ c }}: {% if c %}return true{% endif %}\n{% endfor %}\n",
      ["cs": ["a", "b"]], "case a: return true\ncase b: return true\n")
    assertRenders(
      "{% for c in cs %}{{ c }}\n  {% if true %}\n{% endif %}{% endfor %}", ["cs": ["a", "b"]],
      "a\nb\n")
  }

  func testTagLineAfterTrimmedNewlineStillEndsTheLine() {
    // `{%-` eats `a`'s newline; Stencil keeps the newline after the tag, so `b` starts a line.
    assertRenders("a\n{%- if true %}\nb\n{% endif %}\n", "a\nb\n")
  }

  func testDashAfterAStandaloneTagStillJoinsTheLines() {
    assertRenders("a\n{% if true -%}\n   b\n{% endif %}\n", "a\nb\n")
    assertRenders("{% for x in xs -%}\n{{ x }}{% endfor %}\n", ["xs": [1, 2]], "12\n")
  }
}
