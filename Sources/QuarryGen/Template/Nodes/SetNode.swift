/// `{% set name = expression %}` (also StencilSwiftKit's `{% set name expression %}`) and
/// StencilSwiftKit's block form `{% set name %}…{% endset %}`, which binds what the body
/// prints. The variable lives for the rest of the current loop body (or of the template,
/// outside loops).
///
/// ```text
/// {% set table = type.annotations.table|default:type.name|snakeCase %}{{ table }}
/// {% set label %}{{ type.name }}Record{% endset %}{{ label|lowercase }}
/// ```
/// prints `nest_box` and `nestboxrecord` for `struct NestBox` without a `table` annotation.
final class SetNode: Sendable {
  enum Value: Sendable {
    case expression(Expression)
    case body([Node])
  }

  let name: String
  let value: Value

  init(name: String, value: Value) {
    self.name = name
    self.value = value
  }

  func render(in renderer: inout Renderer) {
    switch value {
    case .expression(let expression):
      guard let value = renderer.evaluate(expression) else { return }
      renderer.assign(name, to: value)
    case .body(let body):
      renderer.assign(name, to: .string(renderer.capture(body)))
    }
  }
}

extension TemplateParser {
  mutating func parseSet(_ tag: BlockTag) -> Node? {
    let tokens = tag.tokens
    guard let first = tokens.first, first.kind == .name, !first.text.contains(".") else {
      report(
        .malformedTag("set", syntax: "set name = expression"),
        at: tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    if tokens.count == 1 {
      let (body, end) = parseBody(of: tag, until: ["endset"])
      if let end { expectNoArguments(end) }
      guard end != nil else { return nil }
      return .set(SetNode(name: first.text, value: .body(body)))
    }
    let hasEquals = tokens[1].kind == .symbol && tokens[1].text == "="
    guard !hasEquals || tokens.count > 2 else {
      report(.malformedTag("set", syntax: "set name = expression"), at: tag.endOffset)
      return nil
    }
    guard let value = parseExpression(in: tag, from: hasEquals ? 2 : 1) else { return nil }
    return .set(SetNode(name: first.text, value: .expression(value)))
  }
}
