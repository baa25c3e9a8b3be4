import QuarryGen
import QuarryTestSupport
import XCTest

/// Renders `source` as `Templates/Main.stencil` (other templates beside it) and returns the
/// output and the rendered diagnostics, source lines and carets included.
func renderTemplate(
  _ source: String, _ context: [String: TemplateValue] = [:],
  templates: [String: String] = [:], element: String? = nil
) -> (output: String, diagnostics: String) {
  var all = templates
  all["Main"] = source
  let loader = InMemoryTemplateLoader(all)
  let engine = TemplateEngine(loader: loader)
  let (output, diagnostics) = engine.render(
    templateNamed: "Main", context: TemplateContext(context), element: element)
  let files = loader.templateNames().compactMap { loader.loadTemplate(named: $0) }
  return (output, DiagnosticRenderer(files: files).render(diagnostics))
}

/// Asserts that `source` renders to `expected` without diagnostics.
func assertRenders(
  _ source: String, _ context: [String: TemplateValue] = [:], _ expected: String,
  templates: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
) {
  let (output, diagnostics) = renderTemplate(source, context, templates: templates)
  XCTAssertEqual(diagnostics, "", file: file, line: line)
  XCTAssertEqual(
    output, expected, lineDiff(expected: expected, actual: output), file: file, line: line)
}

/// Asserts the full rendered diagnostics of `source`.
func assertDiagnostics(
  _ source: String, _ context: [String: TemplateValue] = [:], _ expected: String,
  templates: [String: String] = [:], element: String? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  let (_, diagnostics) = renderTemplate(source, context, templates: templates, element: element)
  XCTAssertEqual(
    diagnostics, expected, lineDiff(expected: expected, actual: diagnostics), file: file,
    line: line)
}

/// Asserts that `source` renders to `expected` over an empty context.
func assertRenders(
  _ source: String, _ expected: String, templates: [String: String] = [:],
  file: StaticString = #filePath, line: UInt = #line
) {
  assertRenders(source, [:], expected, templates: templates, file: file, line: line)
}

/// Asserts the full rendered diagnostics of `source` over an empty context.
func assertDiagnostics(
  _ source: String, _ expected: String, templates: [String: String] = [:],
  file: StaticString = #filePath, line: UInt = #line
) {
  assertDiagnostics(source, [:], expected, templates: templates, file: file, line: line)
}
