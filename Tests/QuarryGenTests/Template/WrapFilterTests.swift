import XCTest

@testable import QuarryGen

/// `wrapHeader` and `wrapMember` print the layouts `swift format` prints for a type header
/// and a `label: Type.member` argument that pass the line width, and leave the rest alone.
final class WrapFilterTests: XCTestCase {
  func testWrapHeaderMovesTheConformancesAndTheBrace() {
    assertRenders(
      "{% filter wrapHeader:20 %}\nextension LongName: Proto {\n{% endfilter %}",
      "extension LongName:\n  Proto\n{\n")
    assertRenders(
      "{% filter wrapHeader:22 %}\n  enum LongOwnedTables {\n{% endfilter %}",
      "  enum LongOwnedTables\n  {\n")
  }

  func testWrapHeaderMovesTheNameWhenTheHeadDoesNotFit() {
    assertRenders(
      "{% filter wrapHeader:20 %}\nstruct AVeryLongTypeName: Translator {\n{% endfilter %}",
      "struct\n  AVeryLongTypeName:\n    Translator\n{\n")
  }

  func testWrapHeaderLeavesShortHeadersAndOtherLines() {
    assertRenders(
      "{% filter wrapHeader:20 %}\nstruct A: B {\nlet aLongLineThatIsNoHeader = 1\n{% endfilter %}",
      "struct A: B {\nlet aLongLineThatIsNoHeader = 1\n")
  }

  func testWrapMemberBreaksBeforeTheMember() {
    assertRenders(
      "{% filter wrapMember:24 %}\n      of: OwnedTables.steps,\n{% endfilter %}",
      "      of: OwnedTables\n        .steps,\n")
    assertRenders(
      "{% filter wrapMember:20 %}\n      of: LongOwnedTables.steps\n{% endfilter %}",
      "      of:\n        LongOwnedTables\n        .steps\n")
  }

  func testWrapMemberLeavesCallsAndShortLines() {
    assertRenders(
      "{% filter wrapMember:20 %}\n    try Type.member(a, b)\n  of: A.b\n{% endfilter %}",
      "    try Type.member(a, b)\n  of: A.b\n")
  }
}
