import Foundation
import XCTest

/// Compares `actual` with the golden file `Snapshots/<name>` beside the calling test file.
///
/// With `QUARRY_RECORD=1` in the environment the golden file is rewritten and the test fails,
/// so recording never passes silently; review the rewritten files like code. A mismatch prints
/// a line diff.
///
/// ```swift
/// assertSnapshot(result.standardError, named: "testInvalidModels.stderr.txt")
/// ```
public func assertSnapshot(
  _ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line
) {
  let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let url = folder.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["QUARRY_RECORD"] == "1" {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      XCTFail(
        "recorded snapshot \(name); unset QUARRY_RECORD and run again", file: file, line: line)
    } catch {
      XCTFail("cannot record snapshot \(name): \(error)", file: file, line: line)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    XCTFail(
      "missing snapshot \(name); run with QUARRY_RECORD=1 to record it", file: file, line: line)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != actual {
    XCTFail(
      "snapshot \(name) differs (- expected, + actual):\n"
        + lineDiff(expected: expected, actual: actual), file: file, line: line)
  }
}

/// Whether this run records snapshots and other golden files instead of comparing them.
public var isRecordingSnapshots: Bool {
  ProcessInfo.processInfo.environment["QUARRY_RECORD"] == "1"
}
