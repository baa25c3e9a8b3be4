import Foundation
import Quarry
import XCTest

/// `migrate` on databases made before relations existed, on SQLite and on PostgreSQL (each
/// old table made with the engine's own DDL, as the version before would have made it).
final class RelationMigrationTests: EngineEndToEndTestCase {
  override var tables: [any TableRecord.Type] { [] }

  func testMigrateAddsChildTablesForNewOwnedPropertiesOfAnExistingTable() {
    forEachEngine { engine in
      let key = engine == .postgres ? "UUID" : "TEXT"
      try database.write { db in
        try db.execute(
          #"CREATE TABLE "recipe" ("id" \#(key) NOT NULL PRIMARY KEY, "title" TEXT NOT NULL)"#)
        try db.execute(
          #"INSERT INTO "recipe" VALUES ('00000000-0000-0000-0000-000000000001', 'Tea')"#)
      }
      let tables =
        engine == .postgres
        ? "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' "
          + "ORDER BY 1"
        : "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
      switch engine {
      case .sqlite:
        // SQLite takes a REFERENCES clause to a table that does not exist yet.
        try database.migrate(Recipe.self)
        XCTAssertEqual(
          try rawColumn(tables), ["recipe", "recipe_nutrition", "recipe_steps", "step_tools"])
      case .postgres:
        // PostgreSQL does not: the new column's reference needs "authors", so migrating
        // "recipe" alone is refused as a whole, and with "authors" it goes through.
        XCTAssertThrowsError(try database.migrate(Recipe.self)) { error in
          XCTAssertTrue(
            "\(error)".hasPrefix(#"PostgreSQL error 42P01: relation "authors" does not exist"#),
            "\(error)")
        }
        XCTAssertEqual(try rawColumn(tables), ["recipe"])
        try database.migrate(Author.self, Recipe.self)
        XCTAssertEqual(
          try rawColumn(tables),
          ["authors", "recipe", "recipe_nutrition", "recipe_steps", "step_tools"])
      }
      let tea = try database.read { try $0.fetchAll(Recipe.self) }
      XCTAssertEqual(tea.map(\.title), ["Tea"])
      XCTAssertEqual(tea.map(\.steps), [[]])
      XCTAssertEqual(try rawColumn(#"SELECT count(*) FROM "recipe_steps""#), ["0"])
    }
  }

  func testChangedForeignKeyActionsAreRefusedWithTheMigrationToWrite() {
    forEachEngine { engine in
      let key = engine == .postgres ? "UUID" : "TEXT"
      try database.write { db in
        try db.execute(
          #"CREATE TABLE "authors" ("id" \#(key) NOT NULL PRIMARY KEY, "name" TEXT NOT NULL)"#)
        try db.execute(
          """
          CREATE TABLE "books" ("id" \(key) NOT NULL PRIMARY KEY, "title" TEXT NOT NULL,
            "authorID" \(key) NOT NULL REFERENCES "authors" ("id"),
            "editorID" \(key) REFERENCES "authors" ("id") ON DELETE SET NULL)
          """)
      }
      let change =
        "cannot migrate table 'books': the foreign key of column 'authorID' changed its actions "
        + "from ON DELETE NO ACTION ON UPDATE NO ACTION to ON DELETE CASCADE ON UPDATE NO ACTION"
      // The SQL PostgreSQL's refusal names, which it can run in place (SQLite cannot).
      let replace =
        #"ALTER TABLE "books" DROP CONSTRAINT "books_authorID_fkey", ADD FOREIGN KEY ("authorID") "#
        + #"REFERENCES "authors" ("id") ON DELETE CASCADE ON UPDATE NO ACTION"#
      XCTAssertThrowsError(try database.migrate(Author.self, Book.self)) { error in
        XCTAssertEqual(
          "\(error)",
          engine == .postgres
            ? change + " - PostgreSQL keeps a foreign key's actions in its constraint: register a "
              + "DatabaseMigrator migration that replaces it, before migrate runs (\(replace))"
            : change
              + " - SQLite cannot alter a foreign key: register a DatabaseMigrator migration (such "
              + "as \"rebuild books\") that creates the table anew as \"books_new\", copies the "
              + "rows, drops \"books\" and renames \"books_new\" to it, before migrate runs")
      }
      guard engine == .postgres else { return }
      // What the refusal says to run does what it says: migrate then goes through.
      try database.write { try $0.execute(replace) }
      try database.migrate(Author.self, Book.self)
      XCTAssertEqual(
        try rawColumn(
          "SELECT confdeltype::text FROM pg_constraint WHERE conrelid = 'books'::regclass "
            + "AND contype = 'f' AND conkey = ARRAY[(SELECT attnum FROM pg_attribute "
            + "WHERE attrelid = 'books'::regclass AND attname = 'authorID')]"),
        ["c"])
    }
  }
}
