/// Every message the template engine reports, worded in one place.
///
/// Messages follow the compiler's style: lowercase start, no final period, names in single
/// quotes, and "did you mean 'x'?" when a close name exists.
enum TemplateMessage: Sendable, Equatable {
  // Lexing and parsing.
  case unclosedTag(opening: String, closing: String)
  case unterminatedString
  case unexpectedCharacter(String)
  case unexpectedToken(String)
  case expectedExpression
  case expectedFilterName
  case expectedClosingParenthesis
  case expectedClosingBracket
  case expectedTagName
  case invalidNumber(String)
  case invalidVariablePath(String)
  case unknownFilter(String, suggestion: String?)
  case wrongArgumentCount(filter: String, expected: ClosedRange<Int>, got: Int)
  case unknownTag(String, suggestion: String?)
  case unmatchedTag(String, opening: String)
  case mismatchedTag(String, open: String, expected: String)
  case tagAfterElse(String)
  case missingEndTag(String, end: String)
  case malformedTag(String, syntax: String)
  case templateNotFound(String, suggestion: String?)
  case includeCycle(String)
  case loopControlOutsideLoop(String)
  case extendsInsideBlock
  // Rendering.
  case undefinedVariable(String, suggestion: String?)
  case noMember(path: String, kind: String, member: String)
  case indexOutOfRange(path: String, index: Int, count: Int)
  case notIterable(kind: String)
  case pairNeedsDictionary(kind: String)
  case filterInput(filter: String, kind: String)
  case filterArgument(filter: String, position: Int, expected: String, kind: String)
  case cannotCompare(operator: String, lhs: String, rhs: String)
  case invalidMembershipTest(kind: String)
  case invalidRange(lower: String, upper: String)
  case undefinedMacro(String, suggestion: String?)
  case macroArgumentCount(String, expected: Int, got: Int)
  case mapNeedsArray(kind: String)
  case nowFormat(kind: String)
  case includeContext(kind: String)
  case invalidSubscript(kind: String, key: String)
  // Notes.
  case renderingElement(String)

  var text: String {
    switch self {
    case .unclosedTag(let opening, let closing):
      "'\(opening)' has no closing '\(closing)'"
    case .unterminatedString:
      "unterminated string literal"
    case .unexpectedCharacter(let character):
      "unexpected character '\(character)' in tag"
    case .unexpectedToken(let token):
      "unexpected '\(token)' after the expression"
    case .expectedExpression:
      "expected an expression"
    case .expectedFilterName:
      "expected a filter name after '|'"
    case .expectedClosingParenthesis:
      "expected ')'"
    case .expectedClosingBracket:
      "expected ']'"
    case .expectedTagName:
      "expected a tag name"
    case .invalidNumber(let text):
      "invalid number '\(text)'"
    case .invalidVariablePath(let text):
      "invalid variable path '\(text)'"
    case .unknownFilter(let name, let suggestion):
      "unknown filter '\(name)'" + Self.suggesting(suggestion)
    case .wrongArgumentCount(let filter, let expected, let got):
      "filter '\(filter)' takes \(Self.describe(expected)), got \(got)"
    case .unknownTag(let name, let suggestion):
      "unknown tag '\(name)'" + Self.suggesting(suggestion)
    case .unmatchedTag(let tag, let opening):
      "'\(tag)' has no matching '\(opening)'"
    case .mismatchedTag(let tag, let open, let expected):
      "'\(tag)' does not close '\(open)'; expected '\(expected)'"
    case .tagAfterElse(let tag):
      "'\(tag)' cannot follow 'else'; expected 'endif'"
    case .missingEndTag(let tag, let end):
      "'\(tag)' has no matching '\(end)'"
    case .malformedTag(let tag, let syntax):
      "malformed '\(tag)' tag; expected '{% \(syntax) %}'"
    case .templateNotFound(let name, let suggestion):
      "no template named '\(name)'" + Self.suggesting(suggestion)
    case .includeCycle(let name):
      "template '\(name)' includes itself"
    case .loopControlOutsideLoop(let tag):
      "'\(tag)' must be inside a 'for' loop"
    case .extendsInsideBlock:
      "'extends' must be outside every block"
    case .undefinedMacro(let name, let suggestion):
      "undefined macro '\(name)'" + Self.suggesting(suggestion)
    case .macroArgumentCount(let name, let expected, let got):
      "macro '\(name)' takes \(expected == 1 ? "1 argument" : "\(expected) arguments"), got \(got)"
    case .mapNeedsArray(let kind):
      "'map' needs an array, got \(kind)"
    case .nowFormat(let kind):
      "'now' needs a format string, got \(kind)"
    case .includeContext(let kind):
      "'include' needs a dictionary as its context, got \(kind)"
    case .undefinedVariable(let path, let suggestion):
      "undefined variable '\(path)'" + Self.suggesting(suggestion)
    case .noMember(let path, let kind, let member):
      "'\(path)' is \(kind) and has no member '\(member)'"
    case .indexOutOfRange(let path, let index, let count):
      "index \(index) is out of range for '\(path)', which has \(count) elements"
    case .notIterable(let kind):
      "'for' needs an array or a dictionary, got \(kind)"
    case .pairNeedsDictionary(let kind):
      "'for key, value' needs a dictionary, got \(kind)"
    case .filterInput(let filter, let kind):
      "filter '\(filter)' cannot be applied to \(kind)"
    case .filterArgument(let filter, let position, let expected, let kind):
      "argument \(position) of filter '\(filter)' must be \(expected), got \(kind)"
    case .cannotCompare(let op, let lhs, let rhs):
      "cannot compare \(lhs) and \(rhs) with '\(op)'"
    case .invalidMembershipTest(let kind):
      "'in' needs an array, a dictionary or a string on its right, got \(kind)"
    case .invalidRange(let lower, let upper):
      "a range needs whole numbers on both sides of '...', got \(lower) and \(upper)"
    case .invalidSubscript(let kind, let key):
      "cannot subscript \(kind) with \(key)"
    case .renderingElement(let name):
      "while rendering '\(name)'"
    }
  }

  private static func suggesting(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func describe(_ range: ClosedRange<Int>) -> String {
    func arguments(_ count: Int) -> String { count == 1 ? "1 argument" : "\(count) arguments" }
    if range.upperBound == 0 { return "no arguments" }
    if range.lowerBound == range.upperBound { return arguments(range.lowerBound) }
    if range.lowerBound == 0 { return "at most \(arguments(range.upperBound))" }
    return "\(range.lowerBound) to \(range.upperBound) arguments"
  }
}
