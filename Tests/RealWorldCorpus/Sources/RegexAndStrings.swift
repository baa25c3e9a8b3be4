// Literals that hide braces, slashes, quotes and keywords from the scanner.
import RegexBuilder

struct Patterns {
  let digits = /\d+/
  let word = /[a-z{}]+/
  let extended = #/
    (?<year> \d{4}) - (?<month> \d{2})   # a } in a comment
  /#
  let raw = #"a "quoted" {brace} \(not interpolated)"#
  let rawInterpolated = #"value: \#(1 + 2) }"#
  let deeper = ##"contains "# and }"##
  let multi = """
    struct NotAType {
      var notAProperty: Int
    }
    \(Patterns.helper { "}" })
    """
  let slashes = "http://example.com/{id}"
  var ratio: Double = 10 / 2 / 5
  let built = Regex {
    OneOrMore(.digit)
    "/"
    Capture { OneOrMore(.word) }
  }
  let character: Character = "}"
  let unicode = "\u{1F600} {"
  let empty = ""

  static func helper(_ make: () -> String) -> String { make() }
}

struct Division {
  var a = 1, b = 2
  var quotient: Int { a / b }
  let half = 4 / 2, quarter = 8 / 4
}
