import Foundation
import XCTest

/// The README's set-up ("SwiftPM plugins and Xcode"), followed literally in a fresh package:
/// SwiftPM prints no warning before the first generation, and none once the README's `exclude`
/// line is added after it. `swift build --print-manifest-job-graph` plans the build (loading the
/// manifests and sorting each target's files, where SwiftPM warns) without compiling anything,
/// so the test takes seconds.
final class PackageSetUpTests: XCTestCase {
  /// The README's two manifest snippets: the set-up, and the target once Schema.sql exists.
  private func readmeSnippets() throws -> (setUp: String, excludingTarget: String) {
    let readme = try String(
      contentsOf: QuarryBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try XCTUnwrap(
      readme.components(separatedBy: "### SwiftPM plugins and Xcode\n").dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 2)
    return (blocks.first ?? "", blocks.dropFirst().first ?? "")
  }

  func testTheReadmeSetUpWarnsNeitherBeforeNorAfterTheFirstGeneration() throws {
    let snippets = try readmeSnippets()
    let package = try QuarryBinary.temporaryFolder(self)
    let models = package.appendingPathComponent("Sources/App/Models")
    try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
    try """
    import Foundation

    // quarry: table = "birds"
    public struct Bird: Sendable {
      public var id: UUID
      public var name: String
    }

    """.write(to: models.appendingPathComponent("Bird.swift"), atomically: true, encoding: .utf8)

    // The README's dependency names the published package; this one is the checkout under test.
    let remote = #".package(url: "https://github.com/…/Quarry.git", from: "0.1.0")"#
    XCTAssertTrue(snippets.setUp.contains(remote), snippets.setUp)
    let setUp = snippets.setUp.replacingOccurrences(
      of: remote, with: ".package(name: \"Quarry\", path: \"\(QuarryBinary.packageRoot.path)\")")
    func writeManifest(_ body: String) throws {
      try """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "App",
      \(body.trimmingCharacters(in: .whitespacesAndNewlines))
      )

      """.write(
        to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }
    let target =
      #".target(name: "App", dependencies: [.product(name: "Quarry", package: "Quarry")]),"#
    XCTAssertTrue(setUp.contains(target), setUp)
    let excludingSetUp = setUp.replacingOccurrences(
      of: target, with: snippets.excludingTarget.trimmingCharacters(in: .whitespacesAndNewlines))

    // Why the exclude is not in the set-up: before the first run it names a missing file.
    try writeManifest(excludingSetUp)
    let early = try plan(package)
    XCTAssertTrue(
      early.standardError.contains("warning: ")
        && early.standardError.contains("Invalid Exclude"), early.standardError)

    try writeManifest(setUp)
    let beforeGeneration = try plan(package)
    XCTAssertEqual(beforeGeneration.exitCode, 0, beforeGeneration.standardError)
    XCTAssertFalse(
      beforeGeneration.standardError.contains("warning"), beforeGeneration.standardError)

    // What the command plugin runs for target App.
    let generate = try QuarryBinary.run(
      ["generate", "Sources/App", "--output", "Sources/App/Generated", "--root", "."], in: package)
    XCTAssertEqual(generate.exitCode, 0, generate.standardError)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: package.path + "/Sources/App/Generated/Schema.sql"))

    // Why the README adds the exclude after the first run: without it SwiftPM flags the file.
    let unexcluded = try plan(package)
    XCTAssertTrue(
      unexcluded.standardError.contains("unhandled")
        && unexcluded.standardError.contains("Generated/Schema.sql"),
      unexcluded.standardError)

    try writeManifest(excludingSetUp)
    let afterGeneration = try plan(package)
    XCTAssertEqual(afterGeneration.exitCode, 0, afterGeneration.standardError)
    XCTAssertFalse(
      afterGeneration.standardError.contains("warning"), afterGeneration.standardError)
    XCTAssertTrue(
      afterGeneration.standardOutput.contains("App.build/Bird+Quarry.swift.o"),
      "the generated Swift is part of the build")
  }

  private func plan(_ package: URL) throws -> QuarryRun {
    try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", package.path, "--print-manifest-job-graph"],
      in: package)
  }
}
