import QuarryGen
import XCTest

/// One test per StencilSwiftKit, Stencil and Sourcery value filter; the inputs and outputs are
/// the rows of their documentation's tables.
final class SwiftCodeFilterTests: XCTestCase {
  /// Renders `{{ value|filter }}` for each input, joined by `|`.
  private func assertFilter(
    _ filter: String, _ rows: [(String, String)], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let template = rows.indices.map { "{{ v\($0)|\(filter) }}" }.joined(separator: "|")
    var context: [String: TemplateValue] = [:]
    for (index, row) in rows.enumerated() { context["v\(index)"] = .string(row.0) }
    assertRenders(
      template, context, rows.map(\.1).joined(separator: "|"), file: file, line: line)
  }

  func testSnakeToCamelCase() {
    let rows = [
      ("snake_case", "SnakeCase"), ("snAke_case", "SnAkeCase"), ("SNAKE_CASE", "SnakeCase"),
    ]
    assertFilter("snakeToCamelCase", rows + [("__snake_case", "__SnakeCase")])
    assertFilter("snakeToCamelCase:false", rows + [("__snake_case", "__SnakeCase")])
    assertFilter("snakeToCamelCase:true", rows + [("__snake_case", "SnakeCase")])
  }

  func testCamelToSnakeCase() {
    assertFilter(
      "camelToSnakeCase",
      [
        ("SomeCapString", "some_cap_string"), ("someCapString", "some_cap_string"),
        ("String_With_WoRds", "string_with_wo_rds"), ("URLChooser", "url_chooser"),
        ("PLEASE_STOP_SCREAMING", "please_stop_screaming"),
      ])
    assertFilter(
      "camelToSnakeCase:false",
      [
        ("SomeCapString", "Some_Cap_String"), ("someCapString", "some_Cap_String"),
        ("String_With_WoRds", "String_With_Wo_Rds"), ("string_wiTH_WOrds", "string_wi_TH_W_Ords"),
        ("URLChooser", "URL_Chooser"), ("PLEASE_STOP_SCREAMING", "PLEASE_STOP_SCREAMING"),
      ])
  }

  func testLowerFirstWord() {
    assertFilter(
      "lowerFirstWord",
      [("PeoplePicker", "peoplePicker"), ("URLChooser", "urlChooser"), ("URL", "url"), ("", "")])
  }

  func testTitlecase() {
    assertFilter("titlecase", [("hello", "Hello"), ("peopleChooser", "PeopleChooser")])
  }

  func testSwiftIdentifier() {
    let normal = [
      ("hello", "Hello"), ("42hello", "_42hello"), ("some$URL", "Some_URL"),
      ("25 Ultra Light", "_25_Ultra_Light"), ("26_extra_ultra_light", "_26_extra_ultra_light"),
      ("apples.count", "Apples_Count"), ("foo_bar.baz.qux-yay", "Foo_bar_Baz_Qux_Yay"),
    ]
    assertFilter("swiftIdentifier", normal)
    assertFilter("swiftIdentifier:\"normal\"", normal)
    assertFilter(
      "swiftIdentifier:\"pretty\"",
      [
        ("hello", "Hello"), ("42hello", "_42hello"), ("some$URL", "SomeURL"),
        ("25 Ultra Light", "_25UltraLight"), ("26_extra_ultra_light", "_26ExtraUltraLight"),
        ("apples.count", "ApplesCount"), ("foo_bar.baz.qux-yay", "FooBarBazQuxYay"),
      ])
  }

  func testSwiftIdentifierWithAnUnknownModeIsAnError() {
    assertDiagnostics(
      "{{ 'a'|swiftIdentifier:\"fancy\" }}",
      """
      Templates/Main.stencil:1:8: error: argument 1 of filter 'swiftIdentifier' must be "normal" or "pretty", got a string
      {{ 'a'|swiftIdentifier:"fancy" }}
             ^

      """)
  }

  func testEscapeReservedKeywords() {
    assertFilter(
      "escapeReservedKeywords",
      [("hello", "hello"), ("self", "`self`"), ("Any", "`Any`"), ("class", "`class`")])
  }

