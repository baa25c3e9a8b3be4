import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// The README's story: the same app code on SQLite, PostgreSQL, then files, then XML, one line
/// apart.
final class RepositoryStoryTests: XCTestCase {
  /// The app: it knows only `any CRUDRepository<Note>`.
  private func noteTaking(_ notes: any CRUDRepository<Note>) async throws -> [String] {
    let robin = Note(id: "robin", title: "Robin")
    try await notes.create(robin)
    var note = try await notes.read(id: robin.id)
    note.title = "European robin"
    try await notes.update(note)
    try await notes.upsert(Note(id: "wren", title: "Wren"))
    let titles = try await notes.all().map(\.title)
    try await notes.delete(id: robin.id)
    return titles
  }

  func testTheSameAppCodeRunsOnEveryBackend() async throws {
    let db = try Database.inMemory()
    try db.migrate(Note.self)
    let directory = try makeTemporaryDirectory()

    let onSQLite = try await noteTaking(SQLiteRepository<Note>(db))
    let server = try SharedPostgresServer.createDatabase()
    addTeardownBlock { server.drop() }
    let postgres = try Database(postgres: server.conninfo)
    try postgres.migrate(Note.self)
    let onPostgres = try await noteTaking(SQLiteRepository<Note>(postgres))
    XCTAssertEqual(
      try PostgresRawConnection(conninfo: server.conninfo)
        .query(#"SELECT "id", "title" FROM "notes""#).rows,
      [["wren", "Wren"]])
    let onFiles = try await noteTaking(
      FileSystemRepository<Note>(directory: directory.appendingPathComponent("json")))
    let inXML = try await noteTaking(
      FileSystemRepository<Note>(
        directory: directory.appendingPathComponent("xml"),
        transformer: PropertyListDataTransformer(format: .xml)))
    let inDefaults = try await noteTaking(
      try UserDefaultsRepository<Note>(suiteName: makeTemporarySuiteName()))
    let inMemory = try await noteTaking(InMemoryRepository<Note>())

    for titles in [onSQLite, onPostgres, onFiles, inXML, inDefaults, inMemory] {
      XCTAssertEqual(titles, ["European robin", "Wren"])
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(
        atPath: directory.appendingPathComponent("xml").path),
      ["k7772656e.plist"])
  }
}
