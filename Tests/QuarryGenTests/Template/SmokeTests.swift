import QuarryGen
import XCTest

final class TemplateSmokeTests: XCTestCase {
  func testSmoke() {
    assertRenders("Hello {{ name|upperFirstLetter }}!", ["name": "bird"], "Hello Bird!")
    assertRenders(
      """
      struct A {
        {% for v in vars %}
        let {{ v }}: Int{% if not forloop.last %} // more{% endif %}
        {% endfor %}
      }

      """, ["vars": ["a", "b"]],
      """
      struct A {
        let a: Int // more
        let b: Int
      }

      """)
    assertDiagnostics(
      "{{ nmae }}", ["name": "x"],
      """
      Templates/Main.stencil:1:4: error: undefined variable 'nmae'; did you mean 'name'?
      {{ nmae }}
         ^

      """)
  }
}
