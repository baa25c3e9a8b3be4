import Foundation
import XCTest

@testable import QuarryGen

/// The generator keeps its sources' declarations, not their bytes (issue 20: the bytes were a
/// whole copy of the input held to the end of the run), and reads again the files its
/// diagnostics point into: the rendered diagnostic still has its line, column and source line.
final class DiagnosticSourceLinesTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = RelativePath.absolute(
      NSTemporaryDirectory() + "quarry-lines-" + UUID().uuidString, base: "/")
    try FileManager.default.createDirectory(
      atPath: folder + "/Models", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testADiagnosticOfAModelErrorShowsItsSourceLineAndOnlyThatFileIsReadAgain() throws {
    try write(
      "Good.swift",
      "// quarry: persist\npublic struct Good: Sendable {\n  public var id: Int64\n}\n")
    try write(
      "Bad.swift",
      "import Foundation\n\n// quarry: persist\npublic struct Bad: Sendable {\n  public var name: String\n}\n"
    )
    let result = try generate()
    XCTAssertEqual(result.exitCode, 1)
    XCTAssertTrue(result.files.contains { $0.path == "Models/Bad.swift" })
    XCTAssertFalse(result.files.contains { $0.path == "Models/Good.swift" })
    let rendered = DiagnosticRenderer(files: result.files).render(result.diagnostics)
    XCTAssertTrue(
      rendered.hasPrefix(
        "Models/Bad.swift:4:15: error: struct 'Bad' has no primary key"), rendered)
    XCTAssertTrue(rendered.contains("\npublic struct Bad: Sendable {\n              ^\n"), rendered)
  }

  func testANoteInAnotherFileShowsThatFilesLineToo() throws {
    try write(
      "A.swift", "// quarry: persist\npublic struct Same: Sendable {\n  public var id: Int64\n}\n")
    try write(
      "B.swift",
      "\n\n// quarry: persist, table = \"same\"\npublic struct Other: Sendable {\n  public var id: Int64\n}\n"
    )
    let result = try generate()
    XCTAssertEqual(result.exitCode, 1)
    let rendered = DiagnosticRenderer(files: result.files).render(result.diagnostics)
    let located = rendered.split(separator: "\n").filter {
      $0.hasPrefix("Models/A.swift:") || $0.hasPrefix("Models/B.swift:")
    }
    // Both the error and its note carry a line and a column, not only a path.
    XCTAssertEqual(located.count, 2, rendered)
    for line in located {
      XCTAssertNotNil(line.firstMatch(of: /^Models\/[AB]\.swift:\d+:\d+: (error|note):/), rendered)
    }
  }

  private func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Models/" + name))
  }

  private func generate() throws -> GenerationResult {
    try Generator.run(
      GeneratorOptions(
        sources: [folder + "/Models"], output: folder + "/Generated",
        templates: try XCTUnwrap(TemplateLocator.defaultDirectory()), root: folder))
  }
}
