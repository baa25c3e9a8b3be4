import Foundation
import QuarryTestSupport
import XCTest

/// `quarry generate` over sources as real code bases hold them: valid Swift of any shape never
/// stops a run, and a syntax error stops it only in a file that annotates something.
final class RealWorldSourcesTests: XCTestCase {
  private func write(_ files: [String: String], in folder: URL) throws {
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  private let model = """
    // quarry: persist
    struct Bird: Sendable {
      var id: Int
      var name: String
    }

    """

  func testASyntaxErrorInAFileWithoutAnnotationsIsAWarning() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    try write(
      [
        "Sources/Bird.swift": model,
        "Sources/Broken.swift":
          "import struct Foundation.URL\nstruct View {\n  var s = \"open\n}\n",
        "Sources/Charts.swift/Chart.swift": "extension Chart {\npublic enum Axis { case x }\n}\n",
      ], in: folder)
    let run = try QuarryBinary.run(
      ["generate", "Sources", "--output", "Generated", "--quiet"], in: folder)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0, standardOutput: "",
        standardError: """
          Sources/Broken.swift:3:11: warning: unterminated string literal
            var s = "open
                    ^

          """))
    XCTAssertEqual(
      QuarryBinary.tree(folder.appendingPathComponent("Generated")).keys.sorted(),
      [
        ".quarry-manifest", "Bird+Quarry.swift", "QuarryTables.swift", "Schema.postgres.sql",
        "Schema.sql",
      ])
  }

  func testASyntaxErrorInAnAnnotatedFileStopsTheRun() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    try write(["Sources/Bird.swift": model + "struct Other {\n  var name String\n}\n"], in: folder)
    let run = try QuarryBinary.run(
      ["generate", "Sources", "--output", "Generated", "--quiet"], in: folder)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError: """
          Sources/Bird.swift:7:12: error: expected ':' between property name and type
            var name String
                     ^
          quarry: 1 error; nothing was written

          """))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
  }

  func testAStructInAPublicExtensionGetsAPublicConformance() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    try write(
      [
        "Sources/Recipe.swift": """
        public struct Recipe: Sendable {}
        public extension Recipe {
          // quarry: persist
          struct Step: Sendable {
            var id: Int
          }
        }

        """
      ], in: folder)
    let run = try QuarryBinary.run(
      ["generate", "Sources", "--output", "Generated", "--quiet"], in: folder)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    let generated = QuarryBinary.tree(folder.appendingPathComponent("Generated"))
    let step = try XCTUnwrap(generated["Recipe.Step+Quarry.swift"], "\(generated.keys.sorted())")
    XCTAssertTrue(step.contains("public static let table"), step)
  }
}
