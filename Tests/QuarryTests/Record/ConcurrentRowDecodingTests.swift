import Foundation
import XCTest

@testable import Quarry

/// A large result of a record whose `init(row:)` runs only Quarry's conversions (`Nest`)
/// decodes on every core on PostgreSQL (`ConcurrentRowDecoding`): the values and their order
/// are the ones one thread gives, and the first row that fails to decode is the error. SQLite
/// decodes on one thread; the answers are the same on both engines.
final class ConcurrentRowDecodingTests: EngineTestCase {
  private static let rowCount = 20_000

  /// Random sites, some empty, some long, some beyond ASCII.
  private static func sites() -> [String] {
    var generator = SplitMix(seed: 47)
    let pieces = [
      "", "oak", "hedge ", "Ångström", "🪺", "a\u{301}", String(repeating: "x", count: 300),
    ]
    return (0..<rowCount).map { number in
      let count = Int.random(in: 0...3, using: &generator)
      return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
        + (number % 3 == 0 ? "" : String(number))
    }
  }

  private func makeNests(_ sites: [String]) throws -> Database {
    let db = try makeDatabase()
    try db.migrate(Nest.self)
    try db.write { tx in
      for site in sites { try tx.insert(Nest(site: site)) }
    }
    return db
  }

  func testALargeResultDecodesToEveryRowInOrder() {
    let sites = Self.sites()
    forEachEngine { _ in
      let db = try makeNests(sites)
      let nests = try db.read { try $0.fetchAll(Nest.all().order(Nest.Columns.id.asc)) }
      XCTAssertEqual(nests.map(\.site), sites)
      XCTAssertEqual(nests.map(\.id), (1...Self.rowCount).map { Int64($0) })
      XCTAssertEqual(
        try rawValue("SELECT count(*) FROM nests", in: db), .integer(Int64(Self.rowCount)))
    }
  }

  func testPostgreSQLSpreadsTheRowsOverThreadsAndSQLiteKeepsOne() {
    let sites = Self.sites()
    forEachEngine { engine in
      let db = try makeNests(sites)
      let threads = ThreadRecorder()
      let nests = try db.read { tx in
        try tx.checkedConnection.cachedStatement(#"SELECT "id", "site" FROM "nests" ORDER BY "id""#)
          .withReset { statement -> [Nest]? in
            XCTAssertTrue(try statement.step())
            return try ConcurrentRowDecoding.decode(
              statement, rowCount: statement.knownRemainingRowCount + 1
            ) { row in
              threads.record()
              return try Nest(row: row)
            }
          }
      }
      switch engine {
      case .postgres where ProcessInfo.processInfo.activeProcessorCount > 1:
        XCTAssertEqual(nests?.map(\.site), sites)
        XCTAssertGreaterThan(threads.count, 1)
      case .postgres, .sqlite:
        // One core, or rows that exist one step at a time: the caller decodes them itself.
        XCTAssertNil(nests)
      }
    }
  }

  func testTheFirstRowThatFailsIsTheError() {
    let sites = Self.sites()
    forEachEngine { _ in
      let db = try makeNests(sites)
      // Two rows without a site, in different threads' ranges: the earlier is reported, as it
      // is on one thread, and no value of either range is kept.
      let sql: SQLLiteral = """
        SELECT "id", CASE WHEN "id" IN (7001, 15001) THEN NULL ELSE "site" END AS "site"
        FROM "nests" ORDER BY "id"
        """
      XCTAssertThrowsError(try db.read { try $0.fetchAll(Nest.self, literal: sql) }) { error in
        XCTAssertEqual((error as? RowDecodingError)?.row, 7001, "\(error)")
        XCTAssertEqual((error as? RowDecodingError)?.column, "site", "\(error)")
      }
      // The failed read left nothing behind: the next one reads every row.
      XCTAssertEqual(try db.read { try $0.fetchAll(Nest.all()) }.count, Self.rowCount)
    }
  }
}

/// The threads that called ``record()``. An `NSLock`, not a `Mutex`: ThreadSanitizer sees the
/// order pthread locks make, not that of the futexes under `Mutex` on Linux.
private final class ThreadRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var threads = Set<pthread_t>()

  func record() {
    lock.withLock { _ = threads.insert(pthread_self()) }
  }

  var count: Int { lock.withLock { threads.count } }
}
