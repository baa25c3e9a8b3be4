/// Stencil's template inheritance: `{% extends "Base" %}` renders `Base.stencil` with the
/// `{% block name %}…{% endblock %}`s of the extending template in place of the base's blocks
/// of the same name; `{{ block.super }}` prints the block the override replaces.
///
/// ```text
/// Base.stencil:  struct {{ name }} {{% block body %} let id: Int {% endblock %}}
/// Main.stencil:  {% extends "Base" %}{% block body %}{{ block.super }}let name: String {% endblock %}
/// ```
/// renders `Main` as `struct Bird { let id: Int let name: String }`. As in Stencil, whatever
/// the extending template holds outside its blocks is not printed; bases may extend others.
final class ExtendsNode: Sendable {
  let base: Template
  /// The extending template's blocks by name (nested blocks included).
  let blocks: [(name: String, body: [Node])]

  init(base: Template, blocks: [(name: String, body: [Node])]) {
    self.base = base
    self.blocks = blocks
  }

  func render(in renderer: inout Renderer) {
    let saved = renderer.blockOverrides
    for block in blocks { renderer.blockOverrides[block.name, default: []].append(block.body) }
    renderer.render(base.nodes)
    renderer.blockOverrides = saved
  }
}

/// `{% block name %}…{% endblock %}`; see `ExtendsNode`.
final class BlockNode: Sendable {
  let name: String
  let body: [Node]

  init(name: String, body: [Node]) {
    self.name = name
    self.body = body
  }

  func render(in renderer: inout Renderer) {
    let chain = (renderer.blockOverrides[name] ?? []) + [body]
    Self.render(chain, from: 0, in: &renderer)
  }

  /// Renders `chain[index]` with `block.super` bound to what the rest of the chain prints.
  private static func render(_ chain: [[Node]], from index: Int, in renderer: inout Renderer) {
    var superText = ""
    if index + 1 < chain.count {
      var captured = ""
      swap(&captured, &renderer.output)
      render(chain, from: index + 1, in: &renderer)
      swap(&captured, &renderer.output)
      superText = captured
    }
    renderer.render(chain[index], binding: [("block", ["super": .string(superText)])])
  }
}

extension TemplateParser {
  mutating func parseExtends(_ tag: BlockTag) -> Node? {
    guard tag.tokens.count == 1, let nameToken = tag.tokens.first, nameToken.kind == .string else {
      report(
        .malformedTag("extends", syntax: "extends \"name\""),
        at: tag.tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    guard isAtTopLevel else {
      report(.extendsInsideBlock, at: tag.location.offset)
      return nil
    }
    let (resolution, includedDiagnostics) = resolveInclude(nameToken.text)
    diagnostics += includedDiagnostics
    // The rest of the template only contributes its blocks.
    let rest = parseNodes(until: []).nodes
    switch resolution {
    case .template(let template):
      return .extends(ExtendsNode(base: template, blocks: Self.blocks(in: rest)))
    case .notFound(let suggestion):
      report(.templateNotFound(nameToken.text, suggestion: suggestion), at: nameToken.offset)
    case .cycle:
      report(.includeCycle(nameToken.text), at: nameToken.offset)
    case .failed:
      break
    }
    return nil
  }

  private static func blocks(in nodes: [Node]) -> [(name: String, body: [Node])] {
    var blocks: [(name: String, body: [Node])] = []
    for node in nodes {
      guard case .block(let block) = node else { continue }
      blocks.append((block.name, block.body))
      blocks += Self.blocks(in: block.body)
    }
    return blocks
  }

  mutating func parseBlockTag(_ tag: BlockTag) -> Node? {
    let isValid =
      tag.tokens.count == 1 && tag.tokens[0].kind == .name && !tag.tokens[0].text.contains(".")
    if !isValid {
      report(
        .malformedTag("block", syntax: "block name"), at: tag.tokens.first?.offset ?? tag.endOffset)
    }
    let (body, end) = parseBody(of: tag, until: ["endblock"])
    // Stencil allows the name again after `endblock`.
    if let end,
      end.tokens.count > 1 || (end.tokens.first.map { $0.text != tag.tokens.first?.text } ?? false)
    {
      report(.malformedTag("endblock", syntax: "endblock"), at: end.tokens[0].offset)
    }
    guard isValid, end != nil else { return nil }
    return .block(BlockNode(name: tag.tokens[0].text, body: body))
  }
}
