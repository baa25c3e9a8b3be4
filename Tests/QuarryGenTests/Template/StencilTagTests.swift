import QuarryGen
import XCTest

/// One test per Stencil 0.15 and StencilSwiftKit tag, each output being the one their
/// documentation gives for the same construct.
final class StencilTagTests: XCTestCase {
  // Stencil: `{{ value if condition else other }}`; without `else` nothing prints.
  func testInlineIfElse() {
    assertRenders(
      "{% for x in xs %}{{ x }}{{ ',' if not forloop.last }}{% endfor %}|{{ 'y' if b else 'n' }}",
      ["xs": ["a", "b", "c"], "b": false], "a,b,c|n")
    assertRenders("[{{ name if name }}]", ["name": ""], "[]")
  }

  func testInlineIfWithoutAConditionIsAnError() {
    assertDiagnostics(
      "{{ a if }}", ["a": 1],
      """
      Templates/Main.stencil:1:9: error: expected an expression
      {{ a if }}
              ^

      """)
  }

  // Stencil: `{% ifnot variable %}…{% else %}…{% endif %}` is `if not`.
  func testIfnot() {
    assertRenders(
      "{% ifnot a %}no a{% else %}a{% endif %} {% ifnot b %}no b{% endif %}",
      ["a": true, "b": 0], "a no b")
  }

  // Stencil: `for i in 1...n` loops over the range, counting down when the upper bound is lower.
  func testRangeLoops() {
    assertRenders(
      "{% for i in 1...3 %}{{ i }}{% endfor %} {% for i in 3...1 %}{{ i }}{% endfor %} "
        + "{% for i in 1...xs.count %}{{ forloop.counter }}/{{ forloop.length }}"
        + "{{ forloop.first }}{{ forloop.last }} {% endfor %}",
      ["xs": ["a", "b"]], "123 321 1/2truefalse 2/2falsetrue ")
  }

  func testRangeOfStringsIsAnError() {
    assertDiagnostics(
      "{% for i in 1...s %}{% endfor %}", ["s": "x"],
      """
      Templates/Main.stencil:1:14: error: a range needs whole numbers on both sides of '...', got a number and a string
      {% for i in 1...s %}{% endfor %}
                   ^

      """)
  }

  // Stencil: `{{ item[key] }}` looks `key`'s value up in `item`.
  func testSubscript() {
    assertRenders(
      "{{ item[key] }} {{ xs[1] }} {{ xs[5] }}|{{ s[0] }}",
      ["item": ["name": "John"], "key": "name", "xs": ["a", "b"], "s": "Swift"],
      "John b |S")
  }

  func testSubscriptOfABooleanIsAnError() {
    assertDiagnostics(
      "{{ b[0] }}", ["b": true],
      """
      Templates/Main.stencil:1:5: error: cannot subscript a boolean with a number
      {{ b[0] }}
          ^

      """)
  }

  // Stencil: `break` leaves the loop, `continue` goes on with the next item.
  func testBreakAndContinue() {
    assertRenders(
      "{% for x in xs %}{% if x == \"stop\" %}{% break %}{% endif %}"
        + "{% if x == \"skip\" %}{% continue %}{% endif %}{{ x }} {% endfor %}!",
      ["xs": ["a", "skip", "b", "stop", "c"]], "a b !")
    assertRenders(
      "{% for x in xs %}{% for y in xs %}{% if y == x %}{% break %}{% endif %}{{ y }}{% endfor %};{% endfor %}",
      ["xs": [1, 2, 3]], ";1;12;")
  }

  func testBreakOutsideALoopIsAnError() {
    assertDiagnostics(
      "a{% break %}",
      """
      Templates/Main.stencil:1:2: error: 'break' must be inside a 'for' loop
      a{% break %}
       ^

      """)
  }

