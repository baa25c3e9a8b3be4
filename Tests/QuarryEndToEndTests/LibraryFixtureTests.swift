import Foundation
import QuarryTestSupport
import XCTest

/// The runtime tests' library models (`Tests/QuarryTests/Fixtures/Library`) keep their
/// generated conformances beside the model, where the QuarryTests target compiles them; this
/// checks that they are exactly what the built `quarry` generates today.
///
/// `Schema.sql` is not checked in there (the target would have to exclude it), so it is left
/// out of the comparison; every Swift file is compared byte for byte, and a generated file
/// missing from the folder is a failure too.
final class LibraryFixtureTests: XCTestCase {
  private var fixtures: URL {
    QuarryBinary.packageRoot.appendingPathComponent("Tests/QuarryTests/Fixtures")
  }

  func testCheckedInLibraryConformancesAreUpToDate() throws {
    let output = try QuarryBinary.temporaryFolder(self)
    let run = try QuarryBinary.run(
      ["generate", "Library/Library.swift", "--output", output.path, "--root", "."],
      in: fixtures)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    XCTAssertEqual(run.standardError, "")
    let generated = QuarryBinary.tree(output).filter { $0.key.hasSuffix(".swift") }
    XCTAssertEqual(
      generated.keys.sorted(),
      [
        "Book+Quarry.swift", "Genre+Quarry.swift", "Loan+Quarry.swift", "Member+Quarry.swift",
        "QuarryTables.swift",
      ])

    let library = fixtures.appendingPathComponent("Library")
    if isRecordingSnapshots {
      for (name, text) in generated {
        try text.write(
          to: library.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      XCTFail("rewrote the generated files of \(library.path)")
      return
    }
    let checkedIn = QuarryBinary.tree(library).filter { $0.key.hasSuffix(".swift") }
    for (name, text) in generated.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(
        checkedIn[name], text,
        "\(name) is stale (- checked in, + generated):\n"
          + lineDiff(expected: checkedIn[name] ?? "", actual: text)
          + "run with QUARRY_RECORD=1 to regenerate")
    }
    // Only the model is written by hand.
    XCTAssertEqual(
      Set(checkedIn.keys).subtracting(generated.keys), ["Library.swift"],
      "files in \(library.path) that quarry does not generate")
  }
}
