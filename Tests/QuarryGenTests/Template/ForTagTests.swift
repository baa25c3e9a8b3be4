import QuarryGen
import XCTest

final class ForTagTests: XCTestCase {
  func testIteratesArray() {
    assertRenders("{% for x in xs %}<{{ x }}>{% endfor %}", ["xs": ["a", "b"]], "<a><b>")
  }

  func testEmptyBranchForEmptyArrayAndNull() {
    let source = "{% for x in xs %}{{ x }}{% empty %}none{% endfor %}"
    assertRenders(source, ["xs": []], "none")
    assertRenders(source, ["xs": nil], "none")
    assertRenders(source, ["xs": ["a"]], "a")
  }

  func testForloopMembers() {
    assertRenders(
      """
      {% for x in xs %}
      {{ forloop.index }} {{ forloop.index0 }} {{ forloop.counter }} {{ forloop.counter0 }} \
      {{ forloop.first }} {{ forloop.last }} {{ forloop.length }}
      {% endfor %}
      """,
      ["xs": ["a", "b"]],
      """
      1 0 1 0 true false 2
      2 1 2 1 false true 2

      """)
  }

  func testKeyValueOverDictionaryInKeyOrder() {
    assertRenders(
      "{% for key, value in d %}{{ key }}={{ value }};{% endfor %}", ["d": ["b": 2, "a": 1]],
      "a=1;b=2;")
  }

  func testSingleVariableOverDictionaryYieldsKeys() {
    assertRenders("{% for key in d %}{{ key }};{% endfor %}", ["d": ["b": 2, "a": 1]], "a;b;")
  }

  func testNestedLoopsSeeTheirOwnForloop() {
    assertRenders(
      "{% for a in xs %}{% for b in xs %}{{ forloop.index }}{% endfor %}"
        + "{{ forloop.last }};{% endfor %}",
      ["xs": [1, 2]], "12false;12true;")
  }

  func testLoopVariableShadowsAndIsRestored() {
    assertRenders(
      "{% for name in xs %}{{ name }}{% endfor %}{{ name }}", ["xs": ["a", "b"], "name": "n"],
      "abn")
  }

  func testSequenceCanBeFiltered() {
    assertRenders(
      "{% for x in xs|first %}{{ x }}{% endfor %}", ["xs": [["a", "b"], ["c"]]], "ab")
  }
}
