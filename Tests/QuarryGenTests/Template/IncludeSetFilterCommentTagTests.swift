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

final class FitsTagTests: XCTestCase {
  private let layouts = """
    {% fits width %}
    call({{ a }}, {{ b }})
    {% else %}
    call(
      {{ a }}, {{ b }})
    {% else %}
    call(
      {{ a }},
      {{ b }})
    {% endfits %}
    """

  func testFitsPrintsTheFirstBodyWhoseLinesFit() {
    assertRenders(layouts, ["width": 16, "a": "xx", "b": "yy"], "call(xx, yy)\n")
    assertRenders(layouts, ["width": 11, "a": "xx", "b": "yy"], "call(\n  xx, yy)\n")
    assertRenders(layouts, ["width": 6, "a": "xx", "b": "yy"], "call(\n  xx,\n  yy)\n")
  }

  func testFitsPrintsTheLastBodyWhenNoneFits() {
    assertRenders(layouts, ["width": 3, "a": "xx", "b": "yy"], "call(\n  xx,\n  yy)\n")
  }

  func testFitsCountsEveryLineOfABodyAndAllowsExactlyTheWidth() {
    assertRenders(
      "{% fits 3 %}abc\nabcd{% else %}ab\ncd{% endfits %}|{% fits 3 %}abc{% else %}no{% endfits %}",
      "ab\ncd|abc")
  }

  func testFitsWithoutAWidthIsAnError() {
    let (_, diagnostics) = renderTemplate("{% fits %}a{% endfits %}")
    XCTAssertTrue(diagnostics.contains("error: "), diagnostics)
    XCTAssertTrue(diagnostics.contains("fits width"), diagnostics)
  }
}

final class FillFilterTests: XCTestCase {
  func testFillBreaksLongLinesAfterTopLevelCommas() {
    assertRenders(
      "{% filter fill:24 %}\n  a: one, b: two, c: three, d: four)\n{% endfilter %}",
      "  a: one, b: two,\n  c: three, d: four)\n")
  }

  func testFillKeepsBracketsQuotesAndShortLinesWhole() {
    assertRenders(
      "{% filter fill:20 %}\n  [a, b, c], \"d, e\", f(g, h))\nshort, line\n{% endfilter %}",
      "  [a, b, c], \"d, e\",\n  f(g, h))\nshort, line\n")
  }

  func testFillHangsTheClosingParenthesisWhenOnlyItDoesNotFit() {
    assertRenders(
      "{% filter fill:18 %}\n    aaaa, bbbb, cc)\n{% endfilter %}", "    aaaa, bbbb, cc\n  )\n")
    // A parenthesis the item opened itself stays with it.
    assertRenders(
      "{% filter fill:20 %}\n    aaaa, bbbb, f(c:)\n{% endfilter %}", "    aaaa, bbbb,\n    f(c:)\n")
  }
}

final class CommentTagTests: XCTestCase {
  func testCommentEmitsNothing() {
    assertRenders("a{# {{ not rendered }} {% if %} #}b", "ab")
  }
}
