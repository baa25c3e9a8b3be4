import QuarryGen
import XCTest

final class RelativePathTests: XCTestCase {
  func testPathsInsideAndOutsideTheRoot() {
    XCTAssertEqual(
      RelativePath.from("/work/app", to: "/work/app/Models/Bird.swift"), "Models/Bird.swift")
    XCTAssertEqual(RelativePath.from("/work/app/Generated", to: "/work/app/Models"), "../Models")
    XCTAssertEqual(RelativePath.from("/work/app", to: "/work/app"), ".")
    // A root of `/` keeps paths absolute (the build plugin passes `--root /`).
    XCTAssertEqual(RelativePath.from("/", to: "/tmp/x"), "/tmp/x")
  }

  func testAbsoluteResolvesAgainstTheBase() {
    XCTAssertEqual(
      RelativePath.absolute("Models/../Generated", base: "/work/app"), "/work/app/Generated")
    XCTAssertEqual(RelativePath.absolute("/abs/path", base: "/work/app"), "/abs/path")
  }

  func testReportWordsEachMode() {
    var result = GenerationResult(
      changes: [FileChange(.create, "A+Quarry.swift"), FileChange(.unchanged, "Schema.sql")],
      outputDisplayPath: "Generated", mode: .dryRun, scannedFileCount: 1, tableCount: 1)
    XCTAssertEqual(
      GenerationReport(result, verbosity: .normal).standardOutput,
      "would create Generated/A+Quarry.swift\n")
    result.mode = .write
    XCTAssertEqual(
      GenerationReport(result, verbosity: .verbose).standardOutput,
      """
      created Generated/A+Quarry.swift
      unchanged Generated/Schema.sql
      quarry: scanned 1 file, 1 table, 1 change

      """)
    XCTAssertEqual(
      GenerationReport(result, verbosity: .quiet),
      GenerationReport(
        GenerationResult(), verbosity: .quiet))
  }
}
