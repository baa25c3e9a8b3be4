/// StencilSwiftKit's `{% macro name a b %}…{% endmacro %}` and `{% call name x y %}`: a body
/// rendered later, any number of times, with its parameters bound to the call's arguments.
///
/// ```text
/// {% macro field name type %}let {{ name }}: {{ type }}{% endmacro %}
/// {% call field "id" "Int" %}, {% call field "name" "String" %}
/// ```
/// prints `let id: Int, let name: String`. As in StencilSwiftKit a macro exists from where it
/// is rendered on, so define it before calling it; missing arguments are `null`.
final class MacroNode: Sendable {
  let name: String
  let parameters: [String]
  let body: [Node]

  init(name: String, parameters: [String], body: [Node]) {
    self.name = name
    self.parameters = parameters
    self.body = body
  }
}

/// `{% call name arguments… %}`; see `MacroNode`.
final class CallNode: Sendable {
  let name: String
  let arguments: [Expression]
  let location: SourceLocation

  init(name: String, arguments: [Expression], location: SourceLocation) {
    self.name = name
    self.arguments = arguments
    self.location = location
  }

  func render(in renderer: inout Renderer) {
    guard let macro = renderer.macros[name] else {
      renderer.report(
        .undefinedMacro(
          name, suggestion: EditDistance.suggestion(for: name, among: renderer.macros.keys.sorted())
        ),
        at: location)
      return
    }
    guard arguments.count <= macro.parameters.count else {
      renderer.report(
        .macroArgumentCount(name, expected: macro.parameters.count, got: arguments.count),
        at: location)
      return
    }
    var bound: [(String, TemplateValue)] = []
    for (index, parameter) in macro.parameters.enumerated() {
      if index < arguments.count {
        guard let value = renderer.evaluate(arguments[index]) else { return }
        bound.append((parameter, value))
      } else {
        bound.append((parameter, .null))
      }
    }
    renderer.render(macro.body, binding: bound)
  }
}

extension TemplateParser {
  mutating func parseMacro(_ tag: BlockTag) -> Node? {
    let names = tag.tokens.map(\.text)
    let isValid =
      !tag.tokens.isEmpty
      && tag.tokens.allSatisfy { $0.kind == .name && !$0.text.contains(".") }
    if !isValid {
      report(
        .malformedTag("macro", syntax: "macro name parameters"),
        at: tag.tokens.first { $0.kind != .name || $0.text.contains(".") }?.offset
          ?? tag.endOffset)
    }
    let (body, end) = parseBody(of: tag, until: ["endmacro"])
    if let end { expectNoArguments(end) }
    guard isValid, end != nil else { return nil }
    return .macro(MacroNode(name: names[0], parameters: Array(names.dropFirst()), body: body))
  }

  mutating func parseCall(_ tag: BlockTag) -> Node? {
    guard let first = tag.tokens.first, first.kind == .name, !first.text.contains(".") else {
      report(
        .malformedTag("call", syntax: "call name arguments"),
        at: tag.tokens.first?.offset ?? tag.endOffset)
      return nil
    }
    var parser = ExpressionParser(
      file: file, tokens: tag.tokens, startIndex: 1, endOffset: tag.endOffset)
    var arguments: [Expression] = []
    while !parser.isAtEnd {
      guard let argument = parser.parseFiltered() else {
        diagnostics += parser.diagnostics
        return nil
      }
      arguments.append(argument)
    }
    return .call(CallNode(name: first.text, arguments: arguments, location: tag.location))
  }
}
