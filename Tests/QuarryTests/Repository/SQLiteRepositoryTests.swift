import Foundation
import Quarry
import XCTest

final class SQLiteRepositoryTests: XCTestCase {
  private func makeDatabase() throws -> Database {
    let db = try Database.inMemory()
    try db.migrate(Note.self)
    return db
  }

  func testItemsAreTypedColumnsThatQueriesCanUse() async throws {
    let db = try makeDatabase()
    let notes: any CRUDRepository<Note> = SQLiteRepository<Note>(db)
    try await notes.create(Note(id: "robin", title: "Robin", tags: ["garden"], rating: 4.5))
    try await notes.create(Note(id: "wren", title: "Wren"))

    let found = try await db.read {
      try $0.fetchAll(Note.self, where: Note.Columns.title == "Robin")
    }
    XCTAssertEqual(found.map(\.id), ["robin"])
    let tags = try await db.read {
      try $0.fetchValue(
        String.self, sql: #"SELECT "tags" FROM "notes" WHERE "id" = ?"#,
        arguments: ["robin"])
    }
    XCTAssertEqual(tags, #"["garden"]"#)
    let rating = try await db.read {
      try $0.fetchValue(
        String.self, sql: #"SELECT typeof("rating") FROM "notes" WHERE "id" = ?"#,
        arguments: ["robin"])
    }
    XCTAssertEqual(rating, "real")
  }

  func testAllIsInPrimaryKeyOrder() async throws {
    let notes = SQLiteRepository<Note>(try makeDatabase())
    for id in ["c", "a", "b"] { try await notes.create(Note(id: id)) }
    let ids = try await notes.all().map(\.id)
    XCTAssertEqual(ids, ["a", "b", "c"])
  }

  func testARowThatDoesNotDecodeIsCorruptData() async throws {
    let db = try makeDatabase()
    let notes = SQLiteRepository<Note>(db)
    try await notes.create(Note(id: "robin", tags: ["garden"]))
    try await db.write {
      try $0.execute(
        #"UPDATE "notes" SET "tags" = ? WHERE "id" = ?"#, arguments: ["[oops", "robin"])
    }
    let error = await assertThrowsRepositoryError(.corruptData) {
      try await notes.read(id: "robin")
    }
    XCTAssertEqual(error?.location, ":memory:")
    XCTAssertTrue(error?.underlyingError is RowDecodingError, "\(String(describing: error))")
  }

  func testAMissingTableIsAStorageFailureCarryingTheSQLiteError() async throws {
    let notes = SQLiteRepository<Note>(try Database.inMemory())
    let error = await assertThrowsRepositoryError(.storageFailure) {
      try await notes.create(Note(id: "robin"))
    }
    XCTAssertTrue(error?.underlyingError is SQLiteError, "\(String(describing: error))")
  }

  func testAFailedCreateWritesNothing() async throws {
    let db = try makeDatabase()
    let notes = SQLiteRepository<Note>(db)
    try await notes.create(Note(id: "robin", title: "first"))
    await assertThrowsRepositoryError(.alreadyExists) {
      try await notes.create(Note(id: "robin", title: "second"))
    }
    let count = try await db.read { try $0.count(Note.self) }
    XCTAssertEqual(count, 1)
  }
}
