import Foundation
import QuarryTestSupport
import XCTest

/// The fixture models' generated code is checked into this test target (Generated/), so it is
/// compiled with the tests; this keeps it in step with the generator and the templates.
final class GeneratedCodeTests: XCTestCase {
  func testCheckedInGeneratedFolderIsNotStale() throws {
    if isRecordingSnapshots {
      let run = try QuarryBinary.run(
        ["generate", "Models", "--output", "Generated"], in: QuarryBinary.testFolder)
      XCTFail("regenerated Generated/ (exit \(run.exitCode)):\n\(run.standardOutput)")
      return
    }
    let run = try QuarryBinary.run(
      ["generate", "Models", "--output", "Generated", "--check"], in: QuarryBinary.testFolder)
    var details = ""
    if run.exitCode != 0 {
      let fresh = try QuarryBinary.temporaryFolder(self)
      _ = try QuarryBinary.run(
        ["generate", "Models", "--output", fresh.path, "--root", "."], in: QuarryBinary.testFolder)
      let expected = QuarryBinary.tree(QuarryBinary.testFolder.appendingPathComponent("Generated"))
      for (path, text) in QuarryBinary.tree(fresh).sorted(by: { $0.key < $1.key })
      where expected[path] != text {
        details +=
          "\(path) (- checked in, + generated):\n"
          + lineDiff(expected: expected[path] ?? "", actual: text)
      }
      details += "run with QUARRY_RECORD=1 to regenerate\n"
    }
    XCTAssertEqual(
      run,
      QuarryRun(
        exitCode: 0, standardOutput: "quarry: 24 generated files up to date\n", standardError: ""),
      details)
  }
}
