import Foundation
import XCTest

@testable import Quarry

final class RecordTests: DatabaseTestCase {
  private let robin = Bird(
    id: .fixed(1), name: "Robin", wingspan: 0.25, kind: .songbird, tags: ["red"], price: 5)

  func testChangesAreTrackedPerColumnInOrder() {
    let record = BirdTranslator.record(from: robin)
    XCTAssertFalse(record.hasChanges)

    record.price = 6
    record.name = "European robin"

    XCTAssertTrue(record.hasChanges)
    XCTAssertEqual(record.changedColumns, [1, 6])
    record.clearChanges()
    XCTAssertEqual(record.changedColumns, [])
  }

  func testColumnsBeyondSixtyFourAreTracked() {
    let record = Record()
    record.markChanged(130)
    record.markChanged(3)
    XCTAssertEqual(record.changedColumns, [3, 130])
  }

  func testSaveWritesOnlyTheChangedColumns() {
    forEachEngine { engine in
      try db.write { try $0.insert(robin) }
      let record = BirdTranslator.record(from: robin)
      record.tags = ["red", "brown"]
      record.name = "European robin"
      recorder.reset()

      try db.write { try $0.save(record) }

      let update = #"UPDATE "birds" SET "name" = ?1, "tags" = ?2 WHERE "id" = ?3"#
      XCTAssertEqual(recorder.recorded.filter { $0.hasPrefix("UPDATE") }, [update])
      if engine == .sqlite {
        XCTAssertEqual(recorder.recorded, ["BEGIN IMMEDIATE", update, "COMMIT"])
      }
      XCTAssertFalse(record.hasChanges)
      var expected = robin
      expected.name = "European robin"
      expected.tags = ["red", "brown"]
      XCTAssertEqual(try db.read { try $0.fetchOne(Bird.self, id: .fixed(1)) }, expected)
      XCTAssertEqual(BirdTranslator.value(from: record), expected)
      XCTAssertEqual(
        try rawRows("SELECT name, price FROM birds", in: db),
        [[.text("European robin"), engine == .sqlite ? .integer(5) : .text("5")]])
    }
  }

  func testSaveWithoutChangesRunsNoUpdate() {
    forEachEngine { engine in
      try db.write { try $0.insert(robin) }
      let record = BirdTranslator.record(from: robin)
      recorder.reset()

      try db.write { try $0.save(record) }

      XCTAssertEqual(recorder.recorded.filter { !$0.hasPrefix("BEGIN") && $0 != "COMMIT" }, [])
      if engine == .sqlite {
        XCTAssertEqual(recorder.recorded, ["BEGIN IMMEDIATE", "COMMIT"])
      }
    }
  }

  func testSavingARecordWithoutARowThrowsAndKeepsTheChanges() {
    forEachEngine { _ in
      let record = BirdTranslator.record(from: robin)
      record.name = "Ghost"
      XCTAssertThrowsError(try db.write { try $0.save(record) }) { error in
        XCTAssertEqual(error as? RecordNotFoundError, RecordNotFoundError(table: "birds"))
      }
      XCTAssertEqual(record.changedColumns, [1])
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
    }
  }

  func testChangingThePrimaryKeyIsRefusedRatherThanUpdatingAnotherRow() {
    forEachEngine { _ in
      try db.write { try $0.insert(robin) }
      let record = BirdTranslator.record(from: robin)
      record.id = .fixed(2)
      XCTAssertThrowsError(try db.write { try $0.save(record) }) { error in
        XCTAssertEqual(
          "\(error)",
          "the primary key of a record of table 'birds' changed, so save cannot tell which row "
            + "to update - delete the old value and insert the new one")
      }
      XCTAssertEqual(
        try rawRows("SELECT name FROM birds", in: db), [[.text("Robin")]])
    }
  }

  func testTranslatorsRoundTrip() {
    XCTAssertEqual(BirdTranslator.value(from: BirdTranslator.record(from: robin)), robin)
    XCTAssertEqual(
      NestTranslator.value(from: NestTranslator.record(from: Nest(id: 3, site: "oak"))),
      Nest(id: 3, site: "oak"))
  }
}
