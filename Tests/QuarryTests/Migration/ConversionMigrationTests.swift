import Quarry
import XCTest

// "scores" version 1 stores everything as TEXT or nullable; version 2 converts "rating" to
// INTEGER, "initial" to a Character, "weight" to REAL, makes "pages" NOT NULL (NULLs become 0)
// and "note" nullable.
private enum ScoresV1: MigrationVersion {
  static let table = TableDefinition(
    name: "scores",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("rating", .text),
      ColumnDefinition("initial", .text),
      ColumnDefinition("weight", .text),
      ColumnDefinition("pages", .integer, nullable: true),
      ColumnDefinition("note", .text),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum ScoresV2: MigrationVersion {
  static let table = TableDefinition(
    name: "scores",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("rating", .integer),
      ColumnDefinition("initial", .text),
      ColumnDefinition("weight", .real),
      ColumnDefinition("pages", .integer, defaultSQL: "0"),
      ColumnDefinition("note", .text, nullable: true),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_scores_convert",
      steps: [
        .rebuildTable(
          table,
          columns: [
            .copy("id"),
            .convert("rating", to: .integer(Int8.self)),
            .convert("initial", to: .character),
            .convert("weight"),
            .fillNulls("pages", withSQL: "0"),
            .copy("note"),
          ])
      ])
  ]
}

final class ConversionMigrationTests: MigrationTestCase {
  private let version1: [any TableRecord.Type] = [Evolving<ScoresV1>.self]
  private let version2: [any TableRecord.Type] = [Evolving<ScoresV2>.self]

  private func database(rows: [String]) throws -> Database {
    try database(
      at: version1,
      sql: rows.map {
        #"INSERT INTO "scores" ("id", "rating", "initial", "weight", "pages", "note") VALUES "#
          + $0
      })
  }

  func testExactValuesAreConvertedAndNullsFilled() throws {
    forEachEngine { engine in
      // "é" written as e + U+0301 is two code points and one Character.
      let db = try database(rows: [
        "(1, '12', 'a', '2.5', 40, 'x')", "(2, '-128', 'e\u{301}', '7', NULL, 'y')",
        "(3, '127', '👍🏽', '0.1', 3, 'z')",
      ])

      try db.migrate(version2)

      XCTAssertEqual(
        try probe.rows("scores", in: db),
        [
          "1|12|'a'|2.5|40|'x'", "2|-128|'e\u{301}'|7.0|0|'y'", "3|127|'👍🏽'|0.1|3|'z'",
        ])
      // The stored types, as each engine names them.
      if engine == .postgres {
        XCTAssertEqual(
          try rawValue(
            #"SELECT string_agg(pg_typeof("rating")::text || pg_typeof("weight")::text, ',') "#
              + #"FROM "scores""#, in: db),
          .text("bigintdouble precision,bigintdouble precision,bigintdouble precision"))
      } else {
        XCTAssertEqual(
          try rawValue("SELECT group_concat(typeof(rating) || typeof(weight)) FROM scores", in: db),
          .text("integerreal,integerreal,integerreal"))
      }
      try assertSchemaIsNew(db, at: version2)
    }
  }

  func testTextThatIsNotAnIntegerStopsTheMigrationNamingTheRow() throws {
    forEachEngine { engine in
      let db = try database(rows: ["(1, '12', 'a', '1', 1, 'x')", "(2, 'n/a', 'b', '1', 1, 'y')"])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'scores': column 'rating' of row 'id' = 2 holds 'n/a', which is not "
          + "an integer in -128...127 - fix that row (and any like it) before migrating, or keep "
          + "the old type; nothing was changed")
    }
  }

  func testAFractionIsNotRoundedToAnInteger() throws {
    forEachEngine { engine in
      let db = try database(rows: ["(7, '3.5', 'a', '1', 1, 'x')"])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'scores': column 'rating' of row 'id' = 7 holds '3.5', which is not "
          + "an integer in -128...127 - fix that row (and any like it) before migrating, or keep "
          + "the old type; nothing was changed")
    }
  }

