/// `{% include "name" %}`: renders another template with the current variables.
///
/// ```text
/// {% include "Header" %}
/// ```
/// renders `Templates/Header.stencil` in place. The included template is parsed once, when
/// the including template is parsed, so a missing or broken include is a parse error.
final class IncludeNode: Sendable {
  let template: Template

  init(template: Template) {
    self.template = template
  }

  func render(in renderer: inout Renderer) {
    renderer.render(template.nodes)
  }
}

extension TemplateParser {
  mutating func parseInclude(_ tag: BlockTag) -> Node? {
    guard tag.tokens.count == 1, let nameToken = tag.tokens.first, nameToken.kind == .string else {
      report(
        .malformedTag("include", syntax: "include \"name\""),
        at: tag.tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    let (resolution, includedDiagnostics) = resolveInclude(nameToken.text)
    diagnostics += includedDiagnostics
    switch resolution {
    case .template(let template):
      return .include(IncludeNode(template: template))
    case .notFound(let suggestion):
      report(.templateNotFound(nameToken.text, suggestion: suggestion), at: nameToken.offset)
    case .cycle:
      report(.includeCycle(nameToken.text), at: nameToken.offset)
    case .failed:
      break
    }
    return nil
  }
}
