/// `{% filter name|other:arg %}…{% endfilter %}`: renders the body, then filters it.
///
/// ```text
/// {% filter indent:2,' ',true %}let a = 1
/// let b = 2{% endfilter %}
/// ```
/// prints both lines indented by two spaces.
final class FilterBlockNode: Sendable {
  let filters: [FilterCall]
  let body: [Node]

  init(filters: [FilterCall], body: [Node]) {
    self.filters = filters
    self.body = body
  }

  func render(in renderer: inout Renderer) {
    let text = renderer.capture(body)
    var value = TemplateValue.string(text)
    for call in filters {
      guard let result = renderer.apply(call, to: value) else { return }
      value = result
    }
    value.write(to: &renderer.output)
  }
}

extension TemplateParser {
  mutating func parseFilterBlock(_ tag: BlockTag) -> Node? {
    var filters: [FilterCall] = []
    var parser = ExpressionParser(file: file, tokens: tag.tokens, endOffset: tag.endOffset)
    var isValid = !tag.tokens.isEmpty
    if !isValid {
      report(.malformedTag("filter", syntax: "filter name"), at: tag.endOffset)
    }
    while isValid {
      guard let call = parser.parseFilterCall() else {
        isValid = false
        break
      }
      filters.append(call)
      guard parser.current?.text == "|", parser.current?.kind == .symbol else { break }
      _ = parser.skip()
    }
    if isValid, let extra = parser.current {
      parser.fail(.unexpectedToken(extra.text), at: extra.offset)
      isValid = false
    }
    diagnostics += parser.diagnostics
    let (body, end) = parseBody(of: tag, until: ["endfilter"])
    if let end { expectNoArguments(end) }
    guard isValid, end != nil else { return nil }
    return .filterBlock(FilterBlockNode(filters: filters, body: body))
  }
}
