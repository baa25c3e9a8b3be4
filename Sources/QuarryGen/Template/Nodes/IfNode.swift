/// `{% if condition %}…{% elif other %}…{% else %}…{% endif %}`, and Stencil's
/// `{% ifnot condition %}…{% else %}…{% endif %}`.
///
/// ```text
/// {% if variable.isOptional and not variable.defaultValue %}nullable{% else %}required{% endif %}
/// ```
/// prints `nullable` for `var wingspan: Double?`. Conditions use `not`, `and`, `or`, `==`,
/// `!=`, `<`, `<=`, `>`, `>=`, `in`, parentheses and Stencil's truthiness: `false`, `0`, `""`,
/// empty arrays and dictionaries and `null` are false.
final class IfNode: Sendable {
  struct Branch: Sendable {
    /// nil for `else`.
    var condition: Expression?
    var body: [Node]
  }

  let branches: [Branch]

  init(branches: [Branch]) {
    self.branches = branches
  }

  func render(in renderer: inout Renderer) {
    for branch in branches {
      guard let condition = branch.condition else { return renderer.render(branch.body) }
      if renderer.evaluate(condition)?.isTruthy == true { return renderer.render(branch.body) }
    }
  }
}

extension TemplateParser {
  mutating func parseIf(_ tag: BlockTag) -> Node? {
    var branches: [IfNode.Branch] = []
    var isValid = true
    var current = tag
    var condition = parseCondition(tag)
    // Stencil's deprecated `{% ifnot x %}` is `{% if not x %}`.
    if tag.name == "ifnot" { condition = condition.map { .not($0) } }
    while true {
      if current.name != "else" && condition == nil { isValid = false }
      let (body, end) = parseBody(of: tag, until: ["elif", "else", "endif"])
      branches.append(IfNode.Branch(condition: condition, body: body))
      guard let end else { return nil }
      switch end.name {
      case "elif":
        if current.name == "else" {
          report(.tagAfterElse("elif"), at: end.location.offset)
          isValid = false
        }
        condition = parseCondition(end)
      case "else":
        if current.name == "else" {
          report(.tagAfterElse("else"), at: end.location.offset)
          isValid = false
        }
        expectNoArguments(end)
        condition = nil
      default:
        expectNoArguments(end)
        return isValid ? .conditional(IfNode(branches: branches)) : nil
      }
      current = end
    }
  }

  private mutating func parseCondition(_ tag: BlockTag) -> Expression? {
    if tag.isBroken { return nil }
    guard !tag.tokens.isEmpty else {
      report(.malformedTag(tag.name, syntax: "\(tag.name) condition"), at: tag.endOffset)
      return nil
    }
    return parseExpression(in: tag, from: 0)
  }
}
