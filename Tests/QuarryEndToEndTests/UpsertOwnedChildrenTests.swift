import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// `upsert` of a struct with owned children (`Models/Library.swift`'s `Shelf`: an autoincrement
/// key, a unique label, owned slots) that conflicts on the unique column, not the key: the row
/// that has the label is updated and keeps its key, and the children go to that row. Every
/// test runs on SQLite and on PostgreSQL; every answer is read back with raw SQL (on
/// PostgreSQL over a plain libpq connection) and compared with plain Swift.
final class UpsertOwnedChildrenTests: EngineEndToEndTestCase {
  /// Every row of `sql` (one text column) joined with `;`, asked of the engine itself.
  private func joined(_ sql: String) throws -> String {
    try rawColumn(sql).map { $0 ?? "NULL" }.joined(separator: ";")
  }

  /// Every shelf as `id:label`, and every slot as `shelf/position:title`, by raw SQL.
  private func storedRows() throws -> (shelves: String?, slots: String?) {
    (
      try joined(#"SELECT "id" || ':' || "label" FROM "shelves" ORDER BY "id""#),
      try joined(
        #"SELECT "shelf_id" || '/' || "position" || ':' || "title" FROM "shelves_slots" "#
          + #"ORDER BY "shelf_id", "position""#)
    )
  }

  private func insertTwoShelves() throws {
    try database.write { tx in
      try tx.insert(Shelf(id: nil, label: "Poésie", slots: [Slot(title: "Rimbaud", width: 2)]))
      // Inserted last: the connection's last inserted rowid is this shelf's.
      try tx.insert(Shelf(id: nil, label: "Romans", slots: [Slot(title: "Zola", width: nil)]))
    }
  }

  func testUpsertWithoutKeyThatMeetsTheUniqueLabelReplacesThatRowsChildren() {
    forEachEngine { _ in
      try insertTwoShelves()
      let slots = [Slot(title: "Baudelaire", width: 1), Slot(title: "Éluard", width: nil)]
      try database.write { try $0.upsert(Shelf(id: nil, label: "Poésie", slots: slots)) }
      let stored = try storedRows()
      XCTAssertEqual(stored.shelves, "1:Poésie;2:Romans")
      XCTAssertEqual(stored.slots, "1/0:Baudelaire;1/1:Éluard;2/0:Zola")
      let shelves = try database.read { try $0.fetchAll(Shelf.all().order(Shelf.Columns.id.asc)) }
      XCTAssertEqual(
        shelves,
        [
          Shelf(id: 1, label: "Poésie", slots: slots),
          Shelf(id: 2, label: "Romans", slots: [Slot(title: "Zola", width: nil)]),
        ])
    }
  }

  func testUpsertWithAnotherKeyKeepsTheStoredKeyAndMovesNoChildren() {
    forEachEngine { _ in
      try insertTwoShelves()
      try database.write {
        try $0.upsert(Shelf(id: 99, label: "Romans", slots: [Slot(title: "Hugo", width: 3)]))
      }
      let stored = try storedRows()
      XCTAssertEqual(stored.shelves, "1:Poésie;2:Romans")
      XCTAssertEqual(stored.slots, "1/0:Rimbaud;2/0:Hugo")
    }
  }

  func testUpsertOnConflictLabelWithNothingElseToUpdateStillReplacesTheChildren() {
    forEachEngine { _ in
      try insertTwoShelves()
      // Every column but the key is the conflict target: the row itself does not change.
      try database.write {
        try $0.upsert(
          Shelf(id: nil, label: "Poésie", slots: []), onConflict: Shelf.Columns.label)
        try $0.upsert(
          Shelf(id: nil, label: "Romans", slots: [Slot(title: "Balzac", width: 4)]),
          onConflict: Shelf.Columns.label)
      }
      let stored = try storedRows()
      XCTAssertEqual(stored.shelves, "1:Poésie;2:Romans")
      XCTAssertEqual(stored.slots, "2/0:Balzac")
    }
  }

  func testUpsertOfANewLabelInsertsTheRowWithItsChildren() {
    forEachEngine { _ in
      try insertTwoShelves()
      try database.write {
        try $0.upsert(Shelf(id: nil, label: "Théâtre", slots: [Slot(title: "Molière", width: 5)]))
      }
      let stored = try storedRows()
      XCTAssertEqual(stored.shelves, "1:Poésie;2:Romans;3:Théâtre")
      XCTAssertEqual(stored.slots, "1/0:Rimbaud;2/0:Zola;3/0:Molière")
    }
  }
}
