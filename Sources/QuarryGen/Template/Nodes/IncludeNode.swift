/// `{% include "name" %}`: renders another template with the current variables.
///
/// ```text
/// {% include "Header" %}
/// {% include "Column" variable %}
/// ```
/// renders `Templates/Header.stencil` in place, then `Column.stencil` with the keys of the
/// dictionary `variable` added to the current variables (Stencil's sub-context; a model
/// object's members, so `{{ name }}` there is `variable.name`). `{% include "x" with context %}`
/// is the plain form spelt as in Jinja. The included template is parsed once, when the
/// including template is parsed, so a missing or broken include is a parse error; Sourcery's
/// `"Partial.stencil"` and `"partials/Partial"` names work.
final class IncludeNode: Sendable {
  let template: Template
  let context: Expression?
  let location: SourceLocation

  init(template: Template, context: Expression? = nil, location: SourceLocation) {
    self.template = template
    self.context = context
    self.location = location
  }

  func render(in renderer: inout Renderer) {
    guard let context else { return renderer.render(template.nodes) }
    guard let value = renderer.evaluate(context) else { return }
    switch value {
    case .dictionary(let dictionary):
      let bound = dictionary.keys.sorted().filter { $0 != TemplateValue.textKey }.map {
        ($0, dictionary[$0, default: .null])
      }
      renderer.render(template.nodes, binding: bound)
    case .null:
      renderer.render(template.nodes)
    default:
      renderer.report(.includeContext(kind: value.kindDescription), at: location)
    }
  }
}

extension TemplateParser {
  mutating func parseInclude(_ tag: BlockTag) -> Node? {
    guard let nameToken = tag.tokens.first, nameToken.kind == .string else {
      report(
        .malformedTag("include", syntax: "include \"name\""),
        at: tag.tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    var context: Expression?
    let rest = tag.tokens.dropFirst().map(\.text)
    if !rest.isEmpty && rest != ["with", "context"] {
      guard let expression = parseExpression(in: tag, from: 1) else { return nil }
      context = expression
    }
    let (resolution, includedDiagnostics) = resolveInclude(nameToken.text)
    diagnostics += includedDiagnostics
    switch resolution {
    case .template(let template):
      return .include(
        IncludeNode(
          template: template, context: context,
          location: location(tag.tokens[min(1, tag.tokens.count - 1)].offset)))
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