  // Stencil's `now` prints the date in a DateFormatter format.
  func testNow() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy"
    let year = formatter.string(from: Date())
    let (output, diagnostics) = renderTemplate("{% now \"yyyy\" %}|{% now %}")
    XCTAssertEqual(diagnostics, "")
    let parts = output.split(separator: "|").map(String.init)
    XCTAssertEqual(parts.first, year)
    // Stencil's default format, `yyyy-MM-dd 'at' HH:mm`.
    XCTAssertNotNil(
      parts.last?.wholeMatch(of: /\d{4}-\d{2}-\d{2} at \d{2}:\d{2}/), parts.last ?? "")
  }

  func testNowWithANumberIsAnError() {
    assertDiagnostics(
      "{% now 3 %}",
      """
      Templates/Main.stencil:1:1: error: 'now' needs a format string, got a number
      {% now 3 %}
      ^

      """)
  }

  // StencilSwiftKit: `{% macro hi name %}Hello, {{name}}! How are you?{% endmacro %}` then
  // `{% call hi … %}` prints the body with `name` bound.
  func testMacroAndCall() {
    assertRenders(
      "{% macro hi name %}\nHello, {{ name }}! How are you?\n{% endmacro %}\n"
        + "{% call hi \"Alice\" %}\n{% call hi person.name %}\n{% call hi %}\n",
      ["person": ["name": "Bob"]],
      "Hello, Alice! How are you?\nHello, Bob! How are you?\nHello, ! How are you?\n")
  }

  func testCallingAnUndefinedMacroIsAnError() {
    assertDiagnostics(
      "{% macro greet a %}{% endmacro %}{% call gret 1 %}",
      """
      Templates/Main.stencil:1:34: error: undefined macro 'gret'; did you mean 'greet'?
      {% macro greet a %}{% endmacro %}{% call gret 1 %}
                                       ^

      """)
    assertDiagnostics(
      "{% macro greet a %}{% endmacro %}{% call greet 1 2 %}",
      """
      Templates/Main.stencil:1:34: error: macro 'greet' takes 1 argument, got 2
      {% macro greet a %}{% endmacro %}{% call greet 1 2 %}
                                       ^

      """)
  }

  // StencilSwiftKit's map documentation: over ['a', 'b', 'c'].
  func testMap() {
    assertRenders(
      "{% map list into result1 %}{{ maploop.item|uppercase }}{% endmap %}"
        + "{% map list into result2 using item %}{{ item }}{{ item|uppercase }}{% endmap %}"
        + "{% map list into result3 using item %}{{ maploop.counter }} - {{ item }}{% endmap %}"
        + "{{ result1|join:\",\" }}|{{ result2|join:\",\" }}|{{ result3|join:\",\" }}|"
        + "{% map list into r using i %}{{ maploop.first }}{{ maploop.last }}{% endmap %}{{ r|join }}",
      ["list": ["a", "b", "c"]], "A,B,C|aA,bB,cC|0 - a,1 - b,2 - c|truefalsefalsefalsefalsetrue")
  }

  func testMapOverAStringIsAnError() {
    assertDiagnostics(
      "{% map s into r %}{% endmap %}", ["s": "x"],
      """
      Templates/Main.stencil:1:8: error: 'map' needs an array, got a string
      {% map s into r %}{% endmap %}
             ^

      """)
    assertDiagnostics(
      "{% map s r %}{% endmap %}", ["s": "x"],
      """
      Templates/Main.stencil:1:8: error: malformed 'map' tag; expected '{% map list into result using item %}'
      {% map s r %}{% endmap %}
             ^

      """)
  }

  // StencilSwiftKit's set documentation: the block form binds what its body prints, scoped
  // to the loop it is in.
  func testSetBlock() {
    assertRenders(
      "{% set x %}hello{% endset %}{% set y %}world{% endset %}"
        + "{% set greetings %}{{ x|uppercase }}, {{ y|upperFirstLetter }}{% endset %}"
        + "{% for item in items %}{% set x %}item #{{ item }}{% endset %}{{ x }};{% endfor %}"
        + "{{ x }} {{ greetings }}, {{ greetings }}!",
      ["items": [1, 2]], "item #1;item #2;hello HELLO, World, HELLO, World!")
    assertRenders("{% set n type.name %}{{ n }}", ["type": ["name": "Bird"]], "Bird")
  }

  func testSetBlockWithoutEndsetIsAnError() {
    assertDiagnostics(
      "{% set x %}abc",
      """
      Templates/Main.stencil:1:1: error: 'set' has no matching 'endset'
      {% set x %}abc
      ^

      """)
  }

  // Stencil's template inheritance: a child's blocks replace the base's, `block.super`
  // prints the replaced block, text outside the child's blocks is not printed.
  func testExtendsAndBlocks() {
    assertRenders(
      "{% extends \"Base\" %}ignored{% block body %}{{ block.super }}let name: String {% endblock %}",
      ["name": "Bird"], "struct Bird { let id: Int let name: String }",
      templates: [
        "Base": "struct {{ name }} { {% block body %}let id: Int {% endblock %}}"
      ])
    assertRenders(
      "{% extends \"Middle\" %}{% block a %}child+{{ block.super }}{% endblock %}",
      "[child+middle+base][b]",
      templates: [
        "Middle": "{% extends \"Base\" %}{% block a %}middle+{{ block.super }}{% endblock %}",
        "Base": "[{% block a %}base{% endblock %}][{% block b %}b{% endblock b %}]",
      ])
  }

  func testExtendsErrors() {
    assertDiagnostics(
      "{% extends \"Bsae\" %}",
      """
      Templates/Main.stencil:1:12: error: no template named 'Bsae'; did you mean 'Base'?
      {% extends "Bsae" %}
                 ^

      """, templates: ["Base": ""])
    assertDiagnostics(
      "{% if true %}{% extends \"Base\" %}{% endif %}",
      """
      Templates/Main.stencil:1:14: error: 'extends' must be outside every block
      {% if true %}{% extends "Base" %}{% endif %}
                   ^

      """, templates: ["Base": ""])
  }

  // Stencil: `{% include "comment.html" comment %}` renders with `comment`'s keys added.
  func testIncludeWithAContext() {
    assertRenders(
      "{% include \"Row\" user %}|{% include \"Row\" with context %}|{% include \"Row.stencil\" %}",
      ["user": ["name": "Ann"], "name": "top"], "Ann|top|top",
      templates: ["Row": "{{ name }}"])
  }

  func testIncludeWithAStringContextIsAnError() {
    assertDiagnostics(
      "{% include \"Row\" s %}", ["s": "x"],
      """
      Templates/Main.stencil:1:18: error: 'include' needs a dictionary as its context, got a string
      {% include "Row" s %}
                       ^

      """, templates: ["Row": ""])
  }

  // Sourcery: `{% newline %}` prints a line break; `{% typed name as Type %}` prints nothing.
  func testSourceryNewlineAndTyped() {
    assertRenders(
      "a{% newline %}b{% typed type as Type %}{% typed x as [String:Int]? y as Int %}c",
      "a\nbc")
  }

  func testMalformedTypedIsAnError() {
    assertDiagnostics(
      "{% typed type Type %}",
      """
      Templates/Main.stencil:1:10: error: malformed 'typed' tag; expected '{% typed name as Type %}'
      {% typed type Type %}
               ^

      """)
  }

  // Stencil's `filter` tag, `for … where`, `empty` (already there; here against the docs).
  func testFilterTagWhereAndEmpty() {
    assertRenders(
      "{% filter lowercase|capitalize %}THIS TEXT{% endfilter %}|"
        + "{% for u in users where u != \"Kyle\" %}{{ u }}{% empty %}none{% endfor %}|"
        + "{% for u in none %}{{ u }}{% empty %}There are no users.{% endfor %}",
      ["users": ["Kyle", "Ann"], "none": []], "This Text|Ann|There are no users.")
  }

  // StencilSwiftKit: `import` brings another template's macros and sets, not its output.
  func testImport() {
    assertRenders(
      "{% import \"Common\" %}{% call field \"id\" %}{{ suffix }}", "let idMock",
      templates: [
        "Common":
          "dropped{% macro field name %}let {{ name }}{% endmacro %}{% set suffix = \"Mock\" %}"
      ])
    assertDiagnostics(
      "{% import Common %}",
      """
      Templates/Main.stencil:1:11: error: malformed 'import' tag; expected '{% import "name" %}'
      {% import Common %}
                ^

      """)
  }

  // Stencil 0.15: `forloop.outer` is the enclosing loop's `forloop`.
  func testForloopOuter() {
    assertRenders(
      "{% for a in xs %}{% for b in xs %}{{ forloop.outer.counter }}{{ forloop.counter }} {% endfor %}{% endfor %}"
        + "{% for a in xs %}[{{ forloop.outer }}]{% endfor %}",
      ["xs": [1, 2]], "11 12 21 22 [][]")
  }

  // Stencil 0.15: `{%+` and `+%}` keep the whitespace the other rules would remove.
  func testKeepMarkersKeepATagLine() {
    assertRenders("a\n  {%+ if true %}\nb\n{% endif +%}\nc\n", "a\n  \nb\n\nc\n")
  }

  // Sourcery loads a partial from the including template's folder first.
  func testIncludeLooksBesideTheIncludingTemplateFirst() {
    assertRenders(
      "{% include \"Shared/Table\" %}", "shared row|top row",
      templates: [
        "Shared/Table": "{% include \"Row\" %}|{% include \"Top\" %}",
        "Shared/Row": "shared row", "Row": "top", "Top": "top row",
      ])
  }
}
