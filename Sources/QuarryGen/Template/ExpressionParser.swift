/// Parses the tokens of one tag into an `Expression`, by recursive descent.
///
/// Precedence, loosest first: `or`, `and`, `not`, comparisons (`==` `!=` `<` `<=` `>` `>=`
/// `in`), filters (`|`). Parentheses group. The first error stops the parse: it is appended to
/// `diagnostics` and nil is returned.
struct ExpressionParser {
  let file: SourceFile
  let tokens: [ExpressionToken]
  /// Where the tag's contents end, for "expected an expression" at the end of a tag.
  let endOffset: Int
  private(set) var index = 0
  private(set) var diagnostics: [Diagnostic] = []

  init(file: SourceFile, tokens: [ExpressionToken], startIndex: Int = 0, endOffset: Int) {
    self.file = file
    self.tokens = tokens
    self.index = startIndex
    self.endOffset = endOffset
  }

  var isAtEnd: Bool { index >= tokens.count }
  var current: ExpressionToken? { index < tokens.count ? tokens[index] : nil }

  private var currentOffset: Int { current?.offset ?? endOffset }

  mutating func fail(_ message: TemplateMessage, at offset: Int? = nil) {
    diagnostics.append(
      .error(
        message.text, at: SourceLocation(path: file.path, offset: offset ?? currentOffset)))
  }

  /// Steps over the current token; returns true so it can end a loop condition.
  mutating func skip() -> Bool {
    index += 1
    return true
  }

  private mutating func advance(ifSymbol symbol: String) -> Bool {
    guard let token = current, token.kind == .symbol, token.text == symbol else { return false }
    index += 1
    return true
  }

  private mutating func advance(ifKeyword keyword: String) -> Bool {
    guard let token = current, token.kind == .name, token.text == keyword else { return false }
    index += 1
    return true
  }

  /// Parses a whole expression and requires the tag to end after it.
  mutating func parseCompleteExpression() -> Expression? {
    guard let expression = parseExpression() else { return nil }
    if let token = current {
      fail(.unexpectedToken(token.text), at: token.offset)
      return nil
    }
    return expression
  }

  /// Parses what `{{ }}` holds: an expression, optionally Stencil's inline condition
  /// (`value if condition`, `value if condition else other`), to the end of the tag.
  mutating func parseOutputExpression() -> Expression? {
    guard let value = parseExpression() else { return nil }
    var expression = value
    if advance(ifKeyword: "if") {
      guard let condition = parseExpression() else { return nil }
      var otherwise: Expression?
      if advance(ifKeyword: "else") {
        guard let other = parseExpression() else { return nil }
        otherwise = other
      }
      expression = .conditional(value, condition: condition, otherwise: otherwise)
    }
    if let token = current {
      fail(.unexpectedToken(token.text), at: token.offset)
      return nil
    }
    return expression
  }

  mutating func parseExpression() -> Expression? {
    guard var lhs = parseAnd() else { return nil }
    while advance(ifKeyword: "or") {
      guard let rhs = parseAnd() else { return nil }
      lhs = .or(lhs, rhs)
    }
    return lhs
  }

  private mutating func parseAnd() -> Expression? {
    guard var lhs = parseNot() else { return nil }
    while advance(ifKeyword: "and") {
      guard let rhs = parseNot() else { return nil }
      lhs = .and(lhs, rhs)
    }
    return lhs
  }

  private mutating func parseNot() -> Expression? {
    if advance(ifKeyword: "not") {
      guard let operand = parseNot() else { return nil }
      return .not(operand)
    }
    return parseComparison()
  }

  private mutating func parseComparison() -> Expression? {
    guard let lhs = parseRange() else { return nil }
    guard let token = current else { return lhs }
    let isOperator =
      (token.kind == .symbol && ComparisonOperator(rawValue: token.text) != nil)
      || (token.kind == .name && token.text == "in")
    guard isOperator, let op = ComparisonOperator(rawValue: token.text) else { return lhs }
    index += 1
    guard let rhs = parseRange() else { return nil }
    return .comparison(op, lhs, rhs, SourceLocation(path: file.path, offset: token.offset))
  }

