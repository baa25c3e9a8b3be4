import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 20: `quarry scan` and `quarry generate` of a large file must not take many times its
/// size in memory. Runs the built `quarry` on generated sources of the two shapes
/// `Tests/RealWorldCorpus/make_large_source.py` writes (a data table: few declarations in many
/// bytes; models: declarations from end to end; app code: classes, protocols and extensions
/// with method bodies, one persisted struct in twenty blocks) and reads the child's peak resident set from
/// `wait4`, asserting it stays under 3× the input plus the tool's own footprint (`quarry
/// --version`, measured in the same run, plus 8 MB for the allocator's slack, the threads'
/// stacks and the dump's buffers). Memory, not time: the sizes keep a debug run to seconds, and
/// still fail the code before the fix (a 3 MB declaration-heavy scan held 11× its size).
final class PeakMemoryTests: XCTestCase {
  private static let allowance = 8 << 20

  func testScanOfADeclarationHeavyFileStaysUnderThreeTimesItsSize() throws {
    try assertPeak(["scan", "Input.swift"], kind: .models, megabytes: 3)
  }

  func testScanOfADataHeavyFileStaysUnderThreeTimesItsSize() throws {
    try assertPeak(["scan", "Input.swift"], kind: .data, megabytes: 16)
  }

  func testGenerateOfADataHeavyFileStaysUnderThreeTimesItsSize() throws {
    try assertPeak(
      ["generate", "Input.swift", "--output", "Generated", "--no-cache"], kind: .data,
      megabytes: 16)
  }

  /// App code held 4–5× its size in both commands: every class, protocol and extension was
  /// kept with its members, which only templates naming Sourcery's `types` read.
  func testScanOfAppCodeStaysUnderThreeTimesItsSize() throws {
    try assertPeak(["scan", "Input.swift"], kind: .code, megabytes: 16)
  }

  func testGenerateOfAppCodeStaysUnderThreeTimesItsSize() throws {
    try assertPeak(
      ["generate", "Input.swift", "--output", "Generated", "--no-cache"], kind: .code,
      megabytes: 16)
  }

  // MARK: - Helpers

  enum Kind { case data, models, code }

  private func assertPeak(
    _ arguments: [String], kind: Kind, megabytes: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    let input = folder.appendingPathComponent("Input.swift")
    let size = try Self.writeSource(to: input, kind: kind, bytes: megabytes << 20)
    let baseline = try Self.peakResidentBytes(["--version"], in: folder).peak
    let run = try Self.peakResidentBytes(arguments, in: folder)
    XCTAssertEqual(run.exitCode, 0, run.output, file: file, line: line)
    let limit = 3 * size + baseline + Self.allowance
    XCTAssertLessThan(
      run.peak, limit,
      "quarry \(arguments.joined(separator: " ")) of \(size >> 20) MB peaked at \(run.peak >> 20) MB, "
        + "over 3× the input plus the \(baseline >> 20) MB of 'quarry --version' and "
        + "\(Self.allowance >> 20) MB", file: file, line: line)
    if arguments.first == "scan" {
      // The streamed dump is whole: it ends as the format does.
      XCTAssertTrue(
        run.output.hasSuffix("]}\n"), String(run.output.suffix(200)), file: file, line: line)
    }
  }

  /// The same text as `make_large_source.py --kind data|models|code`, `bytes` long or a little
  /// over.
  static func writeSource(to url: URL, kind: Kind, bytes target: Int) throws -> Int {
    var text = ""
    text.reserveCapacity(target + 1024)
    var number = 0
    switch kind {
    case .data:
      text += """
        import Foundation

        // quarry: persist
        struct Bird: Sendable {
          var id: Int
          var name: String
        }

        let birdNames: [String] = [

        """
      while text.utf8.count < target {
        text += "  \"Bird name number \(number) with some words\", // a comment \(number)\n"
        number += 1
      }
      text += "]\n"
    case .models:
      while text.utf8.count < target {
        let n = number
        text += """

          /// A bird seen in the field, number \(n).
          // quarry: table = "birds_\(n)", index = [name, kind]
          public struct Bird\(n): Sendable, Equatable, Codable {
            // quarry: primaryKey
            public var id: UUID
            // quarry: unique
            public var name: String
            public var wingspan: Double?
            public var kind: Kind\(n)
            public var tags: [String]
            public var seenAt: Date
            // quarry: ignore
            public var thumbnail: Data? = nil
            var computed: Int { tags.count * 2 }
            func describe() -> String { "\\(name) seen at \\(seenAt), tags \\(tags.joined(separator: ", "))" }
          }

          public enum Kind\(n): String, Sendable, Codable {
            case songbird, raptor, wader
          }

          """
        number += 1
      }
    case .code:
      text += "import Foundation\nimport SwiftUI\n"
      while text.utf8.count < target {
        text += Self.appCode(number)
        number += 1
      }
    }
    try Data(text.utf8).write(to: url)
    return text.utf8.count
  }

