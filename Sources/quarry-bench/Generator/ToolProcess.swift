import Foundation

/// Runs the release `quarry` binary that SwiftPM builds beside `quarry-bench`, timing the whole
/// process: start, work and exit, as a user or a build plugin sees it.
struct ToolProcess {
  let executable: URL

  /// The `quarry` binary next to this executable, or nil when it was not built
  /// (`swift build -c release --product quarry` builds it).
  static func besideBenchmark() -> ToolProcess? {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidate = own.deletingLastPathComponent().appendingPathComponent("quarry")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else { return nil }
    return ToolProcess(executable: candidate)
  }

  struct Outcome {
    var seconds: Double
    var status: Int32
    var standardError: String
  }

  /// Runs the tool to completion; standard output is discarded, standard error kept for errors.
  func run(_ arguments: [String], in directory: URL) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    let errorPipe = Pipe()
    process.standardError = errorPipe
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    // Drain stderr while the process runs, so a chatty tool cannot block on a full pipe.
    let errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = start.duration(to: clock.now)
    return Outcome(
      seconds: elapsed.seconds, status: process.terminationStatus,
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
