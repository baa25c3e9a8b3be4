import Foundation
import Quarry
import XCTest

final class FileSystemRepositoryTests: XCTestCase {
  private var root = URL(fileURLWithPath: "/nonexistent")
  private var directory = URL(fileURLWithPath: "/nonexistent")

  override func setUpWithError() throws {
    root = try makeTemporaryDirectory()
    directory = root.appendingPathComponent("notes", isDirectory: true)
  }

  private func entries(_ url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func testFileNamesAreHexEncodedIDsInsideTheDirectory() {
    let repository = FileSystemRepository<Note>(directory: directory)
    let expected: [(String, String)] = [
      ("../../etc/passwd", "k2e2e2f2e2e2f6574632f706173737764.json"),
      ("/", "k2f.json"),
      ("\0", "k00.json"),
      ("Robin", "k526f62696e.json"),
      ("robin", "k726f62696e.json"),
      ("🐦", "kf09f90a6.json"),
      ("", "k.json"),
      (
        String(repeating: "x", count: 10_000),
        "h7878787878787878787878787878787878787878787878787878787878787878-"
          + "e4ee97ec252749d2096447e849628d0d7734f51700416eefbb33574bf0b3ee75.json"
      ),
    ]
    for (id, name) in expected {
      let url = repository.fileURL(for: id)
      XCTAssertEqual(url.lastPathComponent, name)
      XCTAssertEqual(url.deletingLastPathComponent().path, directory.path)
    }
  }

  func testHostileIDsWriteOnlyInsideTheDirectory() async throws {
    let repository = FileSystemRepository<Note>(directory: directory)
    let ids = [
      "../../etc/passwd", "../escape", "/", "/tmp/x", "\0", String(repeating: "x", count: 10_000),
    ]
    for id in ids { try await repository.create(Note(id: id)) }
    XCTAssertEqual(try entries(root), ["notes"])
    let files = try entries(directory)
    XCTAssertEqual(files.count, ids.count)
    XCTAssertTrue(files.allSatisfy { $0.count < 255 && !$0.hasPrefix(".") }, "\(files)")
  }

  func testIDsDifferingOnlyInCaseGetDistinctNamesEvenOnCaseInsensitiveVolumes() {
    let repository = FileSystemRepository<Note>(directory: directory)
    let names = ["Robin", "robin", "ROBIN"].map { repository.fileURL(for: $0).lastPathComponent }
    XCTAssertEqual(Set(names.map { $0.lowercased() }).count, 3)
  }

  func testLongIDsWithACommonPrefixDoNotCollide() {
    let repository = FileSystemRepository<Note>(directory: directory)
    let first = repository.fileURL(for: String(repeating: "x", count: 10_000))
    let second = repository.fileURL(for: String(repeating: "x", count: 9_999) + "y")
    XCTAssertNotEqual(first, second)
  }

  func testFilesHoldTheTransformersFormat() async throws {
    let note = Note(id: "a", title: "T", tags: ["x"], rating: 4.5)
    let json = FileSystemRepository<Note>(directory: directory)
    try await json.create(note)
    let jsonText = try String(contentsOf: json.fileURL(for: "a"), encoding: .utf8)
    XCTAssertEqual(
      jsonText, #"{"createdAt":721692800,"id":"a","rating":4.5,"tags":["x"],"title":"T"}"#)

    let xml = FileSystemRepository<Note>(
      directory: directory, transformer: PropertyListDataTransformer(format: .xml))
    try await xml.create(note)
    XCTAssertEqual(xml.fileURL(for: "a").lastPathComponent, "k61.plist")
    let xmlText = try String(contentsOf: xml.fileURL(for: "a"), encoding: .utf8)
    XCTAssertTrue(xmlText.hasPrefix("<?xml"), xmlText)
    XCTAssertTrue(xmlText.contains("<key>title</key>"), xmlText)

    let binaryDirectory = root.appendingPathComponent("binary")
    let binary = FileSystemRepository<Note>(
      directory: binaryDirectory, transformer: PropertyListDataTransformer(format: .binary))
    try await binary.create(note)
    let binaryData = try Data(contentsOf: binary.fileURL(for: "a"))
    XCTAssertEqual(String(decoding: binaryData.prefix(8), as: UTF8.self), "bplist00")
  }

  func testRepositoriesOfDifferentFormatsOnOneDirectoryIgnoreEachOther() async throws {
    let json = FileSystemRepository<Note>(directory: directory)
    let xml = FileSystemRepository<Note>(
      directory: directory, transformer: PropertyListDataTransformer(format: .xml))
    try await json.create(Note(id: "a", title: "json"))
    try await xml.create(Note(id: "a", title: "xml"))
    let jsonAll = try await json.all()
    let xmlAll = try await xml.all()
    XCTAssertEqual(jsonAll.map(\.title), ["json"])
    XCTAssertEqual(xmlAll.map(\.title), ["xml"])
  }

  func testWritesLeaveNoTemporaryFilesBehind() async throws {
    let repository = FileSystemRepository<Note>(directory: directory)
    try await repository.create(Note(id: "a"))
    try await repository.update(Note(id: "a", title: "changed"))
    try await repository.upsert(Note(id: "b"))
    await assertThrowsRepositoryError(.alreadyExists) { try await repository.create(Note(id: "b")) }
    await assertThrowsRepositoryError(.notFound) { try await repository.update(Note(id: "c")) }
    XCTAssertEqual(try entries(directory), ["k61.json", "k62.json"])
  }

  func testAHalfWrittenFileIsAnErrorNamingTheFile() async throws {
    let repository = FileSystemRepository<Note>(directory: directory)
    try await repository.create(Note(id: "a", title: "whole"))
    let file = repository.fileURL(for: "a")
    try Data(#"{"createdAt":721692800,"id":"a","ti"#.utf8).write(to: file)

    let readError = await assertThrowsRepositoryError(.corruptData) {
      try await repository.read(id: "a")
    }
    XCTAssertEqual(readError?.location, file.path)
    XCTAssertEqual(readError?.id, "a")
    let description = readError.map(String.init(describing:)) ?? ""
    XCTAssertTrue(
      description.hasPrefix("cannot decode Note 'a' at '\(file.path)': "), description)

    let allError = await assertThrowsRepositoryError(.corruptData) { try await repository.all() }
    XCTAssertEqual(allError?.location, file.path)
  }

  func testAnEmptyOrGarbageFileIsAnErrorNotACrash() async throws {
    for transformer in allTransformers {
      let repository = FileSystemRepository<Note>(
        directory: directory, transformer: transformer.transformer)
      try await repository.create(Note(id: "a"))
      for bytes in [Data(), Data([0xff, 0x00, 0x12]), Data("bplist00".utf8)] {
        try bytes.write(to: repository.fileURL(for: "a"))
        await assertThrowsRepositoryError(.corruptData, transformer.name) {
          try await repository.read(id: "a")
        }
      }
      try await repository.upsert(Note(id: "a"))
      try await repository.delete(id: "a")
    }
  }

  func testAFileRenamedToAnotherIDsNameIsReported() async throws {
    let repository = FileSystemRepository<Note>(directory: directory)
    try await repository.create(Note(id: "a"))
    try FileManager.default.copyItem(
      at: repository.fileURL(for: "a"), to: repository.fileURL(for: "b"))
    let error = await assertThrowsRepositoryError(.corruptData) {
      try await repository.read(id: "b")
    }
    XCTAssertEqual(
      error.map(String.init(describing:)),
      "cannot decode Note 'b' at '\(repository.fileURL(for: "b").path)': "
        + "the stored item has id 'a'")
  }

  func testOtherFilesInTheDirectoryAreIgnored() async throws {
    let repository = FileSystemRepository<Note>(directory: directory)
    try await repository.create(Note(id: "a"))
    try Data("{}".utf8).write(to: directory.appendingPathComponent(".DS_Store"))
    try Data("{}".utf8).write(to: directory.appendingPathComponent("README.json"))
    try Data("{}".utf8).write(to: directory.appendingPathComponent(".tmp-123"))
    let all = try await repository.all()
    XCTAssertEqual(all.map(\.id), ["a"])
  }

  func testAMissingDirectoryIsEmptyAndCreatedOnFirstWrite() async throws {
    let nested = directory.appendingPathComponent("deeper/still")
    let repository = FileSystemRepository<Note>(directory: nested)
    let all = try await repository.all()
    XCTAssertEqual(all, [])
    await assertThrowsRepositoryError(.notFound) { try await repository.read(id: "a") }
    await assertThrowsRepositoryError(.notFound) { try await repository.delete(id: "a") }
    XCTAssertFalse(FileManager.default.fileExists(atPath: nested.path))
    try await repository.create(Note(id: "a"))
    XCTAssertEqual(try entries(nested), ["k61.json"])
  }

  func testAnUnwritableLocationIsAStorageFailureNamingThePath() async throws {
    let blocker = root.appendingPathComponent("file")
    try Data().write(to: blocker)
    let repository = FileSystemRepository<Note>(directory: blocker.appendingPathComponent("notes"))
    let error = await assertThrowsRepositoryError(.storageFailure) {
      try await repository.create(Note(id: "a"))
    }
    XCTAssertNotNil(error?.location)
  }

  func testTwoInstancesOnOneDirectoryLetOnlyOneCreateWin() async throws {
    let first = FileSystemRepository<Note>(directory: directory)
    let second = FileSystemRepository<Note>(directory: directory)
    try await first.create(Note(id: "a", title: "first"))
    await assertThrowsRepositoryError(.alreadyExists) {
      try await second.create(Note(id: "a", title: "second"))
    }
    let read = try await second.read(id: "a")
    XCTAssertEqual(read.title, "first")
  }

  func testManyInstancesRacingToCreateOneIDLetExactlyOneWin() async throws {
    // Each task has its own actor, so only the file system (`link`) can arbitrate.
    let directory = self.directory
    let created = try await withThrowingTaskGroup(of: Bool.self) { group in
      for number in 0..<20 {
        group.addTask {
          let repository = FileSystemRepository<Note>(directory: directory)
          do {
            try await repository.create(Note(id: "contested", title: "\(number)"))
            return true
          } catch RepositoryError.alreadyExists {
            return false
          }
        }
      }
      return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    XCTAssertEqual(created, 1)
    XCTAssertEqual(try entries(directory), ["k636f6e746573746564.json"])
  }

  func testIntegerAndUUIDIDsHaveReadableKeys() {
    struct Counter: Codable, Identifiable, Sendable { var id: Int }
    struct Tagged: Codable, Identifiable, Sendable { var id: UUID }
    let counters = FileSystemRepository<Counter>(directory: directory)
    XCTAssertEqual(counters.fileURL(for: 42).lastPathComponent, "k3432.json")
    let tagged = FileSystemRepository<Tagged>(directory: directory)
    let uuid = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    XCTAssertEqual(
      tagged.fileURL(for: uuid).lastPathComponent,
      "k30303030303030302d303030302d303030302d303030302d303030303030303030303041.json")
  }
}
