/// `{% set name = expression %}`: binds a variable for the rest of the current loop body (or
/// of the template, outside loops).
///
/// ```text
/// {% set table = type.annotations.table|default:type.name|snakeCase %}{{ table }}
/// ```
/// prints `nest_box` for `struct NestBox` without a `table` annotation.
final class SetNode: Sendable {
  let name: String
  let value: Expression

  init(name: String, value: Expression) {
    self.name = name
    self.value = value
  }

  func render(in renderer: inout Renderer) {
    guard let value = renderer.evaluate(value) else { return }
    renderer.assign(name, to: value)
  }
}

extension TemplateParser {
  mutating func parseSet(_ tag: BlockTag) -> Node? {
    let tokens = tag.tokens
    guard tokens.count >= 3, tokens[0].kind == .name, !tokens[0].text.contains("."),
      tokens[1].kind == .symbol, tokens[1].text == "="
    else {
      report(
        .malformedTag("set", syntax: "set name = expression"),
        at: tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    guard let value = parseExpression(in: tag, from: 2) else { return nil }
    return .set(SetNode(name: tokens[0].text, value: value))
  }
}
