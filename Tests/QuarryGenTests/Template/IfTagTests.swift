import QuarryGen
import XCTest

final class IfTagTests: XCTestCase {
  func testIfElifElse() {
    let source = "{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %}"
    assertRenders(source, ["n": 1], "one")
    assertRenders(source, ["n": 2], "two")
    assertRenders(source, ["n": 3], "many")
  }

  func testIfWithoutElseRendersNothingWhenFalse() {
    assertRenders("[{% if false %}x{% endif %}]", "[]")
  }

  func testTruthinessAsInStencil() {
    let source = "{% if v %}T{% else %}F{% endif %}"
    let cases: [(TemplateValue, String)] = [
      (true, "T"), (false, "F"), (0, "F"), (2, "T"), ("", "F"), ("a", "T"), ([], "F"),
      (["a"], "T"), ([:], "F"), (["k": 1], "T"), (nil, "F"),
    ]
    for (value, expected) in cases {
      assertRenders(source, ["v": value], expected)
    }
  }
}
