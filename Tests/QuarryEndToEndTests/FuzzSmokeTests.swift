import Foundation
import XCTest

/// The bounded CI run of the fuzz targets (Tests/Fuzz/run.sh): each target is built with
/// `swiftc -sanitize=fuzzer,address` and runs over its seed corpus for a few seconds. Long
/// runs: `Tests/Fuzz/run.sh --long` (see the README's "What Quarry guarantees").
final class FuzzSmokeTests: XCTestCase {
  func testEveryFuzzTargetRunsWithoutACrash() throws {
    let script = QuarryBinary.packageRoot.appendingPathComponent("Tests/Fuzz/run.sh")
    let run = try QuarryBinary.runProcess(
      URL(fileURLWithPath: "/bin/bash"), [script.path, "--seconds", "3"],
      in: QuarryBinary.packageRoot)
    if run.exitCode == 77 {
      throw XCTSkip(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    XCTAssertEqual(run.exitCode, 0, run.standardOutput + run.standardError)
    for target in ["scanner", "annotation", "template", "row"] {
      let line = run.standardOutput.split(separator: "\n").first {
        $0.hasPrefix("fuzz \(target): ")
      }
      let executions = line.flatMap { Int($0.split(separator: " ")[2]) } ?? 0
      XCTAssertGreaterThan(executions, 0, "\(target): \(run.standardOutput)")
      XCTAssertTrue(line?.hasSuffix("no crash") == true, String(line ?? ""))
    }
  }
}
