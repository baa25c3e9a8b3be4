import Foundation
import XCTest

/// Builds and runs Examples/BirdWatch, a separate package depending on Quarry by path, and
/// checks that its checked-in Generated folder is current (what CI relies on).
final class ExamplePackageTests: XCTestCase {
  private var example: URL {
    QuarryBinary.packageRoot.appendingPathComponent("Examples/BirdWatch")
  }

  func testExampleGeneratedFolderIsCurrent() throws {
    let run = try QuarryBinary.run(
      [
        "generate", "Sources/BirdWatch", "--output", "Sources/BirdWatch/Generated", "--root", ".",
        "--check",
      ], in: example)
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 9 generated files up to date\n", standardError: ""))
  }

  func testCommandPluginFindsTheExampleCurrent() throws {
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swift", "package", "--package-path", example.path,
        "--allow-writing-to-package-directory", "quarry", "--check",
      ], in: example)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    XCTAssertTrue(
      run.standardOutput.hasSuffix("quarry: 9 generated files up to date\n"), run.standardOutput)
  }

  func testCommandPluginReadsOnlyTheFilesTheManifestCompiles() throws {
    // Fixtures/PluginExclude excludes Sketch.swift, an annotated (and unbalanced) file: read as
    // part of the folder it stopped generation, and a valid one would get generated code that
    // cannot compile without it. The example's build folder is shared so that quarry and the
    // plugin are built once; --dry-run writes nothing.
    let fixture = QuarryBinary.packageRoot.appendingPathComponent(
      "Tests/QuarryEndToEndTests/Fixtures/PluginExclude")
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swift", "package", "--package-path", fixture.path, "--scratch-path",
        example.appendingPathComponent(".build").path,
        "--allow-writing-to-package-directory", "quarry", "--dry-run",
      ], in: fixture)
    XCTAssertEqual(run.exitCode, 0, run.standardOutput + run.standardError)
    XCTAssertTrue(
      run.standardOutput.hasSuffix(
        """
        would create Sources/App/Generated/Bird+Quarry.swift
        would create Sources/App/Generated/QuarryTables.swift
        would create Sources/App/Generated/Schema.postgres.sql
        would create Sources/App/Generated/Schema.sql

        """), run.standardOutput)
    XCTAssertFalse((run.standardOutput + run.standardError).contains("Sketch"), run.standardError)
  }

  func testCommandPluginSaysWhichExcludeToAddWhenItCreatesSchemaSQL() throws {
    // A folder of its own, so the checked-in Generated/ is not touched; removed at the end.
    // One run only: a second one would load the package while the folder exists, and SwiftPM
    // keeps that list of sources for the next `swift build`, after the folder is gone.
    let probe = example.appendingPathComponent("Sources/BirdWatch/SchemaProbe")
    try? FileManager.default.removeItem(at: probe)
    defer { try? FileManager.default.removeItem(at: probe) }
    let arguments = [
      "swift", "package", "--package-path", example.path,
      "--allow-writing-to-package-directory", "quarry", "--target", "BirdWatch", "--output",
      "SchemaProbe",
    ]
    // One note per schema file, each naming its exclude.
    let note = ["Schema.sql", "Schema.postgres.sql"].map { schema in
      "quarry: created SchemaProbe/\(schema), which is for review, not for the compiler: "
        + "target 'BirdWatch' in Package.swift needs exclude: [\"SchemaProbe/\(schema)\"]\n"
    }.joined()

    let first = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), arguments, in: example)
    XCTAssertEqual(first.exitCode, 0, first.standardError)
    XCTAssertTrue(
      first.standardOutput.contains("created Sources/BirdWatch/SchemaProbe/Schema.sql\n"))
    XCTAssertTrue(first.standardOutput.hasSuffix(note), first.standardOutput)
  }

  func testExampleBuildsAndRunsAgainstASQLiteFile() throws {
    let swift = URL(fileURLWithPath: "/usr/bin/env")
    let build = try QuarryBinary.runProcess(
      swift, ["swift", "build", "--package-path", example.path], in: example)
    XCTAssertEqual(build.exitCode, 0, build.standardOutput + build.standardError)
    XCTAssertFalse(
      build.standardOutput.contains("warning:"),
      "the example builds without warnings:\n"
        + build.standardOutput)
    let database = try QuarryBinary.temporaryFolder(self).appendingPathComponent("birds.sqlite")
    let run = try QuarryBinary.runProcess(
      swift,
      ["swift", "run", "--skip-build", "--package-path", example.path, "BirdWatch", database.path],
      in: example)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    XCTAssertEqual(
      run.standardOutput,
      """
      created \(database.path) with tables birds, observers, sightings
      inserted observer #1 and 3 birds
      affordable photos: Blue tit, European robin
      record changed columns [4, 5]
      robin now tagged ["garden", "red breast", "winter song"] at 15
      sighting upserted: count 3, note singing on the fence
      owl calls: ke-wick, hoo-hoo, alarm
      sightings: European robin x3
      robin sighted 1 time(s)
      deleted blue tit: true, 2 birds left
      read from other tasks: European robin, Tawny owl

      """)
    XCTAssertTrue(FileManager.default.fileExists(atPath: database.path))
  }
}
