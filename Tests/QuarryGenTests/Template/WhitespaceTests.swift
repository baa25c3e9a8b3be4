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
}
