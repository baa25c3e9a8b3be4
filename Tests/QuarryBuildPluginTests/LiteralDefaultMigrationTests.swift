import Foundation
import Quarry
import XCTest

/// Adding properties with literal Swift defaults, or enum cases, to a table that already has
/// rows migrates.
final class LiteralDefaultMigrationTests: XCTestCase {
  func testAddingPropertiesWithSwiftDefaultsToATableWithRowsMigrates() throws {
    let database = try Database.inMemory()
    // The table as an older `ShelfBook` (id and title only) left it.
    try database.write { db in
      try db.execute(
        #"CREATE TABLE "shelf_books" ("id" INTEGER NOT NULL PRIMARY KEY, "title" TEXT NOT NULL)"#)
      try db.execute(#"INSERT INTO "shelf_books" ("id", "title") VALUES (1, 'Dune')"#)
    }
    try database.migrate([ShelfBook.self])
    XCTAssertEqual(
      try database.read { try $0.fetchOne(ShelfBook.self, id: 1) },
      ShelfBook(
        id: 1, title: "Dune", copies: 1, shelf: "A1", isLent: false, rating: -0.5, pages: 9,
        genre: .scifi, mood: .poetry, format: .paperback, labels: [], counts: [:]))
    // The enum columns hold the cases' raw values, as rows written by the app do.
    XCTAssertEqual(
      try database.read {
        try $0.fetchValue(
          String.self,
          sql: #"SELECT "genre" || ' ' || "mood" || ' ' || "format" || ' ' || "labels" || ' ' "#
            + #"|| "counts" FROM "shelf_books""#)
      },
      "scifi verse 2 [] {}")
  }
}
