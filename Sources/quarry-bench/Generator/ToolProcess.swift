import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the release `quarry` binary that SwiftPM builds beside `quarry-bench`, timing the whole
/// process: start, work and exit, as a user or a build plugin sees it.
///
/// It uses `posix_spawn` and `waitpid` directly: Foundation's `Process.waitUntilExit` on Linux
/// polls a run loop every 50 ms, which would swamp a no-op regeneration's time.
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

  struct SpawnError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "cannot start quarry: \(String(cString: strerror(code)))" }
  }

  /// Runs the tool in `directory` to completion; standard output goes to /dev/null, standard
  /// error to a file that is read back after timing.
  func run(_ arguments: [String], in directory: URL) throws -> Outcome {
    let errorPath = directory.appendingPathComponent(".quarry-bench-stderr").path
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let manager = FileManager.default
    let previousDirectory = manager.currentDirectoryPath
    // The child inherits the working directory, so relative paths in headers match a user's run.
    _ = manager.changeCurrentDirectoryPath(directory.path)
    defer { _ = manager.changeCurrentDirectoryPath(previousDirectory) }

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let clock = ContinuousClock()
    let start = clock.now
    var pid = pid_t()
    var arguments = argv + [nil]
    let code = posix_spawn(&pid, executable.path, &actions, nil, &arguments, environ)
    guard code == 0 else { throw SpawnError(code: code) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let elapsed = start.duration(to: clock.now)

    let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    // Exit status from the wait status (WIFEXITED/WEXITSTATUS are macros Swift cannot import).
    let exited = status & 0x7f == 0
    return Outcome(
      seconds: elapsed.seconds, status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
      standardError: errorText)
  }
}
