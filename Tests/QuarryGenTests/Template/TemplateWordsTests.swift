import Foundation
import XCTest

@testable import QuarryGen

/// The words the generator checks before building Sourcery's `types` for a template folder.
final class TemplateWordsTests: XCTestCase {
  private func words(_ text: String) -> Set<String> {
    TemplateWords.words(in: SourceFile(path: "Templates/Main.stencil", text: text))
  }

  func testTakesWordsFromVariableAndBlockTags() {
    XCTAssertEqual(
      words("{{ types.all|join:\", \" }}{% for v in type.storedVariables %}{% endfor %}"),
      ["types", "all", "join", "for", "v", "in", "type", "storedVariables", "endfor"])
  }

  func testIgnoresLiteralTextAndComments() {
    XCTAssertEqual(words("sorted by type name {# the type #}{{ table.name }}"), ["table", "name"])
  }

  func testKeepsWordsInStringLiterals() {
    XCTAssertTrue(words("{% include \"types\" %}").contains("types"))
  }

  /// Quarry's own templates must not name `types` or `type`: one loop variable called `type`
  /// made every `quarry generate` build Sourcery's whole model, doubling its render time.
  func testDefaultTemplatesNeverNameSourcerysTypes() throws {
    let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Templates")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".stencil") }.sorted()
    XCTAssertGreaterThan(names.count, 5)
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      let found = TemplateWords.words(in: SourceFile(path: name, text: text))
      XCTAssertFalse(found.contains("types") || found.contains("type"), name)
    }
  }
}
