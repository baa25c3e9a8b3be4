import QuarryGen
import XCTest

/// The examples of README.md's Templates section, kept true.
final class ReadmeTemplateExampleTests: XCTestCase {
  private let location = SourceLocation(path: "Models/Bird.swift", offset: 0)

  private func bird(_ variables: [String]) -> StructDeclaration {
    StructDeclaration(
      name: "Bird", localName: "Bird",
      properties: variables.map {
        PropertyDeclaration(name: $0, typeName: "String", isLet: false, location: location)
      },
      location: location)
  }

  func testTranslatorExample() {
    let template = """
      {% for type in types.structs %}
      final class {{ type.name }}Translator: Translator {
          func toAny(with object: Object) -> Any {
              return {{ type.name }}(
                  {% for variable in type.storedVariables %}
                  {{ variable.name }}: object.{{ variable.name }}{% if not forloop.last %},{% endif %}
                  {% endfor %}
              )
          }
      }
      {% endfor %}
      """
    let engine = TemplateEngine(loader: InMemoryTemplateLoader(["Translator": template]))
    let (output, diagnostics) = engine.render(
      templateNamed: "Translator", context: TemplateContext(structs: [bird(["id", "name"])]))
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(
      output,
      """
      final class BirdTranslator: Translator {
          func toAny(with object: Object) -> Any {
              return Bird(
                  id: object.id,
                  name: object.name
              )
          }
      }

      """)
  }

  func testErrorExample() {
    let lines = (1...10).map { _ in "\n" }.joined()
    let template =
      lines + "{% for variable in type.storedVariables %}\n    {{ variable.nmae }}\n{% endfor %}\n"
    let loader = InMemoryTemplateLoader(["Record": template])
    let engine = TemplateEngine(loader: loader)
    let context = TemplateContext().adding(["type": TemplateContext.typeValue(bird(["wingspan"]))])
    let (_, diagnostics) = engine.render(
      templateNamed: "Record", context: context, element: "Bird")
    let files = [loader.loadTemplate(named: "Record")].compactMap { $0 }
    XCTAssertEqual(
      DiagnosticRenderer(files: files).render(diagnostics),
      """
      Templates/Record.stencil:12:8: error: undefined variable 'variable.nmae'; did you mean 'variable.name'?
          {{ variable.nmae }}
             ^
      note: while rendering 'Bird.wingspan'

      """)
  }
}
