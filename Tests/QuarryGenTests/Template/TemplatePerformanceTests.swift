import QuarryGen
import XCTest

/// A large model renders whole. Its speed is quarry-bench's to measure (the render row), not a
/// timed test's: machines here are shared and noisy.
final class TemplatePerformanceTests: XCTestCase {
  func testRendersTenThousandStructs() {
    let location = SourceLocation(path: "Models/Big.swift", offset: 0)
    let structs = (0..<10_000).map { index in
      StructDeclaration(
        name: "Model\(index)", localName: "Model\(index)",
        properties: (0..<8).map { field in
          PropertyDeclaration(
            name: "field\(field)", typeName: field % 2 == 0 ? "String" : "Int?", isLet: false,
            location: location)
        },
        location: location)
    }
    let context = TemplateContext(structs: structs)
    let engine = TemplateEngine(
      loader: InMemoryTemplateLoader(["Translator": SeedTemplateTests.translatorTemplate]))
    let (output, diagnostics) = engine.render(templateNamed: "Translator", context: context)
    XCTAssertEqual(diagnostics, [])
    // 14 fixed lines plus 8 lines in each of the two loops per struct, and the empty text
    // after the last line break.
    XCTAssertEqual(output.split(separator: "\n", omittingEmptySubsequences: false).count, 300_001)
  }
}
