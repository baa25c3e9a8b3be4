import Foundation
import Quarry
import XCTest

final class UserDefaultsRepositoryTests: XCTestCase {
  func testKeysArePrefixedAndEscapeOnlyWhatPropertyListsCannotHold() throws {
    let repository = try UserDefaultsRepository<Note>(suiteName: makeTemporarySuiteName())
    XCTAssertEqual(repository.keyPrefix, "Note.")
    XCTAssertEqual(repository.key(for: "robin"), "Note.robin")
    XCTAssertEqual(repository.key(for: "../../etc/passwd"), "Note.../../etc/passwd")
    XCTAssertEqual(repository.key(for: "a\0b"), "Note.a%00b")
    XCTAssertEqual(repository.key(for: "100%"), "Note.100%25")
    XCTAssertEqual(repository.key(for: "tab\there"), "Note.tab%09here")
    XCTAssertEqual(repository.key(for: "🐦"), "Note.🐦")
  }

  func testACustomPrefixSeparatesRepositoriesSharingASuite() async throws {
    let suiteName = makeTemporarySuiteName()
    let drafts = try UserDefaultsRepository<Note>(suiteName: suiteName, keyPrefix: "drafts.")
    let published = try UserDefaultsRepository<Note>(suiteName: suiteName, keyPrefix: "published.")
    try await drafts.create(Note(id: "a", title: "draft"))
    try await published.create(Note(id: "a", title: "published"))
    let draftTitles = try await drafts.all().map(\.title)
    let publishedTitles = try await published.all().map(\.title)
    XCTAssertEqual(draftTitles, ["draft"])
    XCTAssertEqual(publishedTitles, ["published"])
  }

  func testItemsAreDataUnderTheirKey() async throws {
    let suiteName = makeTemporarySuiteName()
    let repository = try UserDefaultsRepository<Note>(suiteName: suiteName)
    try await repository.create(Note(id: "a", title: "T"))
    let data = try XCTUnwrap(UserDefaults(suiteName: suiteName)?.data(forKey: "Note.a"))
    XCTAssertEqual(
      String(decoding: data, as: UTF8.self),
      #"{"createdAt":721692800,"id":"a","tags":[],"title":"T"}"#)
  }

  func testAValueThatIsNotDataIsReportedAsCorrupt() async throws {
    let suiteName = makeTemporarySuiteName()
    let repository = try UserDefaultsRepository<Note>(suiteName: suiteName)
    UserDefaults(suiteName: suiteName)?.set("oops", forKey: "Note.a")
    let error = await assertThrowsRepositoryError(.corruptData) {
      try await repository.read(id: "a")
    }
    XCTAssertEqual(error?.location, "Note.a")
    XCTAssertTrue(
      error.map(String.init(describing:))?.hasPrefix(
        "cannot decode Note 'a' at 'Note.a' in UserDefaults suite '\(suiteName)': expected Data, "
          + "found ") ?? false,
      "\(String(describing: error))")
    await assertThrowsRepositoryError(.corruptData) { try await repository.all() }
  }

  func testGarbageBytesAreReportedAsCorrupt() async throws {
    let suiteName = makeTemporarySuiteName()
    let repository = try UserDefaultsRepository<Note>(suiteName: suiteName)
    UserDefaults(suiteName: suiteName)?.set(Data("{\"id\":".utf8), forKey: "Note.a")
    let error = await assertThrowsRepositoryError(.corruptData) {
      try await repository.read(id: "a")
    }
    XCTAssertEqual(error?.location, "Note.a")
  }

  #if os(Linux)
    /// Linux Foundation keeps suites in memory and in `~/.config/<suite>.plist`. Another
    /// instance in the same process shares the memory, so it proves nothing about the disk:
    /// this test reads the file itself, as a new process would.
    func testOnLinuxEveryChangeReachesTheSuiteFile() async throws {
      let suiteName = makeTemporarySuiteName()
      let repository = try UserDefaultsRepository<Note>(suiteName: suiteName)
      try await repository.create(Note(id: "a\0b", title: "first"))
      try await repository.create(Note(id: "c", title: "second"))
      try await repository.delete(id: "c")

      let data = try Data(contentsOf: linuxSuiteFile(suiteName))
      let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
      let dictionary = try XCTUnwrap(plist as? [String: Any])
      XCTAssertEqual(dictionary.keys.sorted(), ["Note.a%00b"])
      let stored = try XCTUnwrap(dictionary["Note.a%00b"] as? Data)
      XCTAssertEqual(try JSONDecoder().decode(Note.self, from: stored).title, "first")
    }
  #endif
}
