import Foundation
import Quarry
import XCTest

/// The seed's client story on every storage: values without identity under chosen keys.
final class KeyedStoreTests: XCTestCase {
  private struct Client: Codable, Sendable, Equatable {
    var name: String
  }

  private func allStores() throws -> [(name: String, store: KeyedStore)] {
    var stores: [(String, KeyedStore)] = [("memory", KeyedStore(storage: InMemoryDataStorage()))]
    for (name, transformer) in allTransformers {
      stores.append(
        (
          "files/\(name)",
          KeyedStore(directory: try makeTemporaryDirectory(), transformer: transformer)
        ))
      let defaults = try UserDefaultsDataStorage(
        suiteName: makeTemporarySuiteName(), keyPrefix: "Clients Database.")
      stores.append(("defaults/\(name)", KeyedStore(storage: defaults, transformer: transformer)))
    }
    return stores
  }

  func testTheSeedsOneItemStory() async throws {
    for (name, store) in try allStores() {
      try await store.create(id: "client", item: Client(name: "Chill Client"))
      var client: Client = try await store.read(id: "client")
      XCTAssertEqual(client.name, "Chill Client", name)
      client.name = "Busy Client"
      try await store.update(id: "client", item: client)
      let updated: Client = try await store.read(id: "client")
      XCTAssertEqual(updated.name, "Busy Client", name)
      try await store.delete(id: "client")
      await assertThrowsRepositoryError(.notFound, name) {
        let _: Client = try await store.read(id: "client")
      }
    }
  }

  func testAnArrayUnderOneKey() async throws {
    for (name, store) in try allStores() {
      let clients = [Client(name: "Chill Client"), Client(name: "Busy Client")]
      try await store.create(id: "clientArray", item: clients)
      let saved = try await store.read(id: "clientArray", as: [Client].self)
      XCTAssertEqual(saved, clients, name)
    }
  }

  func testCreateUpdateAndDeleteCheckWhetherTheKeyHoldsAValue() async throws {
    for (name, store) in try allStores() {
      await assertThrowsRepositoryError(.notFound, name) {
        try await store.update(id: "x", item: Client(name: "a"))
      }
      await assertThrowsRepositoryError(.notFound, name) { try await store.delete(id: "x") }
      try await store.upsert(id: "x", item: Client(name: "a"))
      await assertThrowsRepositoryError(.alreadyExists, name) {
        try await store.create(id: "x", item: Client(name: "b"))
      }
      let contains = try await store.contains(id: "x")
      XCTAssertTrue(contains, name)
    }
  }

  func testReadingAsTheWrongTypeIsCorruptData() async throws {
    for (name, store) in try allStores() {
      try await store.create(id: "client", item: Client(name: "a"))
      await assertThrowsRepositoryError(.corruptData, name) {
        try await store.read(id: "client", as: [Int].self)
      }
    }
  }

  func testHostileKeysStayInsideTheDirectory() async throws {
    let root = try makeTemporaryDirectory()
    let store = KeyedStore(directory: root.appendingPathComponent("store"))
    for key in ["../../etc/passwd", "/", "\0", String(repeating: "k", count: 10_000)] {
      try await store.create(id: key, item: Client(name: key))
      let read: Client = try await store.read(id: key)
      XCTAssertEqual(read.name, key)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["store"])
  }
}
