/// A parsed template, ready to render any number of times.
///
/// Parse once (through a `TemplateEngine`, which also resolves `{% include %}`), then render
/// per context. Neither step throws: problems come back as diagnostics pointing into the
/// template file.
///
/// ```swift
/// let file = SourceFile(path: "Templates/Hello.stencil", text: "Hello {{ name }}!")
/// let (template, parseErrors) = Template.parse(file)
/// if let template {
///   let (text, renderErrors) = template.render(context: TemplateContext(["name": "Bird"]))
///   // text == "Hello Bird!", renderErrors == []
/// }
/// ```
public struct Template: Sendable {
  /// The name `{% include %}` and `TemplateEngine.template(named:)` use (`Translator`).
  public let name: String
  public let file: SourceFile
  let nodes: [Node]

  init(name: String, file: SourceFile, nodes: [Node]) {
    self.name = name
    self.file = file
    self.nodes = nodes
  }

  /// Parses `file`; includes are loaded through `loader` (none by default).
  ///
  /// The template is nil when any error was reported. Prefer `TemplateEngine` when several
  /// templates share includes, so each is parsed once.
  public static func parse(
    _ file: SourceFile, name: String? = nil, loader: (any TemplateLoader)? = nil,
    whitespace: TemplateWhitespace = .quarry
  ) -> (template: Template?, diagnostics: [Diagnostic]) {
    let engine = TemplateEngine(
      loader: loader ?? InMemoryTemplateLoader([:]), whitespace: whitespace)
    return engine.parse(file, name: name ?? TemplateEngine.templateName(forPath: file.path))
  }

  /// Renders the template over `context`.
  ///
  /// - Parameter element: the model element being rendered (`Bird`), named in the note of
  ///   every error; loop items with a `name` key are appended (`Bird.nestID`).
  /// - Returns: the output and the errors met; with errors the output is incomplete.
  /// - Complexity: O(output size); variable paths were split at parse time.
  public func render(
    context: TemplateContext, element: String? = nil
  ) -> (output: String, diagnostics: [Diagnostic]) {
    var renderer = Renderer(
      root: context.values, lazyRoot: context.lazyArrays, element: element,
      capacity: file.bytes.count * 2)
    renderer.render(nodes)
    return (renderer.output, renderer.diagnostics)
  }
}
