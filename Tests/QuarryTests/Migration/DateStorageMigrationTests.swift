import Foundation
import Quarry
import XCTest

// "meetings" version 1 stores dates as REAL seconds since 2001 (the default); version 2 as
// ISO 8601 text (`dateStorage = iso8601`), converted by the migration the generator writes;
// version 3 goes back to REAL.
private enum MeetingsV1: MigrationVersion {
  static let table = TableDefinition(
    name: "meetings",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("at", .real),
      ColumnDefinition("ends", .real, nullable: true),
    ])
  static let migrations: [GeneratedMigration] = []
}

private enum MeetingsV2: MigrationVersion {
  static let table = TableDefinition(
    name: "meetings",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("at", .text),
      ColumnDefinition("ends", .text, nullable: true),
    ])
  static let migrations = [
    GeneratedMigration(
      "0002_meetings_rebuild",
      steps: [
        .rebuildTable(
          table,
          columns: [
            .copy("id"), .convert("at", to: .iso8601Date), .convert("ends", to: .iso8601Date),
          ])
      ])
  ]
}

private enum MeetingsV3: MigrationVersion {
  static let table = MeetingsV1.table
  static let migrations =
    MeetingsV2.migrations + [
      GeneratedMigration(
        "0003_meetings_rebuild",
        steps: [
          .rebuildTable(
            table,
            columns: [
              .copy("id"), .convert("at", to: .dateSeconds), .convert("ends", to: .dateSeconds),
            ])
        ])
    ]
}

final class DateStorageMigrationTests: MigrationTestCase {
  private let version1: [any TableRecord.Type] = [Evolving<MeetingsV1>.self]
  private let version2: [any TableRecord.Type] = [Evolving<MeetingsV2>.self]
  private let version3: [any TableRecord.Type] = [Evolving<MeetingsV3>.self]

  /// Seeded dates of every kind, each inside the years 0000–9999 and with an exact text.
  private func dates(_ count: Int) -> [Double] {
    var sampler = DateSampler(seed: 19)
    var dates: [Double] = [0, 0.5, -0.5, 1e9.nextUp, -63_145_526_400, 252_423_993_599.5]
    while dates.count < count {
      let seconds = sampler.next()
      if (try? ISO8601Date(Date(timeIntervalSinceReferenceDate: seconds)).text) != nil {
        dates.append(seconds)
      }
    }
    return dates
  }

  private func database(with seconds: [Double]) throws -> Database {
    let db = try database(at: version1)
    try db.write { tx in
      for (id, value) in seconds.enumerated() {
        let ends: Double? = id % 3 == 0 ? nil : value + 0.25
        try tx.execute(
          #"INSERT INTO "meetings" ("id", "at", "ends") VALUES (?, ?, ?)"#,
          arguments: [id, value, ends])
      }
    }
    return db
  }

  private func column(_ name: String, in db: Database) throws -> [DatabaseValue] {
    try db.read { tx in
      try tx.fetchAll(DatabaseValue.self, sql: "SELECT \"\(name)\" FROM meetings ORDER BY id")
    }
  }

  func testEveryRowIsRewrittenAsTheTextBindingWritesAndBack() throws {
    forEachEngine { engine in
      let seconds = dates(2_000)
      let db = try database(with: seconds)

      try db.migrate(version2)

      // Every row holds exactly the text `ISO8601Date` binds for its date.
      let expectedAt = try seconds.map {
        DatabaseValue.text(try ISO8601Date(Date(timeIntervalSinceReferenceDate: $0)).text)
      }
      XCTAssertEqual(try column("at", in: db), expectedAt)
      let expectedEnds = try seconds.enumerated().map { id, value in
        id % 3 == 0
          ? DatabaseValue.null
          : .text(try ISO8601Date(Date(timeIntervalSinceReferenceDate: value + 0.25)).text)
      }
      XCTAssertEqual(try column("ends", in: db), expectedEnds)
      try assertSchemaIsNew(db, at: version2)

      try db.migrate(version3)

      // Back to REAL: the same Doubles, bit for bit.
      let back = try column("at", in: db).map { value -> UInt64? in
        guard case .real(let real) = value else { return nil }
        return real.bitPattern
      }
      XCTAssertEqual(back, seconds.map { ($0 + 0).bitPattern })
      let backEnds = try column("ends", in: db)
      for (id, value) in seconds.enumerated() {
        XCTAssertEqual(backEnds[id], id % 3 == 0 ? .null : .real(value + 0.25), "row \(id)")
      }
      try assertSchemaIsNew(db, at: version3)
    }
  }

  func testADateWithoutTextStopsTheMigrationNamingTheRow() throws {
    forEachEngine { engine in
      let db = try database(with: [1.5, 252_423_993_600, -70_000_000_000])
      try assertRefused(
        db, to: version2,
        "cannot migrate table 'meetings': column 'at' of row 'id' = 1 holds 252423993600.0, which "
          + "is not a date with exact ISO 8601 text in the years 0000-9999 (seconds since 2001 or "
          + "date text) - fix that row (and any like it) before migrating, or keep the old type; "
          + "nothing was changed")
    }
  }

  func testTextThatIsNoDateStopsTheWayBack() throws {
    forEachEngine { engine in
      let db = try database(with: [1.5, 2.5])
      try db.migrate(version2)
      try db.write { try $0.execute(#"UPDATE "meetings" SET "ends" = 'soon' WHERE "id" = 1"#) }
      try assertRefused(
        db, to: version3,
        "cannot migrate table 'meetings': column 'ends' of row 'id' = 1 holds 'soon', which is not "
          + "a date (seconds since 2001 or ISO 8601 text) - fix that row (and any like it) before "
          + "migrating, or keep the old type; nothing was changed")
    }
  }

  func testNumbersWrittenAsTextStillConvertToSeconds() throws {
    forEachEngine { engine in
      let db = try database(with: [1.5])
      try db.migrate(version2)
      try db.write {
        try $0.execute(#"UPDATE "meetings" SET "at" = '12.5', "ends" = '2001-01-01 00:00:01Z'"#)
      }
      try db.migrate(version3)
      XCTAssertEqual(try column("at", in: db), [.real(12.5)])
      XCTAssertEqual(try column("ends", in: db), [.real(1)])
    }
  }
}
