import Foundation
import Quarry
import XCTest

final class DataStoreTests: XCTestCase {
  /// Counts writes, and fails them on demand.
  private final class CountingStorage: DataStorage, @unchecked Sendable {
    let inner = InMemoryDataStorage()
    let lock = NSLock()
    var writes = 0
    var failWrites = false

    func data(forKey key: String) -> Data? { inner.data(forKey: key) }

    func setData(_ data: Data?, forKey key: String) throws {
      try lock.withLock {
        if failWrites { throw CocoaError(.fileWriteOutOfSpace) }
        writes += 1
      }
      inner.setData(data, forKey: key)
    }
  }

  /// Issue 15 #6: the seed-003 spellings compile and persist, in the standard UserDefaults.
  func testTheSeedsSpellingsCompileAndPersist() throws {
    let identifier = "quarry.tests.seed003.\(UUID().uuidString)"
    addTeardownBlock { UserDefaults.standard.removeObject(forKey: identifier) }
    let item = Note(id: "1", title: "first")
    let ds = DataStore<String, Note>(identifier: identifier)
    ds["first"] = item
    XCTAssertNil(ds.lastError)
    XCTAssertEqual(ds["first"], item)
    XCTAssertEqual(DataStore<String, Note>(identifier: identifier)["first"], item)
    ds["first"] = nil
    XCTAssertEqual(DataStore<String, Note>(identifier: identifier).count, 0)
  }

  func testAFailedAssignmentLeavesMemoryUnchangedAndSetsLastError() throws {
    let storage = CountingStorage()
    let store = try DataStore<String, Note>(identifier: "Item", storage: storage)
    store["a"] = Note(id: "a")
    storage.failWrites = true
    store["b"] = Note(id: "b")
    XCTAssertNil(store["b"])
    XCTAssertEqual(store.lastError?.code, .storageFailure)
    storage.failWrites = false
    store["b"] = Note(id: "b")
    XCTAssertNil(store.lastError)
    XCTAssertEqual(store.count, 2)
  }

  func testUndecodableBytesUnderTheSeedsInitAreKeptNotOverwritten() throws {
    let identifier = "quarry.tests.seed003.\(UUID().uuidString)"
    addTeardownBlock { UserDefaults.standard.removeObject(forKey: identifier) }
    UserDefaults.standard.set(Data("not a plist".utf8), forKey: identifier)
    let ds = DataStore<String, Note>(identifier: identifier)
    XCTAssertEqual(ds.count, 0)
    XCTAssertEqual(ds.lastError?.code, .corruptData)
    XCTAssertTrue(
      "\(ds.lastError.map(String.init(describing:)) ?? "")".contains(
        "in standard UserDefaults"))
    ds["first"] = Note(id: "1")
    XCTAssertNil(ds["first"])
    XCTAssertEqual(UserDefaults.standard.data(forKey: identifier), Data("not a plist".utf8))
    try ds.removeAll()
    ds["first"] = Note(id: "1")
    XCTAssertNil(ds.lastError)
    XCTAssertEqual(ds["first"], Note(id: "1"))
  }

  func testTheSeedsUsage() throws {
    let storage = try UserDefaultsDataStorage(suiteName: makeTemporarySuiteName())
    let store = try DataStore<String, Note>(identifier: "Item", storage: storage)
    try store.setValue(Note(id: "1", title: "first"), forKey: "first")
    XCTAssertEqual(store["first"]?.title, "first")
    XCTAssertEqual(store.count, 1)
    let reopened = try DataStore<String, Note>(identifier: "Item", storage: storage)
    XCTAssertEqual(reopened.dictionary, ["first": Note(id: "1", title: "first")])
  }

  func testEveryStorageAndTransformerPersistsTheWholeDictionary() throws {
    for (name, transformer) in allTransformers {
      let storages: [any DataStorage] = [
        InMemoryDataStorage(),
        FileDataStorage(directory: try makeTemporaryDirectory()),
        try UserDefaultsDataStorage(suiteName: makeTemporarySuiteName(), keyPrefix: "stores."),
      ]
      for storage in storages {
        let store = try DataStore<UUID, [String]>(
          identifier: "tags", storage: storage, transformer: transformer)
        let key = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try store.setValue(["a", "b"], forKey: key)
        let reopened = try DataStore<UUID, [String]>(
          identifier: "tags", storage: storage, transformer: transformer)
        XCTAssertEqual(reopened[key], ["a", "b"], "\(name) \(type(of: storage))")
        XCTAssertEqual(try reopened.removeValue(forKey: key), ["a", "b"])
        XCTAssertEqual(
          try DataStore<UUID, [String]>(
            identifier: "tags", storage: storage, transformer: transformer
          ).count, 0)
      }
    }
  }

  func testUpdateWritesOnceForManyChanges() throws {
    let storage = CountingStorage()
    let store = try DataStore<Int, String>(identifier: "numbers", storage: storage)
    try store.update { numbers in
      for number in 0..<50 { numbers[number] = "\(number)" }
    }
    XCTAssertEqual(storage.writes, 1)
    XCTAssertEqual(store.count, 50)
  }

  func testAFailedWriteLeavesMemoryUnchanged() throws {
    let storage = CountingStorage()
    let store = try DataStore<String, Int>(identifier: "numbers", storage: storage)
    try store.setValue(1, forKey: "one")
    storage.lock.withLock { storage.failWrites = true }
    XCTAssertThrowsError(try store.setValue(2, forKey: "two"))
    XCTAssertEqual(store.dictionary, ["one": 1])
  }

  func testUndecodableStoredBytesMakeInitThrowInsteadOfStartingEmpty() throws {
    let directory = try makeTemporaryDirectory()
    let storage = FileDataStorage(directory: directory)
    try storage.setData(Data("not a plist".utf8), forKey: "numbers")
    XCTAssertThrowsError(try DataStore<String, Int>(identifier: "numbers", storage: storage)) {
      let error = $0 as? RepositoryError
      XCTAssertEqual(error?.code, .corruptData)
      XCTAssertEqual(error?.location, storage.fileURL(forKey: "numbers").path)
    }
    XCTAssertEqual(try storage.data(forKey: "numbers"), Data("not a plist".utf8))
  }

  func testRemoveAllClearsTheStorage() throws {
    let storage = InMemoryDataStorage()
    let store = try DataStore<String, Int>(identifier: "numbers", storage: storage)
    try store.setValue(1, forKey: "one")
    try store.removeAll()
    XCTAssertEqual(store.count, 0)
    XCTAssertNil(storage.data(forKey: "numbers"))
  }

  func testConcurrentChangesFromManyTasksAreAllKept() async throws {
    let store = try DataStore<Int, Int>(identifier: "squares", storage: InMemoryDataStorage())
    try await withThrowingTaskGroup(of: Void.self) { group in
      for number in 0..<100 {
        group.addTask { try store.setValue(number * number, forKey: number) }
      }
      try await group.waitForAll()
    }
    XCTAssertEqual(store.count, 100)
    XCTAssertEqual(store[9], 81)
  }
}