  func testBasenameDirnameAndDeletingLastComponent() {
    let paths = ["test.jpg", "some/folder/test.jpg", "file.txt.png"]
    assertFilter("basename", zip(paths, ["test.jpg", "test.jpg", "file.txt.png"]).map { $0 })
    assertFilter("dirname", zip(paths, ["", "some/folder", ""]).map { $0 })
    assertFilter(
      "deletingLastComponent", [("some/folder/test.jpg", "some/folder"), ("/a", "/"), ("a", "")])
  }

  func testRemoveNewlines() {
    let inputs = ["  \ntest", "test \n\t ", "test\n  test", "test, \ntest, \ntest", " test test "]
    assertFilter(
      "removeNewlines",
      zip(inputs, ["test", "test", "testtest", "test,test,test", "testtest"]).map { $0 })
    assertFilter(
      "removeNewlines:\"all\"",
      zip(inputs, ["test", "test", "testtest", "test,test,test", "testtest"]).map { $0 })
    assertFilter(
      "removeNewlines:\"leading\"",
      zip(inputs, ["test", "test", "testtest", "test, test, test", "test test"]).map { $0 })
  }

  func testHexToInt() {
    assertFilter(
      "hexToInt", [("FC", "252"), ("fcFf", "64767"), ("01020304", "16909060"), ("0x1234", "")])
  }

  func testInt255toFloatAndPercent() {
    assertRenders(
      "{{ a|int255toFloat }} {{ b|int255toFloat }} {{ c|percent }} {{ d|percent }} {{ e|percent }}",
      ["a": 240, "b": 128, "c": 0.23, "d": 0.779, "e": 1.234],
      "\(Float(240) / 255) \(Float(128) / 255) 23% 77% 123%")
  }

  func testStringCaseFiltersMapArrays() {
    assertRenders(
      "{{ xs|uppercase|join:\",\" }} {{ xs|lowercase|join:\",\" }} {{ xs|capitalize|join:\",\" }}",
      ["xs": ["stencil", "Kit"]], "STENCIL,KIT stencil,kit Stencil,Kit")
  }

  // Stencil: `split` separates at the argument (default: one space).
  func testSplit() {
    assertRenders(
      "{{ a|split:\", \"|join:\"|\" }} {{ b|split|count }} {{ a|split:\", \"|first }}",
      ["a": "x, y, z", "b": "one two  three"], "x|y|z 4 x")
  }

  // Stencil: `filter` applies the filter a variable names.
  func testFilterFilter() {
    assertRenders(
      "{{ s|filter:name }} {{ s|filter:\"lowercase\" }}", ["s": "Bird", "name": "uppercase"],
      "BIRD bird")
    assertDiagnostics(
      "{{ 'a'|filter:\"replace\" }}",
      """
      Templates/Main.stencil:1:8: error: argument 1 of filter 'filter' must be the name of a filter without arguments, got a string
      {{ 'a'|filter:"replace" }}
             ^

      """)
  }

  // Sourcery's `sorted`/`sortedDescending` on strings (the issue's bug) and on objects.
  func testSortedOnStringsAndObjects() {
    assertRenders(
      "{{ xs|sorted:\"description\"|join:\",\" }} {{ xs|sortedDescending:\"description\"|join:\",\" }} "
        + "{% for v in vs|sorted:\"name\" %}{{ v.name }}{% endfor %}",
      ["xs": ["b", "C", "a"], "vs": [["name": "z"], ["name": "Y"], ["name": "x"]]],
      "a,b,C C,b,a xYz")
  }

  // Sourcery's `json`: JSONSerialization's text, `true` pretty-printing it.
  func testJSON() {
    assertRenders(
      "{{ d|json }}",
      ["d": ["b": [1, true, nil], "a": "x/\"y\"\n", "c": 1.5]],
      #"{"a":"x\/\"y\"\n","b":[1,true,null],"c":1.5}"#)
    assertRenders(
      "{{ d|json:true }}", ["d": ["a": [1, 2], "b": [:]]],
      "{\n  \"a\" : [\n    1,\n    2\n  ],\n  \"b\" : {}\n}")
  }

  func testUniquePushAndSortedValuesByKeys() {
    assertRenders(
      "{{ xs|unique|join:\",\" }} {{ xs|push:\"d\"|join:\",\" }} {{ d|sortedValuesByKeys|join:\",\" }}",
      ["xs": ["a", "b", "a", "c", "b"], "d": ["b": 2, "a": 1, "c": 3]],
      "a,b,c a,b,a,c,b,d 1,2,3")
  }
}
