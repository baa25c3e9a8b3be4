import Foundation
import QuarryGen
import XCTest

final class TemplateLoaderTests: XCTestCase {
  func testDirectoryLoaderReadsStencilFilesAndSubdirectories() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("QuarryTemplateLoaderTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Shared"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "// {{ name }}\n{% include \"Shared/Footer\" %}".write(
      to: directory.appendingPathComponent("Header.stencil"), atomically: true, encoding: .utf8)
    try "// end\n".write(
      to: directory.appendingPathComponent("Shared/Footer.stencil"), atomically: true,
      encoding: .utf8)
    try "not a template".write(
      to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

    let loader = DirectoryTemplateLoader(directory: directory.path, displayDirectory: "Templates")
    XCTAssertEqual(loader.templateNames(), ["Header", "Shared/Footer"])
    XCTAssertEqual(loader.loadTemplate(named: "Header")?.path, "Templates/Header.stencil")
    XCTAssertNil(loader.loadTemplate(named: "notes"))

    let engine = TemplateEngine(loader: loader)
    let (output, diagnostics) = engine.render(
      templateNamed: "Header", context: TemplateContext(["name": "Bird"]))
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(output, "// Bird\n// end\n")
  }

  func testInMemoryLoaderShowsPathsUnderTheGivenDirectory() {
    let loader = InMemoryTemplateLoader(["Record.stencil": "x"], directory: "Defaults")
    XCTAssertEqual(loader.templateNames(), ["Record"])
    XCTAssertEqual(loader.loadTemplate(named: "Record")?.path, "Defaults/Record.stencil")
  }
}
