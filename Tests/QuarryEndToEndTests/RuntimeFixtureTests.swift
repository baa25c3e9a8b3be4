import Foundation
import QuarryTestSupport
import XCTest

/// The runtime tests' models (`Tests/QuarryTests/Fixtures`) keep their generated conformances
/// beside the models, where the QuarryTests target compiles them; this checks that they are
/// exactly what the built `quarry` generates today.
///
/// `Schema.sql` is not checked in there (the target would have to exclude it), and the module
/// has room for one `QuarryTables`, the library's: both are left out of the birds' comparison.
/// Every other generated Swift file is compared byte for byte, and one missing from its folder is
/// a failure too. `QUARRY_RECORD=1` rewrites them.
final class RuntimeFixtureTests: XCTestCase {
  private var fixtures: URL {
    QuarryBinary.packageRoot.appendingPathComponent("Tests/QuarryTests/Fixtures")
  }

  func testLibraryConformancesAreUpToDate() throws {
    try checkFixture(
      model: "Library/Library.swift", folder: "Library",
      files: [
        "Book+Quarry.swift", "Genre+Quarry.swift", "Loan+Quarry.swift", "Member+Quarry.swift",
        "QuarryTables.swift",
      ])
    // Only the model is written by hand there.
    let library = fixtures.appendingPathComponent("Library")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: library.path).sorted(),
      [
        "Book+Quarry.swift", "Genre+Quarry.swift", "Library.swift", "Loan+Quarry.swift",
        "Member+Quarry.swift", "QuarryTables.swift",
      ])
  }

  func testBirdAndNestConformancesAreUpToDate() throws {
    try checkFixture(
      model: "Bird.swift", folder: ".",
      files: ["Bird+Quarry.swift", "Kind+Quarry.swift", "Nest+Quarry.swift"],
      ignored: ["QuarryTables.swift"])
  }

  /// Generates `model` and compares the generated Swift `files` with those in `folder`.
  private func checkFixture(
    model: String, folder: String, files: [String], ignored: Set<String> = [],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let output = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      ["generate", model, "--output", output.path, "--root", "."], in: fixtures)
    XCTAssertEqual(run.exitCode, 0, run.standardError, file: file, line: line)
    XCTAssertEqual(run.standardError, "", file: file, line: line)
    let generated = QuarryBinary.tree(output).filter {
      $0.key.hasSuffix(".swift") && !ignored.contains($0.key)
    }
    XCTAssertEqual(generated.keys.sorted(), files, file: file, line: line)

    let target = fixtures.appendingPathComponent(folder)
    if isRecordingSnapshots {
      for (name, text) in generated {
        try text.write(to: target.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      XCTFail("rewrote \(files.joined(separator: ", ")) in \(target.path)", file: file, line: line)
      return
    }
    for (name, text) in generated.sorted(by: { $0.key < $1.key }) {
      let checkedIn = try? String(
        contentsOf: target.appendingPathComponent(name), encoding: .utf8)
      XCTAssertEqual(
        checkedIn, text,
        "\(folder)/\(name) is stale (- checked in, + generated):\n"
          + lineDiff(expected: checkedIn ?? "", actual: text)
          + "run with QUARRY_RECORD=1 to regenerate", file: file, line: line)
    }
  }
}
