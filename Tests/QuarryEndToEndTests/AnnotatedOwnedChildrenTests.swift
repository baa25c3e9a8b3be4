import Foundation
import Quarry
import XCTest

/// Rows of `annotated(with:)` come with their owned children, loaded as `fetchAll` of the query
/// loads them: one more SELECT per child table for all rows, never one per row. Compared with
/// `fetchAll` of the same query and with the inserted values, and the children with raw SQL on
/// the engine, on SQLite and on PostgreSQL.
final class AnnotatedOwnedChildrenTests: EngineEndToEndTestCase {
  private var shelves: [Shelf] = []

  override func setUpEngine(_ engine: Engine) throws {
    // Shelf n has n % 3 slots, so some have none; titles are non-ASCII.
    shelves = (0..<200).map { number in
      Shelf(
        id: Int64(number + 1), label: "Étagère \(number)",
        slots: (0..<(number % 3)).map {
          Slot(title: "Œuvre \(number).\($0)", width: $0 == 0 ? nil : $0)
        })
    }
    let shelves = shelves
    try database.write { tx in for shelf in shelves { try tx.insert(shelf) } }
  }

  func testAnnotatedRowsLoadTheirChildrenWithOneQueryPerChildTable() {
    forEachEngine { _ in
      let query = Shelf.all().filter(Shelf.Columns.id > 50).order(Shelf.Columns.id.desc)
      log.removeAll()
      let rows = try database.read { try $0.fetchAll(query.annotated(with: Shelf.Columns.label)) }
      XCTAssertEqual(log.selects, 2)
      let expected = shelves.filter { $0.id! > 50 }.reversed()
      XCTAssertEqual(rows.map(\.0), Array(expected))
      XCTAssertEqual(rows.map(\.1), expected.map(\.label))
      XCTAssertEqual(rows.map(\.0), try database.read { try $0.fetchAll(query) })
      XCTAssertTrue(rows.contains { $0.0.slots.isEmpty } && rows.contains { $0.0.slots.count == 2 })
      XCTAssertEqual(
        try rawColumn(
          #"SELECT "title" FROM "shelves_slots" WHERE "shelf_id" > 50 "#
            + #"ORDER BY "shelf_id" DESC, "position""#),
        rows.flatMap { $0.0.slots.map(\.title) })
    }
  }

  func testAnnotatedFetchOneAndCursorLoadChildrenToo() {
    forEachEngine { _ in
      let query = Shelf.all().filter(Shelf.Columns.id == 6).annotated(with: Shelf.Columns.id)
      let one = try database.read { try $0.fetchOne(query) }
      XCTAssertEqual(one?.0, shelves[5])
      XCTAssertEqual(one?.1, 6)
      XCTAssertEqual(shelves[5].slots.count, 2)
      let walked = try database.read { tx in
        try tx.fetchCursor(Shelf.all().order(Shelf.Columns.id.asc).annotated(with: Shelf.Columns.id))
          .collect()
      }
      XCTAssertEqual(walked.map(\.0), shelves)
      XCTAssertEqual(walked.map(\.1), shelves.map { $0.id! })
      let none = try database.read {
        try $0.fetchAll(Shelf.all().filter(Shelf.Columns.id < 0).annotated(with: Shelf.Columns.id))
      }
      XCTAssertTrue(none.isEmpty)
    }
  }
}
