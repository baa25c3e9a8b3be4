import Foundation

/// Parses templates from a loader once each and renders them; the generator's entry point.
///
/// ```swift
/// let engine = TemplateEngine(loader: DirectoryTemplateLoader(directory: "Templates"))
/// let context = TemplateContext(files: scannedFiles, arguments: ["module": "Birds"])
/// let (output, diagnostics) = engine.render(templateNamed: "Translator", context: context)
/// ```
///
/// Parsed templates are cached by name, so `{% include "Header" %}` in many templates parses
/// `Header.stencil` once. The engine is safe to share between threads.
public final class TemplateEngine: @unchecked Sendable {
  public let loader: any TemplateLoader
  /// Whether tag-only lines vanish (Quarry's rule) or stay as in Stencil.
  public let whitespace: TemplateWhitespace
  // Guards `cache` and `loading`; recursive because parsing a template loads its includes.
  private let lock = NSRecursiveLock()
  private var cache: [String: (template: Template?, diagnostics: [Diagnostic])] = [:]
  private var loading: Set<String> = []

  public init(loader: any TemplateLoader, whitespace: TemplateWhitespace = .quarry) {
    self.loader = loader
    self.whitespace = whitespace
  }

  /// The template called `name` (`Translator` or `Translator.stencil`), parsed on first use.
  ///
  /// Diagnostics include those of its includes; they are returned on every call, so a caller
  /// asking for several templates should de-duplicate (`Diagnostic` is `Hashable`).
  public func template(named name: String) -> (template: Template?, diagnostics: [Diagnostic]) {
    let name = Self.templateName(forPath: name)
    lock.lock()
    defer { lock.unlock() }
    if let cached = cache[name] { return cached }
    guard let file = loader.loadTemplate(named: name) else { return (nil, []) }
    let result = parse(file, name: name)
    cache[name] = result
    return result
  }

  /// Parses `file` as the template `name`, resolving includes through this engine's cache.
  public func parse(_ file: SourceFile, name: String) -> (
    template: Template?, diagnostics: [Diagnostic]
  ) {
    lock.lock()
    loading.insert(name)
    defer {
      loading.remove(name)
      lock.unlock()
    }
    var parser = TemplateParser(file: file, whitespace: whitespace) { [self] included in
      resolveInclude(included, from: name)
    }
    let nodes = parser.parseTemplate()
    var seen: Set<Diagnostic> = []
    let diagnostics = parser.diagnostics.filter { seen.insert($0).inserted }
    guard !diagnostics.contains(where: \.isError) else { return (nil, diagnostics) }
    return (Template(name: name, file: file, nodes: nodes), diagnostics)
  }

  /// Renders the template called `name`; a missing template is an error without a location
  /// in any template, so it is reported at the start of the would-be file.
  public func render(
    templateNamed name: String, context: TemplateContext, element: String? = nil
  ) -> (output: String, diagnostics: [Diagnostic]) {
    let (template, diagnostics) = template(named: name)
    guard let template else {
      if diagnostics.isEmpty {
        let message = TemplateMessage.templateNotFound(
          Self.templateName(forPath: name),
          suggestion: EditDistance.suggestion(
            for: Self.templateName(forPath: name), among: loader.templateNames()))
        return ("", [.error(message.text, at: SourceLocation(path: name, offset: 0))])
      }
      return ("", diagnostics)
    }
    let (output, renderDiagnostics) = template.render(context: context, element: element)
    return (output, diagnostics + renderDiagnostics)
  }

  /// As in Sourcery, a name is first looked up beside the including template
  /// (`{% include "Row" %}` in `Shared/Table` finds `Shared/Row`), then from the top.
  private func resolveInclude(_ name: String, from including: String) -> (
    TemplateParser.IncludeResolution, [Diagnostic]
  ) {
    var name = Self.templateName(forPath: name)
    if let slash = including.lastIndex(of: "/") {
      let sibling = String(including[...slash]) + name
      if loading.contains(sibling) || loader.loadTemplate(named: sibling) != nil { name = sibling }
    }
    if loading.contains(name) { return (.cycle, []) }
    let (template, diagnostics) = template(named: name)
    if let template { return (.template(template), diagnostics) }
    if !diagnostics.isEmpty { return (.failed, diagnostics) }
    return (
      .notFound(suggestion: EditDistance.suggestion(for: name, among: loader.templateNames())),
      []
    )
  }

  /// `Templates/Translator.stencil` → `Translator`; names without the extension pass through.
  static func templateName(forPath path: String) -> String {
    var name = path
    if name.hasSuffix(".stencil") { name.removeLast(".stencil".count) }
    if name.hasPrefix("Templates/") { name.removeFirst("Templates/".count) }
    return name
  }
}
