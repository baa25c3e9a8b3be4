import QuarryGen
import XCTest

final class EditDistanceTests: XCTestCase {
  func testDistances() {
    XCTAssertEqual(EditDistance.between("", "abc"), 3)
    XCTAssertEqual(EditDistance.between("for", "for"), 0)
    XCTAssertEqual(EditDistance.between("fro", "for"), 1)
    XCTAssertEqual(EditDistance.between("kitten", "sitting"), 3)
    XCTAssertEqual(EditDistance.between("uppercas", "uppercase"), 1)
  }

  func testSuggestionPicksNearestWithinThreeEdits() {
    XCTAssertEqual(EditDistance.suggestion(for: "nmae", among: ["name", "type"]), "name")
    XCTAssertEqual(EditDistance.suggestion(for: "primaryKye", among: ["primaryKey"]), "primaryKey")
    XCTAssertNil(EditDistance.suggestion(for: "frobnicate", among: ["format", "for"]))
    // Never a suggestion that changes every character.
    XCTAssertNil(EditDistance.suggestion(for: "x", among: ["y"]))
  }

  func testTiesGoToTheNameThatSortsFirst() {
    XCTAssertEqual(EditDistance.suggestion(for: "ab", among: ["ac", "aa"]), "aa")
  }
}
