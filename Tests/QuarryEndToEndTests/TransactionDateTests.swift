import Foundation
import Quarry
import XCTest

/// `tx.transactionDate`, `insert(&value)` and `update(&value)` writing back the assigned key and
/// timestamps, and `// quarry: createdAt` / `updatedAt` (`Models/Library.swift`'s `Publisher`).
/// What was stored is read back with raw SQL.
final class TransactionDateTests: XCTestCase {
  private var database: Database!
  private let old = Date(timeIntervalSinceReferenceDate: 100.5)

  override func setUpWithError() throws {
    database = try Database.inMemory()
    try database.migrate(QuarryTables.all)
  }

  override func tearDown() {
    database = nil
  }

  /// The stored `createdAt` and `updatedAt` of the publisher named `name`, by raw SQL.
  private func storedDates(_ name: String) throws -> (Double?, Double?) {
    try database.read { tx in
      let created = try tx.fetchValue(
        Double.self, sql: #"SELECT "createdAt" FROM "publishers" WHERE "name" = ?"#,
        arguments: [name])
      let updated = try tx.fetchValue(
        Double.self, sql: #"SELECT "updatedAt" FROM "publishers" WHERE "name" = ?"#,
        arguments: [name])
      return (created, updated)
    }
  }

  func testTransactionDateIsOneDateForTheWholeTransaction() throws {
    let before = Date()
    let (first, second) = try database.write { tx in
      let first = tx.transactionDate
      Thread.sleep(forTimeInterval: 0.002)
      return (first, tx.transactionDate)
    }
    XCTAssertEqual(first, second)
    XCTAssertGreaterThanOrEqual(first, before)
    let next = try database.write { $0.transactionDate }
    XCTAssertGreaterThan(next, first)
  }

