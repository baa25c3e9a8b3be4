import Foundation
import XCTest

@testable import Quarry

/// `SQLiteRepository` over a `Database` of either engine: the repository is the same code on a
/// `Database(postgres:)`, and every answer is checked with raw SQL on that engine.
final class SQLiteRepositoryTests: EngineTestCase {
  private func makeNotesDatabase() throws -> Database {
    let db = try makeDatabase()
    try db.migrate(Note.self)
    return db
  }

  func testItemsAreTypedColumnsThatQueriesCanUse() async {
    await forEachEngine { _ in
      let db = try makeNotesDatabase()
      let notes: any CRUDRepository<Note> = SQLiteRepository<Note>(db)
      try await notes.create(Note(id: "robin", title: "Robin", tags: ["garden"], rating: 4.5))
      try await notes.create(Note(id: "wren", title: "Wren"))

      let found = try await db.read {
        try $0.fetchAll(Note.self, where: Note.Columns.title == "Robin")
      }
      XCTAssertEqual(found.map(\.id), ["robin"])
      // `tags` is a TEXT column holding JSON on both engines (Note's table declares no kind).
      XCTAssertEqual(
        try rawRows(#"SELECT "tags", "rating" FROM "notes" WHERE "id" = 'robin'"#, in: db),
        [[.text(#"["garden"]"#), .real(4.5)]])
    }
  }

  func testAllIsInPrimaryKeyOrder() async {
    await forEachEngine { _ in
      let notes = SQLiteRepository<Note>(try makeNotesDatabase())
      for id in ["c", "a", "b"] { try await notes.create(Note(id: id)) }
      let ids = try await notes.all().map(\.id)
      XCTAssertEqual(ids, ["a", "b", "c"])
    }
  }

  func testARowThatDoesNotDecodeIsCorruptData() async {
    await forEachEngine { engine in
      let db = try makeNotesDatabase()
      let notes = SQLiteRepository<Note>(db)
      try await notes.create(Note(id: "robin", tags: ["garden"]))
      try await db.write {
        try $0.execute(
          #"UPDATE "notes" SET "tags" = ? WHERE "id" = ?"#, arguments: ["[oops", "robin"])
      }
      let error = await assertThrowsRepositoryError(.corruptData) {
        try await notes.read(id: "robin")
      }
      XCTAssertEqual(error?.location, db.path)
      if engine == .sqlite { XCTAssertEqual(error?.location, ":memory:") }
      XCTAssertTrue(error?.underlyingError is RowDecodingError, "\(String(describing: error))")
    }
  }

  func testAMissingTableIsAStorageFailureCarryingTheEnginesError() async {
    await forEachEngine { engine in
      let notes = SQLiteRepository<Note>(try makeDatabase())
      let error = await assertThrowsRepositoryError(.storageFailure) {
        try await notes.create(Note(id: "robin"))
      }
      switch engine {
      case .sqlite:
        XCTAssertTrue(error?.underlyingError is SQLiteError, "\(String(describing: error))")
      case .postgres:
        // undefined_table
        XCTAssertEqual(
          (error?.underlyingError as? PostgresError)?.sqlState, "42P01",
          "\(String(describing: error))")
      }
    }
  }

  func testAFailedCreateWritesNothing() async {
    await forEachEngine { _ in
      let db = try makeNotesDatabase()
      let notes = SQLiteRepository<Note>(db)
      try await notes.create(Note(id: "robin", title: "first"))
      await assertThrowsRepositoryError(.alreadyExists) {
        try await notes.create(Note(id: "robin", title: "second"))
      }
      XCTAssertEqual(
        try rawRows(#"SELECT "title" FROM "notes""#, in: db), [[.text("first")]])
    }
  }
}
