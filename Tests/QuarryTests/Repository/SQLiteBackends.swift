import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// `Note` mapped the way `quarry` would generate it (see CONTRACT.md), written by hand here so
/// the runtime tests do not depend on the generator.
extension Note: TableRecord {
  typealias PrimaryKey = String

  enum Columns {
    static let id = Column<Note, String>("id")
    static let title = Column<Note, String>("title")
    static let tags = Column<Note, [String]>(json: "tags")
    static let rating = Column<Note, Double?>("rating")
    static let createdAt = Column<Note, Date>("created_at")
  }

  static let table = TableDefinition(
    name: "notes",
    columns: [
      ColumnDefinition("id", .text, primaryKey: true),
      ColumnDefinition("title", .text),
      ColumnDefinition("tags", .text),
      ColumnDefinition("rating", .real, nullable: true),
      ColumnDefinition("created_at", .real),
    ],
    indexes: []
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    title = try row.decode(at: 1)
    tags = try row.decodeJSON(at: 2)
    rating = try row.decode(at: 3)
    createdAt = try row.decode(at: 4)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(title, at: 2)
    try statement.bindJSON(tags, at: 3)
    try statement.bind(rating, at: 4)
    try statement.bind(createdAt, at: 5)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: String, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}

extension XCTestCase {
  /// SQLite in memory, and in a file that a second `Database` reopens; and, when the suites run
  /// on PostgreSQL, a fresh database there (dropped at the end of the test) reopened the same way.
  func sqliteBackends() throws -> [RepositoryBackend] {
    let memory = try Database.inMemory()
    try memory.migrate(Note.self)
    let path = try makeTemporaryDirectory().appendingPathComponent("notes.sqlite").path
    let file = try Database(path: path)
    try file.migrate(Note.self)
    var postgres: [RepositoryBackend] = []
    if TestEngine.enabled.contains(.postgres) {
      let database = try SharedPostgresServer.createDatabase()
      addTeardownBlock { database.drop() }
      let server = try TestEngine.openPostgres(database.conninfo)
      try server.migrate(Note.self)
      postgres.append(
        RepositoryBackend(
          name: "postgres", make: { SQLiteRepository<Note>(server) },
          reopen: { SQLiteRepository<Note>(try TestEngine.openPostgres(database.conninfo)) },
          isSQLite: true, storesNUL: false))
    }
    return [
      RepositoryBackend(
        name: "sqlite/memory", make: { SQLiteRepository<Note>(memory) }, reopen: nil,
        isSQLite: true),
      RepositoryBackend(
        name: "sqlite/file", make: { SQLiteRepository<Note>(file) },
        reopen: { SQLiteRepository<Note>(try Database(path: path)) },
        isSQLite: true),
    ] + postgres
  }
}
