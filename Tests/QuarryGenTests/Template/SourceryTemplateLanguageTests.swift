import QuarryGen
import QuarryTestSupport
import XCTest

/// What Sourcery templates use beyond Quarry's own templates: `for … where`, `!`-negated
/// filters, Stencil's whitespace, `argument`.
final class SourceryTemplateLanguageTests: XCTestCase {
  private let variables: [String: TemplateValue] = [
    "variables": [
      ["name": "id", "isOptional": false, "isComputed": false, "typeName": "Int"],
      ["name": "note", "isOptional": true, "isComputed": false, "typeName": "String?"],
    ]
  ]

  func testForWhereOverAnArrayAndADictionary() {
    assertRenders(
      """
      {% for v in variables where not v.isOptional %}{{ v.name }}{{ forloop.length }}{% endfor %} \
      {% for k, v in map where v > 1 %}{{ k }}{% empty %}none{% endfor %} \
      {% for v in variables where v.name == "x" %}{{ v.name }}{% empty %}none{% endfor %}
      """, variables.merging(["map": ["a": 1, "b": 2, "c": 3]]) { $1 }, "id1 bc none")
  }

  func testWhereWithoutAConditionIsAnError() {
    assertDiagnostics(
      "{% for v in variables where %}{% endfor %}",
      """
      Templates/Main.stencil:1:29: error: malformed 'for' tag; expected \
      '{% for item in list where condition %}'
      {% for v in variables where %}{% endfor %}
                                  ^

      """)
  }

  func testNegatedFilterKeepsTheBlockStructure() {
    assertRenders(
      "{% for v in variables|!optional %}{{ v.name }}{% endfor %}", variables, "id")
  }

  func testBadTagInsideALoopReportsOneErrorNotAnUnmatchedEnd() {
    // Before, the loop's tag was dropped and its `endfor` reported as unmatched too.
    assertDiagnostics(
      "{% for v in variables|? %}{{ v.name }}{% endfor %}",
      """
      Templates/Main.stencil:1:23: error: unexpected character '?' in tag
      {% for v in variables|? %}{{ v.name }}{% endfor %}
                            ^

      """)
  }

  func testBangIsOnlyForFilterNames() {
    assertDiagnostics(
      "{% if !ready %}x{% endif %}",
      """
      Templates/Main.stencil:1:7: error: unexpected character '!' in tag
      {% if !ready %}x{% endif %}
            ^

      """)
  }

  func testStencilWhitespaceKeepsTagLines() {
    let file = SourceFile(
      path: "T.stencil", text: "a\n  {% for v in variables %}\n  {{ v.name }}\n  {% endfor %}\nb\n")
    let quarry = Template.parse(file).template?.render(context: TemplateContext(variables))
    XCTAssertEqual(quarry?.output, "a\n  id\n  note\nb\n")
    let stencil = Template.parse(file, whitespace: .stencil).template?.render(
      context: TemplateContext(variables))
    XCTAssertEqual(stencil?.output, "a\n  \n  id\n  \n  note\n  \nb\n")
  }

  func testArgumentsParseAsSourceryArgs() {
    XCTAssertEqual(
      GeneratorOptions.parseArguments(
        "module=Birds,verbose,version=2,path=Sources:Models,label=\"a b\""),
      ["module": "Birds", "verbose": 1, "version": 2, "path": "Sources:Models", "label": "a b"])
    XCTAssertEqual(
      GeneratorOptions.parseArguments("tag=a,tag=b"), ["tag": ["a", "b"]])
  }
}
