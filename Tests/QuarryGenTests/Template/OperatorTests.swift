import QuarryGen
import XCTest

/// One test per operator of `{% if %}`.
final class OperatorTests: XCTestCase {
  private func assertCondition(
    _ condition: String, _ context: [String: TemplateValue] = [:], _ expected: Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    assertRenders(
      "{% if \(condition) %}T{% else %}F{% endif %}", context, expected ? "T" : "F", file: file,
      line: line)
  }

  func testEqual() {
    assertCondition(#"name == "Bird""#, ["name": "Bird"], true)
    assertCondition("n == 1", ["n": 1.0], true)
    assertCondition(#"n == "1""#, ["n": 1], false)
    assertCondition("flag == true", ["flag": true], true)
    assertCondition("v == nil", ["v": nil], true)
  }

  func testNotEqual() {
    assertCondition(#"name != "Bird""#, ["name": "Nest"], true)
    assertCondition("n != 1", ["n": 1], false)
  }

  func testLess() {
    assertCondition("n < 2", ["n": 1], true)
    assertCondition(#""a" < "b""#, [:], true)
    assertCondition("n < 1", ["n": 1], false)
  }

  func testLessOrEqual() {
    assertCondition("n <= 1", ["n": 1], true)
    assertCondition("n <= 0", ["n": 1], false)
  }

  func testGreater() {
    assertCondition("xs.count > 1", ["xs": [1, 2]], true)
    assertCondition("n > 1", ["n": 1], false)
  }

  func testGreaterOrEqual() {
    assertCondition("n >= 1", ["n": 1], true)
    assertCondition(#""a" >= "b""#, [:], false)
  }

  func testIn() {
    assertCondition(#""id" in names"#, ["names": ["id", "name"]], true)
    assertCondition(#""x" in names"#, ["names": ["id"]], false)
    assertCondition(#""ir" in "Bird""#, [:], true)
    assertCondition(#""table" in annotations"#, ["annotations": ["table": "birds"]], true)
  }

  func testNot() {
    assertCondition("not flag", ["flag": false], true)
    assertCondition("not not flag", ["flag": false], false)
  }

  func testAnd() {
    assertCondition("a and b", ["a": true, "b": true], true)
    assertCondition("a and b", ["a": true, "b": false], false)
    // Short-circuits: the undefined right side is never looked up.
    assertCondition("a and missing", ["a": false], false)
  }

  func testOr() {
    assertCondition("a or b", ["a": false, "b": true], true)
    assertCondition("a or b", ["a": false, "b": false], false)
    assertCondition("a or missing", ["a": true], true)
  }

  func testPrecedenceNotThenAndThenOr() {
    // `not a and b or c` is `((not a) and b) or c`.
    assertCondition("not a and b or c", ["a": true, "b": true, "c": false], false)
    assertCondition("a or b and c", ["a": true, "b": false, "c": false], true)
    assertCondition("not n == 1", ["n": 2], true)
  }

  func testParenthesesGroup() {
    assertCondition("(a or b) and c", ["a": true, "b": false, "c": false], false)
  }

  func testFiltersBindTighterThanComparisons() {
    assertCondition(#"name|lowercase == "bird""#, ["name": "Bird"], true)
  }
}
