import CSQLite
import Foundation
import XCTest

@testable import Quarry

/// Read-only opening, online backup, VACUUM INTO, and the `write` call sites of issue 12.
final class DatabaseCopyAndReadOnlyTests: DatabaseTestCase {
  private func fileDatabase(books: Int) throws -> (Database, String) {
    let path = temporaryDatabasePath()
    let database = try Database(path: path)
    try database.migrate(Book.self, Member.self, Loan.self)
    try database.write { db in
      for number in 0..<books {
        try db.insert(Book(title: "b\(number)", genre: .poetry, price: 1, published: 2000))
      }
    }
    return (database, path)
  }

  private func bookCount(at path: String) throws -> Int {
    let copy = try Database(path: path, readOnly: true)
    return try copy.read { try $0.fetchCount(Book.all()) }
  }

  // MARK: Read-only

  func testReadOnlyOpensWithoutSwitchingToWALAndRefusesWrites() throws {
    let path = temporaryDatabasePath()
    // A database in rollback-journal mode, as another app might have written it.
    let connection = try Connection(
      path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
      configuration: Database.Configuration())
    try connection.execute(#"CREATE TABLE "t" ("a" INTEGER); INSERT INTO "t" VALUES (7)"#)

    let database = try Database(path: path, readOnly: true)
    XCTAssertTrue(database.isReadOnly)
    XCTAssertEqual(
      try database.read { try $0.fetchValue(Int.self, sql: #"SELECT "a" FROM "t""#) }, 7)
    XCTAssertEqual(
      try database.read { try $0.fetchValue(String.self, sql: "PRAGMA journal_mode") }, "delete")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    XCTAssertThrowsError(try database.write { try $0.execute(#"DELETE FROM "t""#) }) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 8)
      XCTAssertEqual(
        "\(error)", "SQLite error 8: the database at \(path) was opened read-only")
    }
    XCTAssertThrowsError(try database.migrate(Book.self)) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 8)
    }
  }

  func testReadOnlyDoesNotCreateAMissingFile() throws {
    let path = temporaryDatabasePath()
    XCTAssertThrowsError(try Database(path: path, readOnly: true)) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 14)  // SQLITE_CANTOPEN
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testReadOnlyReadsAWALDatabaseWhileItsWriterWrites() throws {
    let (database, path) = try fileDatabase(books: 3)
    let reader = try Database(path: path, readOnly: true)
    try database.write {
      try $0.insert(Book(title: "new", genre: .scifi, price: 2, published: 2001))
    }
    XCTAssertEqual(try reader.read { try $0.fetchCount(Book.all()) }, 4)
  }

  // MARK: Backup and VACUUM INTO

  func testBackupToAFileWhileOthersWrite() async throws {
    let (database, _) = try fileDatabase(books: 500)
    let target = temporaryDatabasePath()
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for number in 0..<200 {
          try await database.write {
            try $0.insert(Book(title: "w\(number)", genre: .scifi, price: 1, published: 1))
          }
        }
      }
      group.addTask {
        for _ in 0..<50 { _ = try await database.read { try $0.fetchCount(Book.all()) } }
      }
      group.addTask { try database.backup(to: target) }
      try await group.waitForAll()
    }
    let copied = try bookCount(at: target)
    // One snapshot: the 500 first rows, plus however many writes committed before it.
    XCTAssertGreaterThanOrEqual(copied, 500)
    XCTAssertLessThanOrEqual(copied, 700)
    let copy = try Database(path: target, readOnly: true)
    let integrity = try await copy.read {
      try $0.fetchValue(String.self, sql: "PRAGMA integrity_check")
    }
    XCTAssertEqual(integrity, "ok")
    // A second backup replaces the first.
    try database.backup(to: target)
    XCTAssertEqual(try bookCount(at: target), 700)
  }

  func testBackupIntoAnotherDatabase() throws {
    let (database, _) = try fileDatabase(books: 20)
    let memory = try Database.inMemory()
    try database.backup(to: memory)
    XCTAssertEqual(try memory.read { try $0.fetchCount(Book.all()) }, 20)
    try memory.write {
      try $0.insert(Book(title: "only here", genre: .scifi, price: 1, published: 1))
    }
    XCTAssertEqual(try database.read { try $0.fetchCount(Book.all()) }, 20)
    // And back from memory into a file database.
    let (other, _) = try fileDatabase(books: 0)
    try memory.backup(to: other)
    XCTAssertEqual(try other.read { try $0.fetchCount(Book.all()) }, 21)
  }

  func testVacuumInto() throws {
    let (database, _) = try fileDatabase(books: 300)
    try database.write { _ = try $0.deleteAll(Book.all().filter(Book.Columns.id > 10)) }
    let target = temporaryDatabasePath()
    try database.vacuum(into: target)
    XCTAssertEqual(try bookCount(at: target), 10)
    XCTAssertThrowsError(try database.vacuum(into: target)) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 1)
    }
    let memory = try Database.inMemory()
    try memory.migrate(Book.self)
    try memory.write { try $0.insert(Book(title: "m", genre: .scifi, price: 1, published: 1)) }
    let fromMemory = temporaryDatabasePath()
    try memory.vacuum(into: fromMemory)
    XCTAssertEqual(try bookCount(at: fromMemory), 1)
  }

  // MARK: Call sites

  private func synchronousCallSites(_ book: Book) throws {
    try db.write { try $0.insert(book) }
    try db.write { try $0.delete(book) }
    let insert: () throws -> Void = { try self.db.write { try $0.insert(book) } }
    try insert()
    let remove: () throws -> Void = { try self.db.write { try $0.delete(book) } }
    try remove()
    let id = try db.write { try $0.insert(book) }
    XCTAssertEqual(id, 1)
    try db.write { _ = try $0.deleteAll(Book.all()) }
  }

  /// These compile without `_ =`: as a statement, as the last line of a closure returning
  /// nothing, and as the whole body of a task in a group of `Void` tasks.
  func testWriteOneLinersCompileWhereUsersWriteThem() async throws {
    try db.migrate(Book.self)
    let book = Book(id: 1, title: "Dune", genre: .scifi, price: 1, published: 1965)
    let database: Database = db
    // In an async function the async overloads are picked, as for any Swift API.
    try await database.write { try $0.insert(book) }
    try await database.write { try $0.delete(book) }
    try synchronousCallSites(book)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await database.write { try $0.insert(book) } }
      try await group.waitForAll()
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await database.write { try $0.delete(book) } }
      try await group.waitForAll()
    }
    // The value-returning forms still return their value.
    let rowID: Int64 = try await database.write { try $0.insert(book) }
    let deleted = try await database.write { try $0.delete(book) }
    let count = try await database.read { try $0.fetchCount(Book.all()) }
    XCTAssertEqual(rowID, 1)
    XCTAssertTrue(deleted)
    XCTAssertEqual(count, 0)
  }
}
