import Foundation
import QuarryTestSupport
import XCTest

/// Three persistence templates written the way Sourcery users write them (Realm objects with
/// translators, AutoEquatable/AutoHashable, mock factories), with `// sourcery:` annotations,
/// `where` loops, `!annotated` filters, includes and `argument`, run unchanged by the built
/// `quarry` over the models in `Fixtures/SourceryPorts/Models`.
///
/// The expected files in `Fixtures/SourceryPorts/Expected` were checked by hand against what
/// Sourcery's rules give for these models: `thumbnail` (`skipPersistence`) has no Realm
/// property, `notes` and `builtAt` (inside `sourcery:begin: skipHashing, skipEquality`) are
/// neither compared nor hashed while `isOccupied` after `sourcery:end` is, `nest` (trailing
/// `// sourcery: skipHashing`) is compared but not hashed, `seen = Date()` is a `Date`, the
/// raw-value enum `Kind` gets no `==` (`where not type.hasRawType`), `Sighting`'s cases
/// bind their associated values, and `Nest.mock(id:)` defaults to its `mockID = 7`.
final class SourceryPortTests: XCTestCase {
  private var folder: URL {
    QuarryBinary.testFolder.appendingPathComponent("Fixtures/SourceryPorts")
  }

  private func assertTree(_ output: URL, equals expectedFolder: String, only: Set<String>? = nil) {
    // The manifest is quarry's bookkeeping (see `OutputManifest`), not Sourcery's output.
    let actual = QuarryBinary.tree(output).filter { $0.key != ".quarry-manifest" }
    let expected = QuarryBinary.tree(folder.appendingPathComponent(expectedFolder))
    XCTAssertEqual(
      actual.keys.filter { only?.contains($0) ?? true }.sorted(), expected.keys.sorted())
    for (path, text) in expected {
      XCTAssertEqual(
        actual[path], text, "\(path):\n" + lineDiff(expected: text, actual: actual[path] ?? ""))
    }
  }

  func testTemplatesRenderAsSourceryWould() throws {
    let output = try QuarryBinary.temporaryFolder(self).appendingPathComponent("Generated")
    let run = try QuarryBinary.run(
      [
        "generate", "Models", "--templates", "Templates", "--output", output.path, "--root", ".",
        "--args", "module=BirdStore", "--args", "testable", "--quiet", "--no-cache",
      ], in: folder)
    XCTAssertEqual(run, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    assertTree(output, equals: "Expected")
  }

  func testStencilWhitespaceKeepsTagLines() throws {
    let output = try QuarryBinary.temporaryFolder(self).appendingPathComponent("Generated")
    let run = try QuarryBinary.run(
      [
        "generate", "Models", "--templates", "Templates", "--output", output.path, "--root", ".",
        "--args", "module=BirdStore", "--stencil-whitespace", "--quiet", "--no-cache",
      ], in: folder)
    XCTAssertEqual(run, QuarryRun(exitCode: 0, standardOutput: "", standardError: ""))
    assertTree(output, equals: "ExpectedStencilWhitespace", only: ["Mocks.swift"])
  }
}
