import Foundation
import Quarry
import XCTest

/// Ids that are not strings still get injective, readable keys on the Codable backends.
final class NonStringIDTests: XCTestCase {
  private struct Counter: Codable, Identifiable, Sendable, Equatable {
    var id: Int
    var value: Int
  }

  private struct Visit: Codable, Identifiable, Sendable, Equatable {
    struct ID: Codable, Hashable, Sendable {
      var site: String
      var day: Int
    }
    var id: ID
  }

  func testIntegerIDsOnFilesAndUserDefaults() async throws {
    let suiteName = makeTemporarySuiteName()
    let repositories: [any CRUDRepository<Counter>] = [
      FileSystemRepository<Counter>(directory: try makeTemporaryDirectory()),
      try UserDefaultsRepository<Counter>(suiteName: suiteName),
    ]
    for repository in repositories {
      for id in [-1, 0, 1, 42] { try await repository.create(Counter(id: id, value: id * 2)) }
      let read = try await repository.read(id: 42)
      XCTAssertEqual(read.value, 84)
      let count = try await repository.all().count
      XCTAssertEqual(count, 4)
    }
    XCTAssertNotNil(UserDefaults(suiteName: suiteName)?.data(forKey: "Counter.-1"))
  }

  func testStructIDsAreKeyedBySortedKeyJSON() async throws {
    let suiteName = makeTemporarySuiteName()
    let defaults = try UserDefaultsRepository<Visit>(suiteName: suiteName, keyPrefix: "visits.")
    let id = Visit.ID(site: "oak", day: 3)
    XCTAssertEqual(defaults.key(for: id), #"visits.{"day":3,"site":"oak"}"#)
    try await defaults.create(Visit(id: id))
    await assertThrowsRepositoryError(.alreadyExists) { try await defaults.create(Visit(id: id)) }
    let files = FileSystemRepository<Visit>(directory: try makeTemporaryDirectory())
    try await files.create(Visit(id: id))
    let read = try await files.read(id: id)
    XCTAssertEqual(read.id, id)
  }
}