  func testAnIntegerOutOfTheSwiftTypesRangeIsRefused() throws {
    forEachEngine { engine in
      let db = try database(rows: ["(1, '127', 'a', '1', 1, 'x')", "(2, '128', 'a', '1', 1, 'x')"])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'scores': column 'rating' of row 'id' = 2 holds '128', which is not "
          + "an integer in -128...127 - fix that row (and any like it) before migrating, or keep "
          + "the old type; nothing was changed")
    }
  }

  func testAStringOfTwoCharactersIsRefusedForACharacter() throws {
    forEachEngine { engine in
      let db = try database(rows: [
        "(1, '1', 'e\u{301}', '1', 1, 'x')", "(5, '1', 'ab', '1', 1, 'x')",
      ])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'scores': column 'initial' of row 'id' = 5 holds 'ab', which is not "
          + "exactly one Character - fix that row (and any like it) before migrating, or keep the "
          + "old type; nothing was changed")
    }
  }

  func testTextThatIsNotANumberIsRefusedForAReal() throws {
    forEachEngine { engine in
      let db = try database(rows: ["(1, '1', 'a', 'heavy', 1, 'x')"])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'scores': column 'weight' of row 'id' = 1 holds 'heavy', which is not "
          + "a number a double holds exactly - fix that row (and any like it) before migrating, or "
          + "keep the old type; nothing was changed")
    }
  }

  func testANullWithoutAFillIsRefusedForANotNullConversion() throws {
    forEachEngine { engine in
      // Version 1 declares "rating" NOT NULL, so the NULL is in a table made by hand.
      let loose = try makeDatabase()
      try loose.write {
        try $0.execute(
          #"CREATE TABLE "scores" ("id" INTEGER PRIMARY KEY, "rating" TEXT, "initial" TEXT, "#
            + #""weight" TEXT, "pages" INTEGER, "note" TEXT)"#)
        try $0.execute(#"INSERT INTO "scores" VALUES (4, NULL, 'a', '1', 1, 'x')"#)
      }
      try assertRefused(
        loose, to: version2,
        "cannot migrate table 'scores': column 'rating' becomes NOT NULL and row 'id' = 4 holds "
          + "NULL - fix that row (and any like it) before migrating, or keep the old type; nothing "
          + "was changed")
    }
  }

  func testDoublesConvertedToTextKeepEveryDigit() throws {
    forEachEngine { engine in
      let db = try makeDatabase()
      try db.write {
        // DOUBLE PRECISION: PostgreSQL's REAL is 4 bytes (SQLite's affinity is REAL either way);
        // the casts keep PostgreSQL from adding 0.1 and 0.2 as exact NUMERIC.
        try $0.execute(
          #"CREATE TABLE "m" ("id" INTEGER PRIMARY KEY, "v" DOUBLE PRECISION NOT NULL)"#)
        try $0.execute(
          #"INSERT INTO "m" VALUES (1, CAST(0.1 AS DOUBLE PRECISION) + "#
            + #"CAST(0.2 AS DOUBLE PRECISION)), (2, 2.5), (3, 1e300)"#)
      }
      try db.migrate([Evolving<TextMeasures>.self])
      // Each engine's exact text of a double: SQLite's %!.15g (17 digits when 15 do not round-trip),
      // PostgreSQL's shortest round-trip text (no ".0", no exponent padding).
      let large = engine == .postgres ? "1e+300" : "1.0e+300"
      XCTAssertEqual(
        try probe.rows("m", in: db), ["1|'0.30000000000000004'", "2|'2.5'", "3|'\(large)'"])
    }
  }
}

private enum TextMeasures: MigrationVersion {
  static let table = TableDefinition(
    name: "m",
    columns: [ColumnDefinition("id", .integer, primaryKey: true), ColumnDefinition("v", .text)])
  static let migrations = [
    GeneratedMigration(
      "0001_m_v_to_text", steps: [.rebuildTable(table, columns: [.copy("id"), .convert("v")])])
  ]
}
