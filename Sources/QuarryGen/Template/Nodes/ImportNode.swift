/// StencilSwiftKit's `{% import "Common" %}`: renders `Common.stencil` for its definitions
/// alone. The macros it defines and the variables it sets become available here; what it
/// prints is dropped.
///
/// ```text
/// Common.stencil:  {% macro field name %}let {{ name }}{% endmacro %}{% set suffix = "Mock" %}
/// Main.stencil:    {% import "Common" %}{% call field "id" %}{{ suffix }}
/// ```
/// prints `let idMock`.
final class ImportNode: Sendable {
  let template: Template

  init(template: Template) {
    self.template = template
  }

  func render(in renderer: inout Renderer) {
    _ = renderer.capture(template.nodes)
  }
}

extension TemplateParser {
  mutating func parseImport(_ tag: BlockTag) -> Node? {
    guard tag.tokens.count == 1, let nameToken = tag.tokens.first, nameToken.kind == .string else {
      report(
        .malformedTag("import", syntax: "import \"name\""),
        at: tag.tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    let (resolution, importedDiagnostics) = resolveInclude(nameToken.text)
    diagnostics += importedDiagnostics
    switch resolution {
    case .template(let template):
      return .importTemplate(ImportNode(template: template))
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
