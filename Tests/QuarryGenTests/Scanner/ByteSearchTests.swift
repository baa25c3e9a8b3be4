import XCTest

@testable import QuarryGen

final class ByteSearchTests: XCTestCase {
  private func contains(_ word: String, _ text: String, foldingCase: Bool = false) -> Bool {
    ByteSearch.contains(word, in: Array(text.utf8), foldingCase: foldingCase)
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

  func testJumpsOverEarlierOccurrencesOfTheLastByte() {
    // `:` before the word could fit, several `:` that end no match, the word at the very end.
    XCTAssertTrue(contains("sourcery:", ":a: b: sourcer: ourcery: sourcery:"))
    XCTAssertTrue(contains("sourcery:", "::::::::::::sourcery:"))
    XCTAssertFalse(contains("sourcery:", ":a: b: sourcer: ourcery: sourcery"))
    XCTAssertFalse(contains("sourcery:", "ourcery:"))
    // The anchor (`y`) near either end of the text.
    XCTAssertFalse(contains("sourcery:", "y:sourcer"))
    XCTAssertFalse(contains("sourcery:", "sourcery"))
    XCTAssertTrue(contains("sourcery:", "ysourcery:y"))
  }

  func testThePatternAnchorsOnTheRarestByteThatMatchesOnlyItself() {
    XCTAssertEqual(ByteSearch.Pattern("sourcery:").anchor, 7)
    XCTAssertEqual(ByteSearch.Pattern("quarry:", foldingCase: true).anchor, 6)
    XCTAssertNil(ByteSearch.Pattern("quarry", foldingCase: true).anchor)
  }

  func testFoldingCaseFoldsOnlyLetters() {
    // 0x1A is `:` with bit 5 cleared: not a colon in either case.
    XCTAssertFalse(contains("quarry:", "// quarry\u{1A} persist", foldingCase: true))
    XCTAssertFalse(contains("quarry:", "// QUARRY\u{1A} persist", foldingCase: true))
    // A word ending in a letter is compared byte by byte.
    XCTAssertTrue(contains("quarry", "x QuArRy", foldingCase: true))
    XCTAssertFalse(contains("quarry", "x QuArR", foldingCase: true))
  }
}
