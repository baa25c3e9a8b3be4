/// `{% fits width %}…{% else %}…{% else %}…{% endfits %}`: prints the first body whose every
/// line is at most `width` characters long, or the last body when none fits. Templates use it
/// to choose between a one-line and a wrapped layout without counting characters by hand.
///
/// ```text
/// {% fits 100 %}
///     try insert(children, key: key, in: db)
/// {% else %}
///     try insert(
///       children, key: key, in: db)
/// {% endfits %}
/// ```
/// prints the one-line call while it fits in 100 columns, the wrapped call otherwise. Bodies
/// are measured as rendered, so a body should start at the beginning of a line.
final class FitsNode: Sendable {
  let width: Expression
  let bodies: [[Node]]

  init(width: Expression, bodies: [[Node]]) {
    self.width = width
    self.bodies = bodies
  }

  func render(in renderer: inout Renderer) {
    guard case .number(let width)? = renderer.evaluate(width) else { return }
    for (index, body) in bodies.enumerated() {
      let text = renderer.capture(body)
      if index == bodies.count - 1 || Self.fits(text, in: Int(width)) {
        renderer.output += text
        return
      }
    }
  }

  private static func fits(_ text: String, in width: Int) -> Bool {
    text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
      $0.count <= width
    }
  }
}

extension TemplateParser {
  mutating func parseFits(_ tag: BlockTag) -> Node? {
    var width: Expression?
    if tag.tokens.isEmpty {
      report(.malformedTag("fits", syntax: "fits width"), at: tag.endOffset)
    } else if !tag.isBroken {
      width = parseExpression(in: tag, from: 0)
    }
    var bodies: [[Node]] = []
    while true {
      let (body, end) = parseBody(of: tag, until: ["else", "endfits"])
      bodies.append(body)
      guard let end else { return nil }
      expectNoArguments(end)
      if end.name == "endfits" { break }
    }
    guard let width else { return nil }
    return .fits(FitsNode(width: width, bodies: bodies))
  }
}
