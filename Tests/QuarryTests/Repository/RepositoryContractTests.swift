import Foundation
import Quarry
import XCTest

/// The behaviour every ``CRUDRepository`` promises, run against every backend and transformer.
///
/// Each test loops over ``allBackends()`` (memory; files and UserDefaults with JSON, XML and
/// binary property lists; SQLite in memory and in a file) and names the backend in every failure.
final class RepositoryContractTests: XCTestCase {
  private let robin = Note(id: "robin", title: "Robin", tags: ["garden", "red"], rating: 4.5)
  private let wren = Note(id: "wren", title: "Wren", tags: [], rating: nil)

  func testCreateThenReadReturnsTheItem() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      let read = try await repository.read(id: "robin")
      XCTAssertEqual(read, robin, backend.name)
    }
  }

  func testCreateWithAnExistingIDThrowsAlreadyExistsAndKeepsTheOriginal() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      var other = robin
      other.title = "Impostor"
      await assertThrowsRepositoryError(.alreadyExists, backend.name) {
        try await repository.create(other)
      }
      let read = try await repository.read(id: "robin")
      XCTAssertEqual(read.title, "Robin", backend.name)
    }
  }

  func testReadOfAMissingIDThrowsNotFound() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      let error = await assertThrowsRepositoryError(.notFound, backend.name) {
        try await repository.read(id: "nope")
      }
      XCTAssertEqual(error?.id, "nope", backend.name)
      XCTAssertEqual(error?.itemType, "Note", backend.name)
    }
  }

  func testUpdateReplacesTheStoredItem() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      try await repository.create(wren)
      var changed = robin
      changed.title = "European robin"
      changed.tags = ["garden"]
      changed.rating = nil
      try await repository.update(changed)
      let read = try await repository.read(id: "robin")
      XCTAssertEqual(read, changed, backend.name)
      let untouched = try await repository.read(id: "wren")
      XCTAssertEqual(untouched, wren, backend.name)
    }
  }

  func testUpdateOfAMissingIDThrowsNotFoundAndCreatesNothing() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      await assertThrowsRepositoryError(.notFound, backend.name) {
        try await repository.update(self.robin)
      }
      let all = try await repository.all()
      XCTAssertEqual(all, [], backend.name)
    }
  }

  func testUpsertCreatesThenReplaces() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.upsert(robin)
      let created = try await repository.read(id: "robin")
      XCTAssertEqual(created, robin, backend.name)
      var changed = robin
      changed.title = "Upserted"
      try await repository.upsert(changed)
      let replaced = try await repository.read(id: "robin")
      XCTAssertEqual(replaced.title, "Upserted", backend.name)
      let count = try await repository.all().count
      XCTAssertEqual(count, 1, backend.name)
    }
  }

  func testDeleteRemovesOnlyThatItem() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      try await repository.create(wren)
      try await repository.delete(id: "robin")
      await assertThrowsRepositoryError(.notFound, backend.name) {
        try await repository.read(id: "robin")
      }
      let all = try await repository.all()
      XCTAssertEqual(all, [wren], backend.name)
    }
  }

  func testDeleteOfAMissingIDThrowsNotFound() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(robin)
      try await repository.delete(id: "robin")
      await assertThrowsRepositoryError(.notFound, backend.name) {
        try await repository.delete(id: "robin")
      }
    }
  }

  func testAllReturnsEveryItemAndNothingWhenEmpty() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      let empty = try await repository.all()
      XCTAssertEqual(empty, [], backend.name)
      let heron = Note(id: "heron", title: "Heron", tags: ["water"], rating: 3)
      for note in [wren, robin, heron] { try await repository.create(note) }
      let all = try await repository.all()
      XCTAssertEqual(sortedByID(all), [heron, robin, wren], backend.name)
    }
  }

  func testManyTasksCreatingAtOnceLoseNothing() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for number in 0..<40 {
          group.addTask {
            try await repository.create(Note(id: "note-\(number)", title: "\(number)"))
            _ = try await repository.read(id: "note-\(number)")
          }
        }
        try await group.waitForAll()
      }
      let all = try await repository.all()
      XCTAssertEqual(all.count, 40, backend.name)
      XCTAssertEqual(Set(all.map(\.id)).count, 40, backend.name)
    }
  }

  func testManyTasksCreatingOneIDLetExactlyOneWin() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      let outcomes = await withTaskGroup(of: String.self) { group in
        for number in 0..<20 {
          group.addTask {
            do {
              try await repository.create(Note(id: "contested", title: "\(number)"))
              return "created"
            } catch RepositoryError.alreadyExists {
              return "alreadyExists"
            } catch {
              return "\(error)"
            }
          }
        }
        var outcomes: [String: Int] = [:]
        for await outcome in group { outcomes[outcome, default: 0] += 1 }
        return outcomes
      }
      XCTAssertEqual(outcomes, ["created": 1, "alreadyExists": 19], backend.name)
    }
  }

  func testManyTasksUpdatingAndReadingAtOnceAlwaysReadAWholeItem() async throws {
    for backend in try allBackends() {
      let repository = try backend.make()
      let robin = self.robin
      try await repository.create(robin)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for number in 0..<20 {
          group.addTask {
            var note = robin
            note.title = "version \(number)"
            try await repository.upsert(note)
          }
          group.addTask {
            let read = try await repository.read(id: "robin")
            XCTAssertEqual(read.tags, ["garden", "red"], backend.name)
          }
        }
        try await group.waitForAll()
      }
      let all = try await repository.all()
      XCTAssertEqual(all.count, 1, backend.name)
    }
  }

  func testDataSurvivesReopeningPersistentBackends() async throws {
    for backend in try allBackends() {
      guard let reopen = backend.reopen else { continue }
      do {
        let repository = try backend.make()
        try await repository.create(robin)
        try await repository.create(wren)
        try await repository.delete(id: "wren")
      }
      let reopened = try reopen()
      let all = try await reopened.all()
      XCTAssertEqual(all, [robin], backend.name)
    }
  }

  func testUnusualIDsAreStoredReadAndDeletedIndependently() async throws {
    let ids = [
      "../../etc/passwd", "/", "\0", "a\0b", String(repeating: "x", count: 10_000),
      String(repeating: "x", count: 9_999) + "y", "Robin", "robin", "ROBIN", "🐦", "日本語",
      "", " ", ".", "..", "%00", "k", "CON", "a/b\\c:d*e?f\"g<h>i|j",
    ]
    for backend in try allBackends() {
      let repository = try backend.make()
      var ids = ids
      if !backend.storesNUL {
        // A clear refusal, never an id cut short at the NUL or stored as another id.
        for id in ids where id.contains("\0") {
          let error = await assertThrowsRepositoryError(.storageFailure, backend.name) {
            try await repository.create(Note(id: id, title: "refused"))
          }
          XCTAssertTrue(
            "\(error?.underlyingError.map { "\($0)" } ?? "")".contains("NUL character"),
            "\(backend.name) \(String(describing: error))")
        }
        ids.removeAll { $0.contains("\0") }
      }
      for (number, id) in ids.enumerated() {
        try await repository.create(Note(id: id, title: "\(number)"))
      }
      for (number, id) in ids.enumerated() {
        let read = try await repository.read(id: id)
        XCTAssertEqual(read.id, id, backend.name)
        XCTAssertEqual(read.title, "\(number)", "\(backend.name) \(id.prefix(20))")
      }
      let count = try await repository.all().count
      XCTAssertEqual(count, ids.count, backend.name)
      for id in ids { try await repository.delete(id: id) }
      let remaining = try await repository.all()
      XCTAssertEqual(remaining, [], backend.name)
    }
  }

  func testEquivalentUnicodeSpellingsAreOneIDInEveryBackend() async throws {
    // One rule (issue 15 #6): ids equal as Swift compares strings (canonical equivalence) are
    // one item. SQLite compares TEXT by bytes, so SQLiteRepository looks ids up in NFC and
    // refuses to store an id that is not in NFC rather than keep two "café"s.
    let composed = "caf\u{e9}"
    let decomposed = "cafe\u{301}"
    for backend in try allBackends() {
      let repository = try backend.make()
      try await repository.create(Note(id: composed, title: "composed"))
      let read = try await repository.read(id: decomposed)
      XCTAssertEqual(read.title, "composed", backend.name)
      let error = await assertThrowsRepositoryError(
        backend.isSQLite ? .storageFailure : .alreadyExists, backend.name
      ) {
        try await repository.create(Note(id: decomposed, title: "decomposed"))
      }
      if backend.isSQLite {
        XCTAssertTrue(
          "\(String(describing: error))".contains("the id is not in Unicode NFC"), backend.name)
      }
      let count = try await repository.all().count
      XCTAssertEqual(count, 1, backend.name)
      try await repository.delete(id: decomposed)
      let remaining = try await repository.all().count
      XCTAssertEqual(remaining, 0, backend.name)
    }
  }
}
