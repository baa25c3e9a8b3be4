import XCTest

@testable import QuarryGen

/// Token-level tests: literal kind and text of every token.
final class SwiftScannerTests: XCTestCase {
  private func tokens(_ source: String) -> [String] {
    tokensAndDiagnostics(source).tokens
  }

  private func tokensAndDiagnostics(_ source: String) -> (tokens: [String], diagnostics: [String]) {
    var scanner = SwiftScanner(bytes: Array(source.utf8), path: "t.swift")
    var result: [String] = []
    while true {
      let token = scanner.next()
      if token.kind == .endOfFile { break }
      let text = String(decoding: scanner.bytes[token.start..<token.end], as: UTF8.self)
      let kind: String
      switch token.kind {
      case .identifier: kind = token.keyword == .none ? "id" : "kw"
      case .number: kind = "num"
      case .string: kind = "str"
      case .regex: kind = "re"
      case .punctuation: kind = "p"
      case .arrow: kind = "arrow"
      case .pound: kind = "pound"
      case .endOfFile: kind = "eof"
      }
      result.append("\(kind) \(text)" + (token.hasLeadingNewline && !result.isEmpty ? " ⏎" : ""))
    }
    return (result, scanner.diagnostics.map { "\($0.location.offset): \($0.message)" })
  }

  func testIdentifiersKeywordsAndPunctuation() {
    XCTAssertEqual(
      tokens("public struct A<T>: B { var x: [K: V]? }"),
      [
        "kw public", "kw struct", "id A", "p <", "id T", "p >", "p :", "id B", "p {", "kw var",
        "id x", "p :", "p [", "id K", "p :", "id V", "p ]", "p ?", "p }",
      ])
  }

  func testKeywordAfterDotIsAName() {
    XCTAssertEqual(tokens("x.default.init"), ["id x", "p .", "id default", "p .", "id init"])
  }

  func testEveryKeywordIsRecognised() {
    let spellings =
      "struct enum class actor extension protocol var let func init deinit subscript case "
      + "typealias associatedtype import operator precedencegroup macro static lazy public "
      + "private fileprivate internal package open final override mutating nonmutating "
      + "nonisolated weak unowned dynamic indirect required convenience optional distributed "
      + "prefix postfix infix consuming borrowing where willSet didSet set true false nil self "
      + "Self super as is in try await throws rethrows async return"
    for spelling in spellings.split(separator: " ") {
      XCTAssertEqual(tokens(String(spelling)), ["kw \(spelling)"])
      XCTAssertEqual(tokens(String(spelling) + "x"), ["id \(spelling)x"])
    }
    XCTAssertEqual(tokens("Struct structs sel"), ["id Struct", "id structs", "id sel"])
  }

  func testBacktickedUnicodeAndDollarNames() {
    XCTAssertEqual(
      tokens("`default` café 名前 $0 _x 🐦"),
      ["id `default`", "id café", "id 名前", "id $0", "id _x", "id 🐦"])
  }

  func testNumbers() {
    XCTAssertEqual(
      tokens("1 1_000 0xFF 1.5 1e-3 0x1p+4 1..<2 x.0"),
      [
        "num 1", "num 1_000", "num 0xFF", "num 1.5", "num 1e-3", "num 0x1p+4", "num 1", "p .",
        "p .", "p <", "num 2", "id x", "p .", "num 0",
      ])
  }

  func testCommentsAreTriviaAndNewlinesAreNoted() {
    XCTAssertEqual(
      tokens("a // b {\n/* c /* d */ } */ e /** f\n */ g"), ["id a", "id e ⏎", "id g ⏎"])
  }

  func testStrings() {
    XCTAssertEqual(
      tokens(#""a\"b" "\\" "x\("y\(")")")z" "{}""#),
      [#"str "a\"b""#, #"str "\\""#, #"str "x\("y\(")")")z""#, #"str "{}""#])
  }

  func testRawAndMultilineStrings() {
    XCTAssertEqual(
      tokens(###"#"a"b\"# ##"c"#d"## #"\#(x + ")")"#"###),
      [###"str #"a"b\"#"###, ###"str ##"c"#d"##"###, ###"str #"\#(x + ")")"#"###])
    XCTAssertEqual(
      tokens("\"\"\"\n  a \"\" \\\"\"\" b\n  \"\"\" c"),
      ["str \"\"\"\n  a \"\" \\\"\"\" b\n  \"\"\"", "id c"])
  }

  func testInterpolationsSpanLinesOnlyInMultilineStrings() {
    let multiline = "\"\"\"\n  \\(a +\n    b)\n  \"\"\" x"
    XCTAssertEqual(tokensAndDiagnostics(multiline).tokens.count, 2)
    XCTAssertEqual(tokensAndDiagnostics(multiline).diagnostics, [])
    XCTAssertEqual(
      tokensAndDiagnostics("\"\\(a +\n b)\"").diagnostics,
      ["0: unterminated string literal", "10: unterminated string literal"])
  }

  func testRegexLiteralsVersusDivision() {
    XCTAssertEqual(
      tokens("let r = /a[/]b\\//; x = a / b / c; y = f(x) /2/ 1"),
      [
        "kw let", "id r", "p =", "re /a[/]b\\//", "p ;", "id x", "p =", "id a", "p /", "id b",
        "p /", "id c", "p ;", "id y", "p =", "id f", "p (", "id x", "p )", "p /", "num 2", "p /",
        "num 1",
      ])
    XCTAssertEqual(tokens("#/a\n/b/#"), ["re #/a\n/b/#"])
    XCTAssertEqual(tokens("x = / a/"), ["id x", "p =", "p /", "id a", "p /"])
    XCTAssertEqual(tokens("(a /)"), ["p (", "id a", "p /", "p )"])
    XCTAssertEqual(tokens("f(/a /)"), ["id f", "p (", "p /", "id a", "p /", "p )"])
    XCTAssertEqual(
      tokens("func /(a: A) -> A { a / b }"),
      [
        "kw func", "p /", "p (", "id a", "p :", "id A", "p )", "arrow ->", "id A", "p {", "id a",
        "p /", "id b", "p }",
      ])
  }

  func testPoundKeywordsAndArrows() {
    XCTAssertEqual(
      tokens("#if DEBUG\n#selector(f) -> # x"),
      [
        "pound #if", "id DEBUG", "pound #selector ⏎", "p (", "id f", "p )", "arrow ->", "p #",
        "id x",
      ])
  }

  func testByteOrderMarkIsSkipped() {
    var scanner = SwiftScanner(bytes: [0xEF, 0xBB, 0xBF] + Array("a".utf8), path: "t.swift")
    let token = scanner.next()
    XCTAssertEqual(token.start, 3)
    XCTAssertTrue(token.hasLeadingNewline)
  }

  func testUnterminatedLiteralsAndComments() {
    XCTAssertEqual(
      tokensAndDiagnostics("a \"open\nb").diagnostics, ["2: unterminated string literal"])
    XCTAssertEqual(tokensAndDiagnostics("a \"open\nb").tokens, ["id a", "str \"open", "id b ⏎"])
    XCTAssertEqual(
      tokensAndDiagnostics("\"\"\"\nx").diagnostics, ["0: unterminated multi-line string literal"])
    XCTAssertEqual(
      tokensAndDiagnostics("/* /* */").diagnostics, ["0: unterminated '/*' comment"])
    XCTAssertEqual(tokensAndDiagnostics("#/ab").diagnostics, ["0: unterminated regex literal"])
    XCTAssertEqual(
      tokensAndDiagnostics("\"\\(\"x\"\n").diagnostics, ["0: unterminated string literal"])
  }
}
