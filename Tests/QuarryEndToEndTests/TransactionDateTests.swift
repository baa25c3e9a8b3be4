import Foundation
import Quarry
import XCTest

/// `tx.transactionDate`, `insert(&value)` and `update(&value)` writing back the assigned key and
/// timestamps, and `// quarry: createdAt` / `updatedAt` (`Models/Library.swift`'s `Publisher`).
/// What was stored is read back with raw SQL on the engine, on SQLite and on PostgreSQL.
final class TransactionDateTests: EngineEndToEndTestCase {
  private let old = Date(timeIntervalSinceReferenceDate: 100.5)

  /// The stored `createdAt` and `updatedAt` of the publisher named `name`, by raw SQL (REAL on
  /// SQLite, DOUBLE PRECISION on PostgreSQL, whose text output reads back as the same Double).
  private func storedDates(_ name: String) throws -> (Double?, Double?) {
    let quoted = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    let created = try rawColumn(#"SELECT "createdAt" FROM "publishers" WHERE "name" = "# + quoted)
    let updated = try rawColumn(#"SELECT "updatedAt" FROM "publishers" WHERE "name" = "# + quoted)
    return (created.first?.flatMap(Double.init), updated.first?.flatMap(Double.init))
  }

  func testTransactionDateIsOneDateForTheWholeTransaction() {
    forEachEngine { _ in
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
  }

  func testInsertInoutWritesBackTheAssignedKeyAndTheTimestamps() {
    forEachEngine { _ in
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
      XCTAssertEqual(
        try rawColumn(#"SELECT "id" || ':' || "name" FROM "publishers" ORDER BY "id""#),
        ["1:Éditions Gallimard", "2:Tor"])
    }
  }

  func testAFailedInsertLeavesTheValueAsItWas() {
    forEachEngine { _ in
      var twin = Publisher(id: nil, name: "Tor", city: nil, createdAt: old)
      try database.write { try $0.insert(Publisher(id: nil, name: "Tor", city: nil, createdAt: old)) }
      XCTAssertThrowsError(try database.write { try $0.insert(&twin) })
      XCTAssertEqual(twin, Publisher(id: nil, name: "Tor", city: nil, createdAt: old))
      XCTAssertEqual(try rawColumn(#"SELECT "id" || ':' || "name" FROM "publishers""#), ["1:Tor"])
    }
  }

  func testInsertWithoutInoutStoresTheTimestampsButLeavesTheValue() {
    forEachEngine { _ in
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
  }

  func testUpdateInoutSetsUpdatedAtAndKeepsCreatedAt() {
    forEachEngine { _ in
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
  }

  func testUpdateOfAMissingRowThrowsAndLeavesTheValue() {
    forEachEngine { _ in
      var ghost = Publisher(id: 7, name: "Ghost", city: nil, createdAt: old)
      XCTAssertThrowsError(try database.write { try $0.update(&ghost) }) { error in
        XCTAssertTrue(error is RecordNotFoundError, "\(error)")
      }
      XCTAssertNil(ghost.updatedAt)
      XCTAssertEqual(try rawColumn(#"SELECT count(*) FROM "publishers""#), ["0"])
    }
  }

  func testUpsertKeepsTheStoredCreatedAtAndSetsUpdatedAt() {
    forEachEngine { _ in
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
  }

  func testSaveOfARecordSetsUpdatedAtOnlyWhenColumnsChanged() {
    forEachEngine { _ in
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
      XCTAssertEqual(
        try rawColumn(#"SELECT "city" FROM "publishers" WHERE "id" = 1"#), ["New York"])
    }
  }
}
