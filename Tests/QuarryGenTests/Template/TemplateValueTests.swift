import QuarryGen
import XCTest

final class TemplateValueTests: XCTestCase {
  func testSubscriptReadsDictionaries() {
    let value: TemplateValue = ["type": ["name": "Bird"]]
    XCTAssertEqual(value["type"]?["name"], "Bird")
    XCTAssertNil(value["missing"])
    XCTAssertNil(TemplateValue.string("x")["name"])
  }

  func testRenderedText() {
    XCTAssertEqual(TemplateValue.number(42).renderedText, "42")
    XCTAssertEqual(TemplateValue.number(-0.25).renderedText, "-0.25")
    XCTAssertEqual(TemplateValue.null.renderedText, "")
    let nested: TemplateValue = ["a": ["b", nil, true]]
    XCTAssertEqual(nested.renderedText, #"["a": ["b", nil, true]]"#)
  }

  func testTruthiness() {
    XCTAssertFalse(TemplateValue.number(0).isTruthy)
    XCTAssertTrue(TemplateValue.string(" ").isTruthy)
    XCTAssertFalse(TemplateValue.null.isTruthy)
  }
}
