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

  func testWrapHeaderLeavesSignatures() {
    assertRenders(
      "{% filter wrapHeader:20 %}\n  func f(from stored: Type) {\n{% endfilter %}",
      "  func f(from stored: Type) {\n")
  }

  func testWrapDeclarationMovesTheBraceThenTheParameters() {
    assertRenders(
      "{% filter wrapDeclaration:27 %}\n  func f(from stored: Type) {\n{% endfilter %}",
      "  func f(from stored: Type)\n  {\n")
    assertRenders(
      "{% filter wrapDeclaration:21 %}\n  init(record r: Type) {\n{% endfilter %}",
      "  init(\n    record r: Type\n  ) {\n")
    assertRenders(
      "{% filter wrapDeclaration:14 %}\n  init(record r: Type) {\n{% endfilter %}",
      "  init(\n    record r:\n      Type\n  ) {\n")
  }

  func testWrapDeclarationMovesAPropertysType() {
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n  private var saved: [Child]\n{% endfilter %}",
      "  private var saved:\n    [Child]\n")
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n  var saved: [Child] = []\n  let x = f(a: b, c: d)\n{% endfilter %}",
      "  var saved: [Child] = []\n  let x = f(a: b, c: d)\n")
  }

  func testHangParenthesisMovesTheClosingParenthesisOfALongLastArgument() {
    assertRenders(
      "{% filter hangParenthesis:14 %}\n    f(\n      a, bcdef)\n{% endfilter %}",
      "    f(\n      a, bcdef\n    )\n")
    // A string literal hangs its `)` even when it is too long by itself.
    assertRenders(
      "{% filter hangParenthesis:10 %}\n      \"long text\")\n{% endfilter %}",
      "      \"long text\"\n    )\n")
  }

  func testHangParenthesisLeavesBalancedAndShortLines() {
    assertRenders(
      "{% filter hangParenthesis:10 %}\n    call(abcdef)\n    a, b)\n{% endfilter %}",
      "    call(abcdef)\n    a, b)\n")
  }

  func testWrapCalleeBreaksBeforeTheMemberOrAfterTheEquals() {
    assertRenders(
      "{% filter wrapCallee:16 %}\n    try Owner.insert(\n      a, in: db)\n{% endfilter %}",
      "    try Owner\n      .insert(\n        a, in: db)\n")
    assertRenders(
      "{% filter wrapCallee:16 %}\n    let c = Child.changed(\n      a)\n{% endfilter %}",
      "    let c =\n      Child.changed(\n        a)\n")
  }

  func testWrapCalleeLeavesACallThatFits() {
    assertRenders(
      "{% filter wrapCallee:40 %}\n    try Owner.insert(\n      a, in: db)\n{% endfilter %}",
      "    try Owner.insert(\n      a, in: db)\n")
  }

  func testWrapDeclarationBreaksASignatureWithoutBraceAndAGenericParameter() {
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n  static func value(from r: R)\n{% endfilter %}",
      "  static func value(\n    from r: R\n  )\n")
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n    _ children: Slice<Child>,\n{% endfilter %}",
      "    _ children: Slice<\n      Child\n    >,\n")
  }

  func testWrapMemberBreaksAFunctionReferenceAfterItsParenthesis() {
    assertRenders(
      "{% filter wrapMember:30 %}\n      bindKey: Owner.bind(primaryKey:to:at:)\n{% endfilter %}",
      "      bindKey: Owner.bind(\n        primaryKey:to:at:)\n")
  }

  func testWrapDeclarationMovesALongParametersType() {
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n    status: LongStatusKind,\n    of: Owner.member,\n{% endfilter %}",
      "    status:\n      LongStatusKind,\n    of: Owner.member,\n")
  }

  func testWrapDeclarationMovesAnInoutParametersTypeAndALongSignatureParameter() {
    assertRenders(
      "{% filter wrapDeclaration:20 %}\n    _ values: inout [Row],\n{% endfilter %}",
      "    _ values:\n      inout [Row],\n")
    assertRenders(
      "{% filter wrapDeclaration:16 %}\n  func f(from r: LongType)\n{% endfilter %}",
      "  func f(\n    from r:\n      LongType\n  )\n")
  }
}
