import QuarryGen
import XCTest

final class IncludeTagTests: XCTestCase {
  func testIncludeRendersWithCurrentVariables() {
    assertRenders(
      "{% for type in types %}{% include \"Line\" %}{% endfor %}",
      ["types": ["Bird", "Nest"]], "- Bird\n- Nest\n",
      templates: ["Line": "- {{ type }}\n"])
  }

  func testIncludeAcceptsTheFileExtension() {
    assertRenders("{% include \"Line.stencil\" %}", "x", templates: ["Line": "x"])
  }

  func testEngineParsesEachTemplateOnce() {
    let engine = TemplateEngine(loader: InMemoryTemplateLoader(["A": "a"]))
    let first = engine.template(named: "A").template
    let second = engine.template(named: "A.stencil").template
    XCTAssertEqual(first?.file, second?.file)
    XCTAssertEqual(first?.name, "A")
  }
}

final class SetTagTests: XCTestCase {
  func testSetBindsAnExpression() {
    assertRenders(
      "{% set table = name|snakeCase %}{{ table }}s", ["name": "NestBox"], "nest_boxs")
  }

  func testSetInsideALoopLastsOneIteration() {
    assertRenders(
      "{% set x = 0 %}{% for i in xs %}{% set x = i %}{{ x }}{% endfor %}{{ x }}",
      ["xs": ["a", "b"]], "ab0")
  }
}

final class FilterTagTests: XCTestCase {
  func testFilterBlockFiltersItsBody() {
    assertRenders(
      "{% filter uppercase|replace:\"A\",\"4\" %}a{{ x }}{% endfilter %}", ["x": "b"], "4B")
  }

  func testFilterBlockIndentsLines() {
    assertRenders(
      "{% filter indent:2,\" \",true %}\nlet a = 1\nlet b = 2\n{% endfilter %}",
      "  let a = 1\n  let b = 2\n")
  }
}

final class CommentTagTests: XCTestCase {
  func testCommentEmitsNothing() {
    assertRenders("a{# {{ not rendered }} {% if %} #}b", "ab")
  }
}
