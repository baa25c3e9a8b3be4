import QuarryGen
import XCTest

/// Every template error message, compared as fully rendered diagnostics.
final class TemplateSyntaxErrorTests: XCTestCase {
  func testUnclosedTag() {
    assertDiagnostics(
      "a\n  {{ b",
      """
      Templates/Main.stencil:2:3: error: '{{' has no closing '}}'
        {{ b
        ^

      """)
  }

  func testUnterminatedString() {
    assertDiagnostics(
      "{% if a == \"b %}\nx{% endif %}",
      """
      Templates/Main.stencil:1:12: error: unterminated string literal
      {% if a == "b %}
                 ^

      """)
  }

  func testUnexpectedCharacter() {
    assertDiagnostics(
      "{{ a ; b }}",
      """
      Templates/Main.stencil:1:6: error: unexpected character ';' in tag
      {{ a ; b }}
           ^

      """)
  }

  func testUnexpectedToken() {
    assertDiagnostics(
      "{{ a b }}",
      """
      Templates/Main.stencil:1:6: error: unexpected 'b' after the expression
      {{ a b }}
           ^

      """)
  }

  func testExpectedExpression() {
    assertDiagnostics(
      "{% if a and %}x{% endif %}",
      """
      Templates/Main.stencil:1:13: error: expected an expression
      {% if a and %}x{% endif %}
                  ^

      """)
  }

  func testExpectedFilterName() {
    assertDiagnostics(
      "{{ a| }}",
      """
      Templates/Main.stencil:1:7: error: expected a filter name after '|'
      {{ a| }}
            ^

      """)
  }

  func testExpectedClosingParenthesis() {
    assertDiagnostics(
      "{% if (a or b %}x{% endif %}",
      """
      Templates/Main.stencil:1:15: error: expected ')'
      {% if (a or b %}x{% endif %}
                    ^

      """)
  }

  func testExpectedTagName() {
    assertDiagnostics(
      "{% \"for\" %}",
      """
      Templates/Main.stencil:1:4: error: expected a tag name
      {% "for" %}
         ^

      """)
  }

  func testInvalidNumber() {
    assertDiagnostics(
      "{{ 1.2.3 }}",
      """
      Templates/Main.stencil:1:4: error: invalid number '1.2.3'
      {{ 1.2.3 }}
         ^

      """)
  }

  func testInvalidVariablePath() {
    assertDiagnostics(
      "{{ type..name }}",
      """
      Templates/Main.stencil:1:4: error: invalid variable path 'type..name'
      {{ type..name }}
         ^

      """)
  }

  func testUnknownFilterSuggestsNearestName() {
    assertDiagnostics(
      "{{ name|uppercas }} {{ name|frobnicate }}",
      """
      Templates/Main.stencil:1:9: error: unknown filter 'uppercas'; did you mean 'uppercase'?
      {{ name|uppercas }} {{ name|frobnicate }}
              ^
      Templates/Main.stencil:1:29: error: unknown filter 'frobnicate'
      {{ name|uppercas }} {{ name|frobnicate }}
                                  ^

      """)
  }

