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
}
