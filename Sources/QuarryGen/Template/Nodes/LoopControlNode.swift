/// Stencil's `{% break %}` and `{% continue %}`: leave the innermost `for` loop, or go on with
/// its next item. Either is an error outside a loop.
///
/// ```text
/// {% for name in names %}{% if name == "stop" %}{% break %}{% endif %}{{ name }} {% endfor %}
/// ```
/// over `["a", "b", "stop", "c"]` prints `a b `.
final class LoopControlNode: Sendable {
  enum Kind: Sendable, Equatable {
    case `break`
    case `continue`
  }

  let kind: Kind

  init(kind: Kind) {
    self.kind = kind
  }
}

extension TemplateParser {
  mutating func parseLoopControl(_ tag: BlockTag) -> Node? {
    expectNoArguments(tag)
    guard isInsideLoop else {
      report(.loopControlOutsideLoop(tag.name), at: tag.location.offset)
      return nil
    }
    return .loopControl(LoopControlNode(kind: tag.name == "break" ? .break : .continue))
  }
}