  /// Block `n` of `make_large_source.py --kind code`.
  private static func appCode(_ n: Int) -> String {
    var block = """

      /// Loads and caches the timeline of account \(n).
      @MainActor
      public final class TimelineViewModel\(n): ObservableObject {
        public enum State: Equatable {
          case loading
          case loaded(items: [String], nextPage: Int?)
          case failed(message: String)
        }

        @Published public private(set) var state: State = .loading
        private let client: any APIClient\(n)
        private var cache: [String: [String]] = [:]
        public var title: String { "Timeline \\(\(n))" }

        public init(client: any APIClient\(n)) {
          self.client = client
        }

        public func refresh(force: Bool = false) async {
          if !force, case .loaded = state { return }
          do {
            let page = try await client.fetch(path: "/api/v1/timelines/\\(\(n))", page: nil)
            let filtered = page.items.filter { !$0.isEmpty && $0.count < 500 }
              .map { $0.trimmingCharacters(in: .whitespaces) }
            cache["home"] = filtered
            state = .loaded(items: filtered, nextPage: page.next)
          } catch {
            state = .failed(message: "Could not load: \\(error.localizedDescription)")
          }
        }

        func merge<S: Sequence>(_ more: S) where S.Element == String {
          guard case .loaded(var items, let next) = state else { return }
          items.append(contentsOf: more.filter { item in !items.contains(item) })
          state = .loaded(items: items, nextPage: next.map { $0 + 1 })
        }
      }

      public protocol APIClient\(n): Sendable {
        func fetch(path: String, page: Int?) async throws -> Page\(n)
      }

      public struct Page\(n): Decodable, Sendable {
        public let items: [String]
        public let next: Int?
      }

      extension Page\(n): CustomStringConvertible {
        public var description: String {
          items.isEmpty ? "empty page" : "\\(items.count) items, next \\(next ?? -1)"
        }
      }

      """
    if n % 20 == 0 {
      block += """

        // quarry: persist
        public struct CachedStatus\(n): Sendable, Equatable {
          public var id: Int64
          public var content: String
          public var createdAt: Date
          public var favourites: Int
        }

        """
    }
    return block
  }

  /// Runs `quarry arguments…` in `folder` with standard output and error in a file, and
  /// returns its exit code, its output (the first 64 KB and the end) and its peak resident
  /// set in bytes, which `wait4` reports for exactly this child.
  static func peakResidentBytes(_ arguments: [String], in folder: URL) throws -> (
    exitCode: Int32, peak: Int, output: String
  ) {
    let outputPath = folder.appendingPathComponent("quarry.out").path
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // `exec` keeps the shell's process for quarry, so `wait4` measures quarry itself.
    let quote = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let line =
      "cd \(quote(folder.path)) && exec "
      + ([QuarryBinary.executable.path] + arguments).map(quote).joined(separator: " ")
    let words = ["/bin/sh", "-c", line]
    let cArguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss)  // bytes
    #else
      let peak = Int(usage.ru_maxrss) * 1024  // kilobytes
    #endif
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: outputPath))
    defer { try? handle.close() }
    let head = String(decoding: handle.readData(ofLength: 64 * 1024), as: UTF8.self)
    let end = try handle.seekToEnd()
    try handle.seek(toOffset: end > 256 ? end - 256 : 0)
    let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    try? FileManager.default.removeItem(atPath: outputPath)
    return (exitCode, peak, end <= 64 * 1024 ? head : String(head.prefix(2000)) + "…" + tail)
  }
}