  func testWrongArgumentCount() {
    assertDiagnostics(
      #"{{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}"#,
      #"""
      Templates/Main.stencil:1:6: error: filter 'join' takes at most 1 argument, got 2
      {{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}
           ^
      Templates/Main.stencil:1:26: error: filter 'replace' takes 2 arguments, got 1
      {{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}
                               ^
      Templates/Main.stencil:1:45: error: filter 'uppercase' takes no arguments, got 1
      {{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}
                                                  ^
      Templates/Main.stencil:1:64: error: filter 'default' takes 1 argument, got 0
      {{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}
                                                                     ^
      Templates/Main.stencil:1:79: error: filter 'indent' takes at most 3 arguments, got 4
      {{ a|join:",",";" }}{{ a|replace:"x" }}{{ a|uppercase:1 }}{{ a|default }}{{ a|indent:1,"",true,2 }}
                                                                                    ^

      """#)
  }

  func testUnknownTagSuggestsNearestName() {
    assertDiagnostics(
      "{% fro x in xs %}\n{% endfor %}",
      """
      Templates/Main.stencil:1:1: error: unknown tag 'fro'; did you mean 'for'?
      {% fro x in xs %}
      ^
      Templates/Main.stencil:2:1: error: 'endfor' has no matching 'for'
      {% endfor %}
      ^

      """)
  }

  func testMismatchedEndTag() {
    assertDiagnostics(
      "{% for x in xs %}\n  {% endif %}\n{% endfor %}",
      """
      Templates/Main.stencil:2:3: error: 'endif' does not close 'for'; expected 'endfor'
        {% endif %}
        ^

      """)
  }

  func testTagAfterElse() {
    assertDiagnostics(
      "{% if a %}{% else %}{% else %}{% elif b %}{% endif %}",
      """
      Templates/Main.stencil:1:21: error: 'else' cannot follow 'else'; expected 'endif'
      {% if a %}{% else %}{% else %}{% elif b %}{% endif %}
                          ^
      Templates/Main.stencil:1:31: error: 'elif' cannot follow 'else'; expected 'endif'
      {% if a %}{% else %}{% else %}{% elif b %}{% endif %}
                                    ^

      """)
  }

  func testMissingEndTagAtEndOfFile() {
    assertDiagnostics(
      "{% for x in xs %}\n{{ x }}\n",
      """
      Templates/Main.stencil:1:1: error: 'for' has no matching 'endfor'
      {% for x in xs %}
      ^

      """)
  }

  func testMissingEndTagBeforeOuterEndTag() {
    assertDiagnostics(
      "{% for x in xs %}\n{% if x %}\n{{ x }}\n{% endfor %}",
      """
      Templates/Main.stencil:2:1: error: 'if' has no matching 'endif'
      {% if x %}
      ^

      """)
  }

  func testMalformedTags() {
    assertDiagnostics(
      "{% for x xs %}{% endfor %}{% set 1 x %}{% include Header %}{% endfor x %}",
      """
      Templates/Main.stencil:1:10: error: malformed 'for' tag; expected '{% for item in list %}'
      {% for x xs %}{% endfor %}{% set 1 x %}{% include Header %}{% endfor x %}
               ^
      Templates/Main.stencil:1:34: error: malformed 'set' tag; expected '{% set name = expression %}'
      {% for x xs %}{% endfor %}{% set 1 x %}{% include Header %}{% endfor x %}
                                       ^
      Templates/Main.stencil:1:51: error: malformed 'include' tag; expected '{% include "name" %}'
      {% for x xs %}{% endfor %}{% set 1 x %}{% include Header %}{% endfor x %}
                                                        ^
      Templates/Main.stencil:1:60: error: 'endfor' has no matching 'for'
      {% for x xs %}{% endfor %}{% set 1 x %}{% include Header %}{% endfor x %}
                                                                 ^

      """)
  }

  func testMalformedEndTagAndFilterTags() {
    assertDiagnostics(
      "{% for x in xs %}{% endfor x %}{% filter %}{% endfilter %}{% filter lowercase x %}{% endfilter %}",
      """
      Templates/Main.stencil:1:28: error: malformed 'endfor' tag; expected '{% endfor %}'
      {% for x in xs %}{% endfor x %}{% filter %}{% endfilter %}{% filter lowercase x %}{% endfilter %}
                                 ^
      Templates/Main.stencil:1:42: error: malformed 'filter' tag; expected '{% filter name %}'
      {% for x in xs %}{% endfor x %}{% filter %}{% endfilter %}{% filter lowercase x %}{% endfilter %}
                                               ^
      Templates/Main.stencil:1:79: error: unexpected 'x' after the expression
      {% for x in xs %}{% endfor x %}{% filter %}{% endfilter %}{% filter lowercase x %}{% endfilter %}
                                                                                    ^

      """)
  }

  func testTemplateNotFoundSuggestsNearestName() {
    assertDiagnostics(
      "{% include \"Heder\" %}",
      """
      Templates/Main.stencil:1:12: error: no template named 'Heder'; did you mean 'Header'?
      {% include "Heder" %}
                 ^

      """, templates: ["Header": ""])
  }

  func testIncludeCycle() {
    assertDiagnostics(
      "{% include \"A\" %}",
      """
      Templates/A.stencil:1:12: error: template 'A' includes itself
      {% include "A" %}
                 ^

      """, templates: ["A": "{% include \"A\" %}"])
  }

  func testErrorsInIncludedTemplateAreReportedInItsFile() {
    assertDiagnostics(
      "a{% include \"Line\" %}",
      """
      Templates/Line.stencil:1:4: error: undefined variable 'x'
      {{ x }}
         ^

      """, templates: ["Line": "{{ x }}"])
  }

  func testMissingTemplateInEngine() {
    let engine = TemplateEngine(loader: InMemoryTemplateLoader(["Record": ""]))
    let (_, diagnostics) = engine.render(templateNamed: "Recrd", context: TemplateContext())
    XCTAssertEqual(
      DiagnosticRenderer(files: []).render(diagnostics),
      "Recrd: error: no template named 'Recrd'; did you mean 'Record'?\n")
  }
}

final class TemplateRenderErrorTests: XCTestCase {
  func testUndefinedVariableSuggestsNearestName() {
    assertDiagnostics(
      "{{ tyep.name }}", ["type": ["name": "Bird"]],
      """
      Templates/Main.stencil:1:4: error: undefined variable 'tyep'; did you mean 'type'?
      {{ tyep.name }}
         ^

      """)
  }

  func testUndefinedMemberSuggestsNearestKeyAndNamesTheElement() {
    assertDiagnostics(
      "{% for type in types %}\n  {{ type.nmae }}\n{% endfor %}",
      ["types": [["name": "Bird"], ["name": "Nest"]]],
      """
      Templates/Main.stencil:2:6: error: undefined variable 'type.nmae'; did you mean 'type.name'?
        {{ type.nmae }}
           ^
      note: while rendering 'Models.Bird'

      """, element: "Models")
  }

  func testUndefinedForloopMember() {
    assertDiagnostics(
      "{% for x in xs %}{{ forloop.frist }}{% endfor %}", ["xs": [1]],
      """
      Templates/Main.stencil:1:21: error: undefined variable 'forloop.frist'; did you mean 'forloop.first'?
      {% for x in xs %}{{ forloop.frist }}{% endfor %}
                          ^

      """)
  }

  func testNoMember() {
    assertDiagnostics(
      "{{ name.first }} {{ xs.name }}", ["name": "Bird", "xs": []],
      """
      Templates/Main.stencil:1:4: error: 'name' is a string and has no member 'first'
      {{ name.first }} {{ xs.name }}
         ^
      Templates/Main.stencil:1:21: error: 'xs' is an array and has no member 'name'
      {{ name.first }} {{ xs.name }}
                          ^

      """)
  }

  func testIndexOutOfRange() {
    assertDiagnostics(
      "{{ xs.5 }}", ["xs": [1, 2]],
      """
      Templates/Main.stencil:1:4: error: index 5 is out of range for 'xs', which has 2 elements
      {{ xs.5 }}
         ^

      """)
  }

  func testNotIterable() {
    assertDiagnostics(
      "{% for x in name %}{% endfor %}", ["name": "Bird"],
      """
      Templates/Main.stencil:1:13: error: 'for' needs an array or a dictionary, got a string
      {% for x in name %}{% endfor %}
                  ^

      """)
  }

  func testPairNeedsDictionary() {
    assertDiagnostics(
      "{% for k, v in xs %}{% endfor %}", ["xs": [1]],
      """
      Templates/Main.stencil:1:16: error: 'for key, value' needs a dictionary, got an array
      {% for k, v in xs %}{% endfor %}
                     ^

      """)
  }

  func testFilterInput() {
    assertDiagnostics(
      "{{ xs|snakeCase }}", ["xs": ["a"]],
      """
      Templates/Main.stencil:1:7: error: filter 'snakeCase' cannot be applied to an array
      {{ xs|snakeCase }}
            ^

      """)
  }

  func testFilterArgument() {
    assertDiagnostics(
      #"{{ s|indent:"2" }}"#, ["s": "a"],
      #"""
      Templates/Main.stencil:1:6: error: argument 1 of filter 'indent' must be a whole number, got a string
      {{ s|indent:"2" }}
           ^

      """#)
  }

  func testCannotCompare() {
    assertDiagnostics(
      "{% if name < 3 %}{% endif %}", ["name": "Bird"],
      """
      Templates/Main.stencil:1:12: error: cannot compare a string and a number with '<'
      {% if name < 3 %}{% endif %}
                 ^

      """)
  }

  func testInvalidMembershipTest() {
    assertDiagnostics(
      "{% if 1 in 2 %}{% endif %}",
      """
      Templates/Main.stencil:1:9: error: 'in' needs an array, a dictionary or a string on its right, got a number
      {% if 1 in 2 %}{% endif %}
              ^

      """)
  }

  func testSameErrorInALoopIsReportedOnce() {
    assertDiagnostics(
      "{% for x in xs %}{{ y }}{% endfor %}", ["xs": [1, 2, 3]],
      """
      Templates/Main.stencil:1:21: error: undefined variable 'y'
      {% for x in xs %}{{ y }}{% endfor %}
                          ^

      """)
  }

  func testBrokenTemplateIsNotReturned() {
    let file = SourceFile(path: "Templates/Bad.stencil", text: "{% if %}")
    let (template, diagnostics) = Template.parse(file)
    XCTAssertNil(template)
    XCTAssertEqual(
      DiagnosticRenderer(files: [file]).render(diagnostics),
      """
      Templates/Bad.stencil:1:1: error: 'if' has no matching 'endif'
      {% if %}
      ^
      Templates/Bad.stencil:1:7: error: malformed 'if' tag; expected '{% if condition %}'
      {% if %}
            ^

      """)
  }
}
