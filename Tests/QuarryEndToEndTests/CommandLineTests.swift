import Foundation
import QuarryTestSupport
import XCTest

/// Usage, help, version and `quarry scan`, through the built binary.
final class CommandLineTests: XCTestCase {
  private func run(_ arguments: String...) throws -> QuarryRun {
    try QuarryBinary.run(arguments, in: QuarryBinary.testFolder)
  }

  func testVersion() throws {
    XCTAssertEqual(
      try run("--version"),
      QuarryRun(exitCode: 0, standardOutput: "quarry 0.1.0\n", standardError: ""))
  }

  func testHelp() throws {
    let help = try run("--help")
    XCTAssertEqual(help.exitCode, 0)
    XCTAssertEqual(help.standardError, "")
    assertSnapshot(help.standardOutput, named: "testHelp.stdout.txt")
    XCTAssertEqual(try run("generate", "--help"), help)
  }

  func testUsageErrorsExitWith64() throws {
    let hint = "Usage: see 'quarry --help'\n"
    XCTAssertEqual(
      try run(),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: missing subcommand\n" + hint))
    XCTAssertEqual(
      try run("generat", "Models"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: unknown subcommand 'generat'; did you mean 'generate'?\n"
          + hint))
    XCTAssertEqual(
      try run("generate", "Models", "--outptu", "x"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: unknown option '--outptu'; did you mean '--output'?\n" + hint
      ))
    XCTAssertEqual(
      try run("generate", "Models"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: 'generate' needs '--output <dir>'\n" + hint))
    XCTAssertEqual(
      try run("generate", "--output", "x"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: 'generate' needs at least one source file or folder\n" + hint
      ))
    XCTAssertEqual(
      try run("generate", "Models", "--output", "x", "--check", "--dry-run"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError: "quarry: error: '--check' and '--dry-run' cannot be combined\n" + hint))
    XCTAssertEqual(
      try run("generate", "Models", "--output", "x", "--per-source-file", "--single-file", "A"),
      QuarryRun(
        exitCode: 64, standardOutput: "",
        standardError:
          "quarry: error: '--per-source-file' and '--single-file' cannot be combined\n" + hint))
  }

  func testMissingSourceIsAnError() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    XCTAssertEqual(
      try run("generate", "Nowhere", "--output", folder.path),
      QuarryRun(
        exitCode: 1, standardOutput: "",
        standardError: """
          Nowhere: error: no such file or directory: 'Nowhere'
          quarry: 1 error; nothing was written

          """))
  }

  func testScanPrintsTheDeclarationsAsJSON() throws {
    let scan = try run("scan", "Models/Nest.swift")
    XCTAssertEqual(scan.exitCode, 0)
    XCTAssertEqual(scan.standardError, "")
    assertSnapshot(scan.standardOutput, named: "testScanPrintsTheDeclarationsAsJSON.stdout.json")
  }
}
