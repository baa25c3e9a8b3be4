import Foundation
import XCTest

@testable import Quarry

final class RepositoryInternalsTests: XCTestCase {
  private func hex(_ text: String) -> String {
    FileNameEncoding.hex(SHA256.hash(Array(text.utf8)))
  }

  func testSHA256MatchesTheStandardVectors() {
    XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      hex(String(repeating: "a", count: 1_000)),
      "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  func testFileNamesSwitchToAHashPast100Bytes() {
    let hundred = String(repeating: "a", count: 100)
    let name = FileNameEncoding.fileName(forKey: hundred, fileExtension: "json")
    XCTAssertEqual(name, "k" + String(repeating: "61", count: 100) + ".json")
    let longer = FileNameEncoding.fileName(forKey: hundred + "a", fileExtension: "json")
    XCTAssertTrue(longer.hasPrefix("h" + String(repeating: "61", count: 32) + "-"), longer)
    XCTAssertEqual(longer.count, 1 + 64 + 1 + 64 + 5)
  }

  func testAHostileFileExtensionIsReducedToLettersAndDigits() {
    XCTAssertEqual(FileNameEncoding.fileName(forKey: "a", fileExtension: "../x/y"), "k61.xy")
    XCTAssertEqual(FileNameEncoding.fileName(forKey: "a", fileExtension: "/"), "k61")
  }

  func testOnlyOurNamesAreItemFiles() {
    XCTAssertTrue(FileNameEncoding.isItemFileName("k61.json", fileExtension: "json"))
    XCTAssertTrue(FileNameEncoding.isItemFileName("h6161-ff.json", fileExtension: "json"))
    XCTAssertFalse(FileNameEncoding.isItemFileName("k61.plist", fileExtension: "json"))
    XCTAssertFalse(FileNameEncoding.isItemFileName("kXY.json", fileExtension: "json"))
    XCTAssertFalse(FileNameEncoding.isItemFileName("k6A.json", fileExtension: "json"))
    XCTAssertFalse(FileNameEncoding.isItemFileName(".tmp-1.json", fileExtension: "json"))
    XCTAssertFalse(FileNameEncoding.isItemFileName("notes.json", fileExtension: "json"))
  }

  func testStorageKeysForCommonIDTypes() {
    XCTAssertEqual(StorageKey.make("robin"), "robin")
    XCTAssertEqual(StorageKey.make(42), "42")
    XCTAssertEqual(StorageKey.make(Int64(-7)), "-7")
    XCTAssertEqual(
      StorageKey.make(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    XCTAssertEqual(StorageKey.make("cafe\u{301}"), "caf\u{e9}")
  }

  func testDefaultsKeysEscapeControlCharactersAndPercent() {
    XCTAssertEqual(DefaultsKeyEncoding.encode("a\0b%c\u{7f}\u{85}é"), "a%00b%25c%7F%C2%85é")
  }
}
