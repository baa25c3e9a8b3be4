import Foundation
import XCTest

/// Which `read`/`write` overload a call site picks, checked by type-checking a program's
/// `main.swift` with `swiftc`: under `await`, a blocking overload would be reported as "no
/// 'async' operations occur within 'await' expression", so a file without warnings picked the
/// async overloads wherever it awaits.
final class AsyncCallSiteCompileTests: XCTestCase {
  /// A program whose top-level code calls async functions that await `read` and `write`, next to
  /// the synchronous call sites that must keep compiling.
  private let program = """
    import Foundation
    import Quarry

    func blocking(_ db: Database, _ book: Book) throws -> Int {
      try db.write { try $0.insert(book) }
      try db.write { try $0.delete(book) }
      let save: () throws -> Void = { try db.write { try $0.insert(book) } }
      try save()
      let id = try db.write { try $0.insert(book) }
      return try db.read { try $0.fetchCount(Book.all()) } + Int(id)
    }

    func awaiting(_ db: Database, _ book: Book) async throws -> Int {
      try await db.write { try $0.insert(book) }
      try await db.write { try $0.delete(book) }
      let id = try await db.write { try $0.insert(book) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<3 {
          group.addTask { try await db.write { try $0.insert(book) } }
        }
        try await group.waitForAll()
      }
      let titles = try await db.read { try $0.fetchAll(Book.all().select(Book.Columns.title)) }
      return try await db.read { try $0.fetchCount(Book.all()) } + Int(id) + titles.count
    }

    @MainActor func awaitingOnTheMainActor(_ db: Database) async throws -> Int {
      try await db.read { try $0.fetchCount(Book.all()) }
    }

    let db = try Database.inMemory()
    try db.migrate(Book.self, Member.self, Loan.self)
    let book = Book(title: "Dune", genre: .scifi, price: 9, published: 1965)
    print(try blocking(db, book))
    print(try await awaiting(db, book))
    print(try await awaitingOnTheMainActor(db))
    """

  func testAsyncFunctionsAwaitTheAsyncOverloadsAndSyncCodeKeepsTheBlockingOnes() throws {
    let check = try SwiftTypeCheck.run(program, fileName: "main.swift")
    XCTAssertEqual(check.diagnostics, [], check.output)
    XCTAssertEqual(check.status, 0, check.output)
  }

  /// A known limitation of Swift 6.3, pinned so that a toolchain that lifts it is noticed (the
  /// README's "Reading and writing" section then needs updating): the constraint solver treats
  /// top-level code as a synchronous context when it ranks overloads, so an `await`ed `read` or
  /// `write` written directly in `main.swift` picks the blocking overload, with a warning. No
  /// declaration-side attribute outranks that rule (`@_disfavoredOverload` ranks below it, and
  /// `noasync` is checked after the overload is chosen).
  func testTopLevelAwaitStillPicksTheBlockingOverload() throws {
    let check = try SwiftTypeCheck.run(
      """
      import Quarry

      let db = try Database.inMemory()
      let count = try await db.read { try $0.fetchCount(Book.all()) }
      print(count)
      """, fileName: "main.swift")
    XCTAssertEqual(
      check.diagnostics,
      [
        SwiftTypeCheck.Diagnostic(
          line: 4, severity: "warning",
          message: "no 'async' operations occur within 'await' expression")
      ], check.output)
  }
}
