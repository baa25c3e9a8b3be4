import QuarryGen
import XCTest

/// One test per filter: a snippet and its exact output.
final class StringCaseFilterTests: XCTestCase {
  func testUpperFirstLetter() {
    assertRenders(
      "{{ s|upperFirstLetter }}|{{ e|upperFirstLetter }}", ["s": "birdName", "e": ""],
      "BirdName|")
  }

  func testLowerFirstLetter() {
    assertRenders("{{ s|lowerFirstLetter }}", ["s": "BirdName"], "birdName")
  }

  func testUppercase() {
    assertRenders("{{ s|uppercase }}", ["s": "Bird é"], "BIRD É")
  }

  func testLowercase() {
    assertRenders("{{ s|lowercase }}", ["s": "BIRD"], "bird")
  }

  func testCapitalize() {
    assertRenders("{{ s|capitalize }}", ["s": "hello wORLD"], "Hello World")
  }

  func testSnakeCase() {
    assertRenders(
      "{{ a|snakeCase }} {{ b|snakeCase }} {{ c|snakeCase }} {{ d|snakeCase }} {{ e|snakeCase }}",
      ["a": "nestID", "b": "URLString", "c": "birdName", "d": "Bird", "e": "wing span2Max"],
      "nest_id url_string bird_name bird wing_span2_max")
  }

  func testCamelCase() {
    assertRenders(
      "{{ a|camelCase }} {{ b|camelCase }} {{ c|camelCase }} {{ d|camelCase }}",
      ["a": "nest_id", "b": "bird name", "c": "BIRD_NAME", "d": "BirdName"],
      "nestId birdName birdName birdName")
  }

  func testStringFiltersUseNumbersAndBooleansAsPrinted() {
    assertRenders("{{ n|uppercase }} {{ b|uppercase }}", ["n": 42, "b": true], "42 TRUE")
  }
}

final class CollectionFilterTests: XCTestCase {
  func testJoin() {
    assertRenders(
      #"{{ xs|join:", " }}|{{ xs|join }}|{{ e|join:"," }}"#, ["xs": ["id", "name", 3], "e": []],
      "id, name, 3|idname3|")
  }

  func testCount() {
    assertRenders(
      "{{ xs|count }} {{ d|count }} {{ s|count }}", ["xs": [1, 2], "d": ["a": 1], "s": "abc"],
      "2 1 3")
  }

  func testFirst() {
    assertRenders(
      "{{ xs|first }}[{{ e|first }}]{{ s|first }}", ["xs": ["a", "b"], "e": [], "s": "xy"],
      "a[]x")
  }

  func testLast() {
    assertRenders(
      "{{ xs|last }}[{{ e|last }}]{{ s|last }}", ["xs": ["a", "b"], "e": [], "s": "xy"],
      "b[]y")
  }

  func testDefault() {
    assertRenders(
      #"{{ missing|default:"x" }} {{ n|default:"y" }} {{ s|default:"z" }} {{ d.k|default:1 }}"#,
      ["n": nil, "s": "set", "d": [:]], "x y set 1")
  }

  func testDefaultAfterOtherFiltersSeesNullThroughThem() {
    assertRenders(#"{{ missing|lowercase|default:"none" }}"#, "none")
  }
}

final class TextFilterTests: XCTestCase {
  func testReplace() {
    assertRenders(#"{{ s|replace:"-","_" }} {{ s|replace:"","x" }}"#, ["s": "a-b-c"], "a_b_c a-b-c")
  }

  func testContains() {
    assertRenders(
      #"{{ s|contains:"ir" }} {{ xs|contains:"b" }} {{ d|contains:"k" }} {{ s|contains:"z" }}"#,
      ["s": "Bird", "xs": ["a", "b"], "d": ["k": 1]], "true true true false")
  }

  func testHasPrefix() {
    assertRenders(#"{{ s|hasPrefix:"[" }} {{ s|hasPrefix:"S" }}"#, ["s": "[String]"], "true false")
  }

  func testHasSuffix() {
    assertRenders(#"{{ s|hasSuffix:"?" }} {{ s|hasSuffix:"!" }}"#, ["s": "Double?"], "true false")
  }

  func testIndent() {
    assertRenders(
      #"{{ s|indent }}|{{ s|indent:2 }}|{{ s|indent:1,"\t" }}|{{ s|indent:2," ",true }}"#,
      ["s": "a\n\nb"],
      "a\n\n    b|a\n\n  b|a\n\n\tb|  a\n\n  b")
  }
}

final class EscapeFilterTests: XCTestCase {
  func testEscapeSwiftString() {
    assertRenders(
      "\"{{ s|escapeSwiftString }}\"", ["s": "say \"hi\" \\(x)\n\t\r\u{1}"],
      #""say \"hi\" \\(x)\n\t\r\u{1}""#)
  }

  func testEscapeSQLIdentifier() {
    assertRenders(#""{{ s|escapeSQLIdentifier }}""#, ["s": #"odd"name"#], #""odd""name""#)
  }
}