  /// `filtered ('...' filtered)?`.
  private mutating func parseRange() -> Expression? {
    guard let lower = parseFiltered() else { return nil }
    guard let token = current, token.kind == .symbol, token.text == "..." else { return lower }
    index += 1
    guard let upper = parseFiltered() else { return nil }
    return .range(lower, upper, SourceLocation(path: file.path, offset: token.offset))
  }

  /// `primary ('|' name (':' argument (',' argument)*)?)*`.
  mutating func parseFiltered() -> Expression? {
    guard var expression = parseSubscripted() else { return nil }
    while advance(ifSymbol: "|") {
      guard let call = parseFilterCall() else { return nil }
      expression = .filter(expression, call)
    }
    return expression
  }

  /// `primary ('[' expression ']')*`.
  private mutating func parseSubscripted() -> Expression? {
    guard var expression = parsePrimary() else { return nil }
    while let token = current, token.kind == .symbol, token.text == "[" {
      index += 1
      guard let key = parseExpression() else { return nil }
      guard advance(ifSymbol: "]") else {
        fail(.expectedClosingBracket)
        return nil
      }
      expression = .subscript(
        expression, key, SourceLocation(path: file.path, offset: token.offset))
    }
    return expression
  }

  /// A filter name and its arguments; also used by `{% filter %}`.
  mutating func parseFilterCall() -> FilterCall? {
    guard let token = current, token.kind == .name else {
      fail(.expectedFilterName)
      return nil
    }
    index += 1
    let location = SourceLocation(path: file.path, offset: token.offset)
    guard let filter = Filter.named(token.text) else {
      fail(
        .unknownFilter(
          token.text,
          suggestion: EditDistance.suggestion(for: token.text, among: Filter.allNames)),
        at: token.offset)
      return nil
    }
    var arguments: [Expression] = []
    if advance(ifSymbol: ":") {
      repeat {
        guard let argument = parsePrimary() else { return nil }
        arguments.append(argument)
      } while advance(ifSymbol: ",")
    }
    guard filter.argumentCount.contains(arguments.count) else {
      fail(
        .wrongArgumentCount(
          filter: filter.name, expected: filter.argumentCount,
          got: arguments.count),
        at: token.offset)
      return nil
    }
    return FilterCall(filter: filter, arguments: arguments, location: location)
  }

  private mutating func parsePrimary() -> Expression? {
    guard let token = current else {
      fail(.expectedExpression)
      return nil
    }
    switch token.kind {
    case .string:
      index += 1
      return .literal(.string(token.text))
    case .number:
      index += 1
      guard let number = Double(token.text) else {
        fail(.invalidNumber(token.text), at: token.offset)
        return nil
      }
      return .literal(.number(number))
    case .name:
      switch token.text {
      case "true":
        index += 1
        return .literal(.bool(true))
      case "false":
        index += 1
        return .literal(.bool(false))
      case "nil", "null":
        index += 1
        return .literal(.null)
      case "and", "or", "not", "in":
        fail(.expectedExpression)
        return nil
      default:
        index += 1
        if token.text.hasPrefix("!") {
          fail(.unexpectedCharacter("!"), at: token.offset)
          return nil
        }
        if token.text.hasSuffix(".") || token.text.contains("..") {
          fail(.invalidVariablePath(token.text), at: token.offset)
          return nil
        }
        return .variable(
          VariablePath(
            text: token.text, location: SourceLocation(path: file.path, offset: token.offset)))
      }
    case .symbol:
      if token.text == "(" {
        index += 1
        guard let inner = parseExpression() else { return nil }
        guard advance(ifSymbol: ")") else {
          fail(.expectedClosingParenthesis)
          return nil
        }
        return inner
      }
      fail(.expectedExpression)
      return nil
    }
  }
}
