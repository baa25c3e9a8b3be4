import XCTest

@testable import QuarryGen

final class ByteSearchTests: XCTestCase {
  private func contains(_ word: String, _ text: String, foldingCase: Bool = false) -> Bool {
    ByteSearch.contains(Array(word.utf8), in: Array(text.utf8), foldingCase: foldingCase)
  }

  func testFindsTheWordAnywhereAndOnlyWhole() {
    XCTAssertTrue(contains("sourcery:", "// sourcery: skip"))
    XCTAssertTrue(contains("sourcery:", "sourcery:"))
    XCTAssertTrue(contains("sourcery:", "sourcesourcery:x"))
    XCTAssertFalse(contains("sourcery:", "// sourcery skip"))
    XCTAssertFalse(contains("sourcery:", "sourcery"))
    XCTAssertFalse(contains("sourcery:", ""))
  }

  func testFoldingCaseMatchesEitherCaseOfLettersOnly() {
    XCTAssertTrue(contains("quarry:", "// QUARRY: persist", foldingCase: true))
    XCTAssertTrue(contains("quarry:", "// Quarry: persist", foldingCase: true))
    XCTAssertFalse(contains("quarry:", "// Quarry: persist"))
    XCTAssertFalse(contains("quarry:", "// quarry persist", foldingCase: true))
  }
}