  func testInsertInoutWritesBackTheAssignedKeyAndTheTimestamps() throws {
    var gallimard = Publisher(id: nil, name: "Éditions Gallimard", city: nil, createdAt: old)
    var tor = Publisher(id: nil, name: "Tor", city: "New York", createdAt: old)
    let (date, rowID) = try database.write { tx in
      let rowID = try tx.insert(&gallimard)
      try tx.insert(&tor)
      return (tx.transactionDate, rowID)
    }
    XCTAssertEqual(rowID, 1)
    XCTAssertEqual(gallimard.id, 1)
    XCTAssertEqual(tor.id, 2)
    XCTAssertEqual(gallimard.createdAt, date)
    XCTAssertEqual(gallimard.updatedAt, date)
    let stored = try storedDates("Éditions Gallimard")
    XCTAssertEqual(stored.0, date.timeIntervalSinceReferenceDate)
    XCTAssertEqual(stored.1, date.timeIntervalSinceReferenceDate)
    let ids = try database.read {
      try $0.fetchValue(
        String.self,
        sql: #"SELECT group_concat("id" || ':' || "name", ';') FROM "#
          + #"(SELECT * FROM "publishers" ORDER BY "id")"#)
    }
    XCTAssertEqual(ids, "1:Éditions Gallimard;2:Tor")
  }

  func testAFailedInsertLeavesTheValueAsItWas() throws {
    var twin = Publisher(id: nil, name: "Tor", city: nil, createdAt: old)
    try database.write { try $0.insert(Publisher(id: nil, name: "Tor", city: nil, createdAt: old)) }
    XCTAssertThrowsError(try database.write { try $0.insert(&twin) })
    XCTAssertEqual(twin, Publisher(id: nil, name: "Tor", city: nil, createdAt: old))
  }

  func testInsertWithoutInoutStoresTheTimestampsButLeavesTheValue() throws {
    let tor = Publisher(id: nil, name: "Tor", city: nil, createdAt: old)
    let date = try database.write { tx in
      try tx.insert(tor)
      return tx.transactionDate
    }
    XCTAssertEqual(tor.createdAt, old)
    XCTAssertNil(tor.updatedAt)
    let stored = try storedDates("Tor")
    XCTAssertEqual(stored.0, date.timeIntervalSinceReferenceDate)
    XCTAssertEqual(stored.1, date.timeIntervalSinceReferenceDate)
  }

  func testUpdateInoutSetsUpdatedAtAndKeepsCreatedAt() throws {
    var tor = Publisher(id: nil, name: "Tor", city: nil, createdAt: old)
    let inserted = try database.write { tx in
      try tx.insert(&tor)
      return tx.transactionDate
    }
    tor.city = "New York"
    let updated = try database.write { tx in
      try tx.update(&tor)
      return tx.transactionDate
    }
    XCTAssertGreaterThan(updated, inserted)
    XCTAssertEqual(tor.createdAt, inserted)
    XCTAssertEqual(tor.updatedAt, updated)
    let stored = try storedDates("Tor")
    XCTAssertEqual(stored.0, inserted.timeIntervalSinceReferenceDate)
    XCTAssertEqual(stored.1, updated.timeIntervalSinceReferenceDate)
    // update without inout stores the date too.
    let third = try database.write { tx in
      try tx.update(tor)
      return tx.transactionDate
    }
    XCTAssertEqual(try storedDates("Tor").1, third.timeIntervalSinceReferenceDate)
    XCTAssertEqual(tor.updatedAt, updated)
  }

  func testUpdateOfAMissingRowThrowsAndLeavesTheValue() throws {
    var ghost = Publisher(id: 7, name: "Ghost", city: nil, createdAt: old)
    XCTAssertThrowsError(try database.write { try $0.update(&ghost) }) { error in
      XCTAssertTrue(error is RecordNotFoundError, "\(error)")
    }
    XCTAssertNil(ghost.updatedAt)
  }

  func testUpsertKeepsTheStoredCreatedAtAndSetsUpdatedAt() throws {
    let inserted = try database.write { tx in
      try tx.upsert(Publisher(id: nil, name: "Tor", city: nil, createdAt: old))
      return tx.transactionDate
    }
    XCTAssertEqual(try storedDates("Tor").0, inserted.timeIntervalSinceReferenceDate)
    let upserted = try database.write { tx in
      try tx.upsert(Publisher(id: nil, name: "Tor", city: "New York", createdAt: old))
      try tx.upsert(
        Publisher(id: nil, name: "Tor", city: "New York", createdAt: old),
        onConflict: Publisher.Columns.name)
      return tx.transactionDate
    }
    let stored = try storedDates("Tor")
    XCTAssertEqual(stored.0, inserted.timeIntervalSinceReferenceDate)
    XCTAssertEqual(stored.1, upserted.timeIntervalSinceReferenceDate)
  }

  func testSaveOfARecordSetsUpdatedAtOnlyWhenColumnsChanged() throws {
    try database.write { try $0.insert(Publisher(id: nil, name: "Tor", city: nil, createdAt: old)) }
    let (created, insertedAt) = try storedDates("Tor")
    let inserted = try XCTUnwrap(insertedAt)
    let stored = try XCTUnwrap(database.read { try $0.fetchOne(Publisher.self, id: 1) })
    let record = PublisherTranslator.record(from: stored)
    // Nothing changed: nothing is written, and updatedAt stays.
    try database.write { try $0.save(record) }
    XCTAssertEqual(record.updatedAt?.timeIntervalSinceReferenceDate, inserted)
    XCTAssertEqual(try storedDates("Tor").1, inserted)

    record.city = "New York"
    let saved = try database.write { tx in
      try tx.save(record)
      return tx.transactionDate
    }
    XCTAssertGreaterThan(saved.timeIntervalSinceReferenceDate, inserted)
    XCTAssertEqual(record.updatedAt, saved)
    XCTAssertFalse(record.hasChanges)
    let dates = try storedDates("Tor")
    XCTAssertEqual(dates.0, created)
    XCTAssertEqual(dates.1, saved.timeIntervalSinceReferenceDate)
    let city = try database.read {
      try $0.fetchValue(String.self, sql: #"SELECT "city" FROM "publishers" WHERE "id" = 1"#)
    }
    XCTAssertEqual(city, "New York")
  }
}
