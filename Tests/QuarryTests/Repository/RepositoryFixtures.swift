import Foundation
import Quarry
import XCTest

/// The item every repository test stores.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: String
  var title: String
  var tags: [String]
  var rating: Double?
  // (Dates with fractions round-trip too: see RoundTripPropertyTests.)
  var createdAt: Date

  init(
    id: String, title: String = "Untitled", tags: [String] = [], rating: Double? = nil,
    createdAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
  ) {
    self.id = id
    self.title = title
    self.tags = tags
    self.rating = rating
    self.createdAt = createdAt
  }
}

/// A way to build a repository, and, for persistent ones, to open the same data again.
struct RepositoryBackend: Sendable {
  let name: String
  let make: @Sendable () throws -> any CRUDRepository<Note>
  let reopen: (@Sendable () throws -> any CRUDRepository<Note>)?
  /// True for SQLite, which refuses to store text ids that are not in Unicode NFC.
  var isSQLite = false
  /// False for PostgreSQL, whose text cannot hold U+0000: an id holding it is refused.
  var storesNUL = true
}

/// Every transformer the file and UserDefaults backends are tested with.
let allTransformers: [(name: String, transformer: any DataTransformer)] = [
  ("json", JSONDataTransformer()),
  ("xml", PropertyListDataTransformer(format: .xml)),
  ("binary", PropertyListDataTransformer(format: .binary)),
]

extension XCTestCase {
  /// A fresh directory, removed after the test.
  func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("QuarryRepositoryTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// A fresh UserDefaults suite name, whose domain and file are removed after the test.
  func makeTemporarySuiteName() -> String {
    let suiteName = "quarry.tests.\(UUID().uuidString)"
    addTeardownBlock { removeSuite(suiteName) }
    return suiteName
  }

  /// Every backend, each over fresh storage, with every transformer where one is taken.
  func allBackends() throws -> [RepositoryBackend] {
    var backends = [
      RepositoryBackend(name: "memory", make: { InMemoryRepository<Note>() }, reopen: nil)
    ]
    for (name, transformer) in allTransformers {
      let directory = try makeTemporaryDirectory().appendingPathComponent("notes")
      let makeFiles: @Sendable () -> any CRUDRepository<Note> = {
        FileSystemRepository<Note>(directory: directory, transformer: transformer)
      }
      backends.append(RepositoryBackend(name: "files/\(name)", make: makeFiles, reopen: makeFiles))
      let suiteName = makeTemporarySuiteName()
      let makeDefaults: @Sendable () throws -> any CRUDRepository<Note> = {
        try UserDefaultsRepository<Note>(suiteName: suiteName, transformer: transformer)
      }
      backends.append(
        RepositoryBackend(name: "defaults/\(name)", make: makeDefaults, reopen: makeDefaults))
    }
    backends += try sqliteBackends()
    return backends
  }
}

/// Where Linux Foundation keeps a suite (swift-corelibs-foundation's CFPreferences).
func linuxSuiteFile(_ suiteName: String) -> URL {
  let environment = ProcessInfo.processInfo.environment
  let configuration =
    environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
  return configuration.appendingPathComponent("\(suiteName).plist")
}

func removeSuite(_ suiteName: String) {
  UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName)
  #if os(Linux)
    try? FileManager.default.removeItem(at: linuxSuiteFile(suiteName))
  #endif
}

/// Asserts that `body` throws a ``RepositoryError`` with `code`, and returns it.
@discardableResult
func assertThrowsRepositoryError<T>(
  _ code: RepositoryError.Code, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
) async -> RepositoryError? {
  do {
    let value = try await body()
    XCTFail("expected \(code), got \(value) \(message())", file: file, line: line)
  } catch let error as RepositoryError {
    XCTAssertEqual(error.code, code, "\(error) \(message())", file: file, line: line)
    return error
  } catch {
    XCTFail("expected RepositoryError \(code), got \(error) \(message())", file: file, line: line)
  }
  return nil
}

/// Items sorted by id, so backends with different `all()` orders compare equal.
func sortedByID(_ notes: [Note]) -> [Note] {
  notes.sorted { Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8)) }
}
