import Foundation
import XCTest

/// A running `quarry-stress` helper (Sources/quarry-stress), its output going to a file.
final class StressProcess {
  let process = Process()
  private let outputURL: URL
  private let errorURL: URL

  /// The helper SwiftPM built beside the test bundle.
  static var executable: URL {
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
    let folder =
      bundle.map { URL(fileURLWithPath: $0.bundlePath).deletingLastPathComponent() }
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return folder.appendingPathComponent("quarry-stress")
  }

  /// Starts `quarry-stress arguments…`.
  init(_ arguments: [String]) throws {
    let executable = Self.executable
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw XCTSkip("\(executable.path) is not built: run `swift build --build-tests` first")
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-stress-" + UUID().uuidString)
    outputURL = scratch.appendingPathExtension("out")
    errorURL = scratch.appendingPathExtension("err")
    // Files rather than pipes: a helper never blocks on a full pipe nobody reads.
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(at: outputURL)
    try? FileManager.default.removeItem(at: errorURL)
  }

  /// Kills the helper with SIGKILL, as a crash or the system would, and waits for it.
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Waits for the helper to exit, at most `timeout` seconds; returns its status, or -1 when
  /// it had to be killed (a hung helper fails the test instead of hanging it).
  @discardableResult
  func wait(timeout: TimeInterval = 300) -> Int32 {
    guard process.waitUntilExit(timeout: timeout) else { return -1 }
    return process.terminationStatus
  }

  /// Waits until the helper printed a complete line or exited, polling every millisecond;
  /// gives up after `timeout` seconds (the caller's checks then tell what happened).
  func waitForOutput(timeout: TimeInterval) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while process.isRunning && outputLines.isEmpty && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.001)
    }
  }

  /// The complete lines printed so far (a line cut by a kill is left out).
  var outputLines: [String] {
    let text = String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // after the last newline: empty, or a cut line
    return lines
  }

  var standardError: String {
    String(decoding: (try? Data(contentsOf: errorURL)) ?? Data(), as: UTF8.self)
  }
}

/// A seeded generator (SplitMix64), so a failing run can be repeated.
struct SplitMix: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Whether the long modes were asked for (`QUARRY_LONG=1`).
var isLongRun: Bool { ProcessInfo.processInfo.environment["QUARRY_LONG"] == "1" }

/// A new temporary folder, removed at the end of the test.
func temporaryFolder(for test: XCTestCase) throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("quarry-reliability-" + UUID().uuidString)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
  return url
}
