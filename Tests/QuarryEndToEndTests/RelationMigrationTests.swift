import Foundation
import Quarry
import XCTest

/// `migrate` on databases made before relations existed.
final class RelationMigrationTests: XCTestCase {
  func testMigrateAddsChildTablesForNewOwnedPropertiesOfAnExistingTable() throws {
    let database = try Database.inMemory()
    try database.write { db in
      try db.execute(#"CREATE TABLE "recipe" ("id" TEXT NOT NULL PRIMARY KEY, "title" TEXT NOT NULL)"#)
      try db.execute(#"INSERT INTO "recipe" VALUES ('00000000-0000-0000-0000-000000000001', 'Tea')"#)
    }
    try database.migrate(Recipe.self)
    let tables = try database.read { db in
      try db.fetchValue(
        String.self,
        sql: """
          SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master
          WHERE type = 'table' ORDER BY name)
          """)
    }
    XCTAssertEqual(tables, "recipe,recipe_nutrition,recipe_steps,step_tools")
    let tea = try database.read { try $0.fetchAll(Recipe.self) }
    XCTAssertEqual(tea.map(\.title), ["Tea"])
    XCTAssertEqual(tea.map(\.steps), [[]])
  }

  func testChangedForeignKeyActionsAreRefusedWithTheMigrationToWrite() throws {
    let database = try Database.inMemory()
    try database.write { db in
      try db.execute(#"CREATE TABLE "authors" ("id" TEXT NOT NULL PRIMARY KEY, "name" TEXT NOT NULL)"#)
      try db.execute(
        """
        CREATE TABLE "books" ("id" TEXT NOT NULL PRIMARY KEY, "title" TEXT NOT NULL,
          "authorID" TEXT NOT NULL REFERENCES "authors" ("id"),
          "editorID" TEXT REFERENCES "authors" ("id") ON DELETE SET NULL)
        """)
    }
    XCTAssertThrowsError(try database.migrate(Author.self, Book.self)) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot migrate table 'books': the foreign key of column 'authorID' changed its actions "
          + "from ON DELETE NO ACTION ON UPDATE NO ACTION to ON DELETE CASCADE ON UPDATE NO ACTION"
          + " - SQLite cannot alter a foreign key: register a DatabaseMigrator migration (such as "
          + "\"rebuild books\") that creates the table anew as \"books_new\", copies the rows, "
          + "drops \"books\" and renames \"books_new\" to it, before migrate runs")
    }
  }
}
