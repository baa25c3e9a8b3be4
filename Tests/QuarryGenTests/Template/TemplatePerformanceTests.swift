import QuarryGen
import XCTest

/// Rendering must stay fast for large models: parse once, walk nodes, append to one buffer.
final class TemplatePerformanceTests: XCTestCase {
  func testRendersTenThousandStructsQuickly() {
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
    let start = Date()
    let (output, diagnostics) = engine.render(templateNamed: "Translator", context: context)
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(diagnostics, [])
    // 14 fixed lines plus 8 lines in each of the two loops per struct, and the empty text
    // after the last line break.
    XCTAssertEqual(output.split(separator: "\n", omittingEmptySubsequences: false).count, 300_001)
    // Generous for debug builds on a shared machine; release renders in a fraction of this.
    XCTAssertLessThan(elapsed, 10, "rendering 10,000 structs took \(elapsed) s")
    print("rendered 10,000 structs in \(elapsed) s")
  }
}
