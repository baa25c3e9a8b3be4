import QuarryGen
import XCTest

/// `{{ expression }}`: lookups and how each kind of value prints.
final class VariableTagTests: XCTestCase {
  func testPrintsDottedPath() {
    assertRenders("{{ type.name }}", ["type": ["name": "Bird"]], "Bird")
  }

  func testArrayIndexCountFirstAndLast() {
    assertRenders(
      "{{ xs.1 }} {{ xs.count }} {{ xs.first }} {{ xs.last }} {{ s.count }}",
      ["xs": ["a", "b", "c"], "s": "four"], "b 3 a c 4")
  }

  func testPrintsEachKindOfValue() {
    assertRenders(
      "{{ 3 }} {{ 1.5 }} {{ -2 }} {{ true }} [{{ nothing }}] {{ xs }} {{ d }} {{ e }}",
      ["nothing": nil, "xs": ["a", 1, nil], "d": ["k": "v", "a": false], "e": [:]],
      #"3 1.5 -2 true [] ["a", 1, nil] ["a": false, "k": "v"] [:]"#)
  }

  func testStringLiteralsWithEitherQuoteAndEscapes() {
    assertRenders(#"{{ "a\"b" }} {{ 'c' }} {{ "}}" }}"#, #"a"b c }}"#)
  }

  func testMissingKeyOfAnOpenDictionaryIsNull() {
    assertRenders(
      """
      [{{ type.annotations.skip }}][{{ argument.prefix }}][{{ type.based.Codable }}]\
      [{{ type.implements.Codable }}][{{ variable.attributes.objc }}]
      """,
      [
        "type": ["annotations": [:], "based": [:], "implements": [:]],
        "variable": ["attributes": [:]], "argument": [:],
      ],
      "[][][][][]")
  }

  func testTagWithoutSpaces() {
    assertRenders("{{name}}", ["name": "Bird"], "Bird")
  }
}
