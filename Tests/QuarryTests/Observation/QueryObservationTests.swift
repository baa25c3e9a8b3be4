import Foundation
import XCTest

@testable import Quarry

/// `db.observe(query)` over generated-style records, and the tuple of counts.
final class QueryObservationTests: DatabaseTestCase {
  func testObservedQueryFollowsInsertsUpdatesAndDeletesInItsOrder() async throws {
    await forEachEngine { _ in
      let query = Bird.all().filter(Bird.Columns.kind == .songbird).order(Bird.Columns.name.asc)
      let names = ObservationCollector(db.observe(query))
      await names.wait { $0 == [[]] }
      var robin = Bird(id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, price: 5)
      try await db.write { [robin] db in
        _ = try db.insert(robin)
        _ = try db.insert(Bird(id: .fixed(2), name: "Kestrel", kind: .raptor, price: 100))
        _ = try db.insert(Bird(id: .fixed(3), name: "Lark", kind: .songbird, price: 7))
      }
      await names.wait { $0.map { $0.map(\.name) } == [[], ["Lark", "Robin"]] }
      robin.name = "Blackbird"
      try await db.write { [robin] in try $0.update(robin) }
      await names.wait { $0.last?.map(\.name) == ["Blackbird", "Lark"] }
      // A change outside the filter leaves the array equal: no value.
      let queued = db.observedFile.queuedFetchCount
      try await db.write { _ = try $0.insert(Nest(site: "elm")) }
      XCTAssertTrue(db.observedFile.waitForDeliveries(), "the observation lane stayed busy")
      XCTAssertEqual(db.observedFile.queuedFetchCount, queued, "nests are not read")
      try await db.write { _ = try $0.delete(Bird.self, id: .fixed(3)) }
      await names.wait { $0.last?.map(\.name) == ["Blackbird"] }
      XCTAssertEqual(names.values.count, 4)
      await names.cancel()
      XCTAssertEqual(db.observerCount, 0)
    }
  }

  func testATupleOfCountsFromTwoTables() async throws {
    await forEachEngine { _ in
      var iterator = db.observe({ db in
        (try db.fetchCount(Nest.all()), try db.fetchCount(Bird.all()))
      }).makeAsyncIterator()
      let first = try await iterator.next()
      XCTAssertEqual(first?.0, 0)
      XCTAssertEqual(first?.1, 0)
      try await db.write { _ = try $0.insert(Nest(site: "oak")) }
      let second = try await iterator.next()
      XCTAssertEqual(second?.0, 1)
      XCTAssertEqual(second?.1, 0)
    }
  }
}

/// A backup restored into an observed database reaches its observers.
final class BackupObservationTests: XCTestCase {
  func testRestoringABackupIntoAnObservedDatabaseIsSeen() async throws {
    let source = try Database.inMemory()
    try await source.write { db in
      try db.execute("CREATE TABLE a (id INTEGER PRIMARY KEY)")
      try db.execute("INSERT INTO a DEFAULT VALUES")
      try db.execute("INSERT INTO a DEFAULT VALUES")
    }
    let destination = try Database.inMemory()
    try await destination.write { try $0.execute("CREATE TABLE a (id INTEGER PRIMARY KEY)") }
    let counts = ObservationCollector(
      destination.observe { try $0.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM a") ?? -1 })
    await counts.wait { $0 == [0] }
    try source.backup(to: destination)
    await counts.wait { $0 == [0, 2] }
    await counts.cancel()
  }
}
