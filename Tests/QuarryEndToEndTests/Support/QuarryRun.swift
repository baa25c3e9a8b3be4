import Foundation
import XCTest

/// The outcome of one run of the built `quarry` binary, each stream kept separate.
struct QuarryRun: Equatable {
  var exitCode: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs the built `quarry` binary and the package's folders used by end-to-end tests.
enum QuarryBinary {
  /// This test folder (Tests/QuarryEndToEndTests).
  static let testFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The package root.
  static let packageRoot = testFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// The `quarry` executable SwiftPM built beside the test bundle.
  static var executable: URL {
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }
    let folder =
      bundle.map { URL(fileURLWithPath: $0.bundlePath).deletingLastPathComponent() }
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return folder.appendingPathComponent("quarry")
  }

  /// Runs `quarry arguments…` in `directory` and waits for it.
  static func run(_ arguments: [String], in directory: URL) throws -> QuarryRun {
    try runProcess(executable, arguments, in: directory)
  }

  static func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL,
    environment: [String: String]? = nil
  ) throws -> QuarryRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    // Files rather than pipes: nothing can block on a full pipe buffer.
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("quarry-run-" + UUID().uuidString)
    let outputURL = scratch.appendingPathExtension("out")
    let errorURL = scratch.appendingPathExtension("err")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: outputURL)
      try? FileManager.default.removeItem(at: errorURL)
    }
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return QuarryRun(
      exitCode: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }

  /// A fresh temporary folder, removed at the end of the test.
  static func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("quarry-e2e-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.resolvingSymlinksInPath()
  }

  /// Every file under `folder`: relative path -> contents, for comparing output trees.
  static func tree(_ folder: URL) -> [String: String] {
    var files: [String: String] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
    while let relative = enumerator.nextObject() as? String {
      let path = folder.appendingPathComponent(relative).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path)
      {
        files[relative] = String(decoding: data, as: UTF8.self)
      }
    }
    return files
  }
}
