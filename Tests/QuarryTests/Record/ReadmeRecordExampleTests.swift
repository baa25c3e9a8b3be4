import Foundation
import XCTest

@testable import Quarry

/// The README's "Records and translators" examples, as written there: the synchronous one, and
/// the one for `async` code, where a record (not `Sendable`) is made, changed and saved inside
/// the transaction's closure, which returns a value. Capturing a record made outside, as the
/// synchronous example does, is "capture of non-Sendable" in an `async` `write`: this file
/// compiling is half the test.
final class ReadmeRecordExampleTests: DatabaseTestCase {
  private let bird = Bird(id: .fixed(7), name: "Robin", kind: .songbird, price: 5)

  func testTheSynchronousExample() throws {
    forEachEngine { _ in
      try db.write { try $0.insert(bird) }
      let record = BirdTranslator.record(from: bird)
      record.name = "European robin"
      try db.write { try $0.save(record) }  // UPDATE "birds" SET "name" = ?1 WHERE "id" = ?2
      let updated = BirdTranslator.value(from: record)
      XCTAssertEqual(updated.name, "European robin")
      XCTAssertEqual(
        try db.read { try $0.fetchOne(Bird.self, id: bird.id) }?.name, "European robin")
    }
  }

  func testTheAsyncExample() async throws {
    await forEachEngine { _ in
      let bird = self.bird
      try await db.write { try $0.insert(bird) }
      // README, "Records and translators", in async code:
      let updated = try await db.write { tx in
        let record = BirdTranslator.record(from: bird)
        record.name = "European robin"
        try tx.save(record)  // UPDATE "birds" SET "name" = ?1 WHERE "id" = ?2
        return BirdTranslator.value(from: record)
      }
      XCTAssertEqual(
        updated, Bird(id: .fixed(7), name: "European robin", kind: .songbird, price: 5))
      let stored = try await db.read { try $0.fetchOne(Bird.self, id: bird.id) }
      XCTAssertEqual(stored?.name, "European robin")
      XCTAssertTrue(
        recorder.recorded.contains { $0.hasPrefix("UPDATE \"birds\" SET \"name\" = ?1") },
        "\(recorder.recorded)")
    }
  }
}
