import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// `dateStorage = iso8601` (issue 21) through the generated `Event` of DateStorage/Generated
/// (rendered with Table.stencil and Child.stencil alone, so the shared Models/ fixture and its
/// counts stay as they are): every path that writes or compares a date stores or binds the same
/// text, which SQLite's date functions and PostgreSQL's `timestamp` read, and every date comes
/// back `==`, on both engines. Expected values are literals or the same question answered in
/// plain Swift over the same values.
final class DateStorageTests: EngineEndToEndTestCase {
  override var tables: [any TableRecord.Type] { [Event.self] }
  private var db: Database { database }

  private static func date(_ seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
  }

  private let events: [Event] = [
    Event(
      id: nil, name: "opening", startsAt: date(0.5), endsAt: date(3_600.25),
      loggedAt: date(0.5), sessions: [Session(title: "keynote", at: date(-0.5), recordedAt: nil)]),
    Event(
      id: nil, name: "moon", startsAt: date(-1_009_843_200), endsAt: nil,
      loggedAt: date(-1_009_843_200)),
    Event(
      id: nil, name: "now-ish", startsAt: date(786_240_000.123_456_7), endsAt: date(1e9.nextUp),
      loggedAt: date(7),
      sessions: [
        Session(title: "a", at: date(786_240_000.5), recordedAt: date(1)),
        Session(title: "b", at: .distantFuture, recordedAt: nil),
      ]),
    Event(
      id: nil, name: "far", startsAt: .distantPast, endsAt: .distantFuture, loggedAt: date(0)),
  ]

  @discardableResult
  private func insertAll() throws -> [Event] {
    try db.write { tx in
      try events.map { event in
        var copy = event
        try tx.insert(&copy)
        return copy
      }
    }
  }

  private func strings(_ sql: String) throws -> [String?] {
    try rawColumn(sql)
  }

  func testColumnsAreTextThatTheEnginesDateFunctionsRead() {
    forEachEngine { engine in
      try insertAll()
      XCTAssertEqual(
        try strings(#"SELECT "startsAt" FROM "events" ORDER BY "id""#),
        [
          "2001-01-01 00:00:00.5", "1969-01-01 00:00:00", "2025-12-01 00:00:00.1234567",
          "0000-12-30 00:00:00",
        ])
      XCTAssertEqual(
        try strings(#"SELECT "at" FROM "events_sessions" ORDER BY "event_id", "position""#),
        [
          "2000-12-31 23:59:59.5", "2025-12-01 00:00:00.5", "4001-01-01 00:00:00",
        ])
      switch engine {
      case .sqlite:
        XCTAssertEqual(
          try strings(#"SELECT date("startsAt") FROM "events" ORDER BY "id""#),
          ["2001-01-01", "1969-01-01", "2025-12-01", "0000-12-30"])
        XCTAssertEqual(
          try strings(#"SELECT datetime("endsAt") FROM "events" ORDER BY "id""#),
          ["2001-01-01 01:00:00", nil, "2032-09-09 01:46:40", "4001-01-01 00:00:00"])
        XCTAssertEqual(
          try strings(#"SELECT strftime('%s', "startsAt") FROM "events" ORDER BY "id""#),
          ["978307200", "-31536000", "1764547200", "-62135769600"])
        XCTAssertEqual(
          try strings(#"SELECT typeof("loggedAt") || typeof("createdAt") FROM "events" LIMIT 1"#),
          ["realtext"])
        XCTAssertEqual(
          try strings(#"SELECT typeof("recordedAt") FROM "events_sessions" ORDER BY "at""#),
          ["null", "real", "null"])
      case .postgres:
        // PostgreSQL's timestamp reads the same text; it has no year 0000 (1 BC), so the
        // fourth event (Date.distantPast) is SQLite's only.
        XCTAssertEqual(
          try strings(
            #"SELECT CAST("startsAt" AS timestamp)::date FROM "events" WHERE "id" < 4 "#
              + #"ORDER BY "id""#),
          ["2001-01-01", "1969-01-01", "2025-12-01"])
        XCTAssertEqual(
          try strings(
            #"SELECT date_trunc('second', CAST("endsAt" AS timestamp)) FROM "events" "#
              + #"ORDER BY "id""#),
          ["2001-01-01 01:00:00", nil, "2032-09-09 01:46:40", "4001-01-01 00:00:00"])
        XCTAssertEqual(
          try strings(
            #"SELECT floor(extract(epoch FROM CAST("startsAt" AS timestamp)))::bigint "#
              + #"FROM "events" WHERE "id" < 4 ORDER BY "id""#),
          ["978307200", "-31536000", "1764547200"])
        XCTAssertEqual(
          try strings(
            #"SELECT pg_typeof("loggedAt")::text || pg_typeof("createdAt")::text "#
              + #"FROM "events" LIMIT 1"#),
          ["double precisiontext"])
        XCTAssertEqual(
          try strings(
            #"SELECT CASE WHEN "recordedAt" IS NULL THEN 'null' "#
              + #"ELSE pg_typeof("recordedAt")::text END FROM "events_sessions" ORDER BY "at""#),
          ["null", "double precision", "null"])
      }
    }
  }

  func testEveryDateComesBackEqual() {
    forEachEngine { _ in
      let stored = try insertAll()
      let fetched = try db.read { try $0.fetchAll(Event.all().order(Event.Columns.id.asc)) }
      XCTAssertEqual(fetched, stored)
      for (event, original) in zip(fetched, events) {
        XCTAssertEqual(event.startsAt, original.startsAt)
        XCTAssertEqual(event.endsAt, original.endsAt)
        XCTAssertEqual(event.sessions, original.sessions)
      }
      // One date for the whole transaction, stored as text and read back equal.
      let createdAt = try XCTUnwrap(stored.first?.createdAt)
      XCTAssertTrue(stored.allSatisfy { $0.createdAt == createdAt && $0.updatedAt == createdAt })
    }
  }

  func testComparisonsOrderAndAggregatesBindTheSameText() {
    forEachEngine { _ in
      let stored = try insertAll()
      let cutoff = Self.date(0.25)
      try db.read { tx in
        XCTAssertEqual(
          try tx.fetchAll(Event.all().filter(Event.Columns.startsAt > cutoff)).map(\.name),
          stored.filter { $0.startsAt > cutoff }.map(\.name))
        XCTAssertEqual(
          try tx.fetchAll(Event.all().filter(Event.Columns.startsAt == Self.date(0.5))).map(\.name),
          ["opening"])
        XCTAssertEqual(
          try tx.fetchAll(Event.all().filter(Event.Columns.endsAt <= Self.date(3_600.25)))
            .map(\.name),
          stored.filter { ($0.endsAt ?? .distantFuture) <= Self.date(3_600.25) && $0.endsAt != nil }
            .map(\.name))
        XCTAssertEqual(
          try tx.fetchAll(Event.all().filter(Event.Columns.endsAt == nil)).map(\.name), ["moon"])
        XCTAssertEqual(
          try tx.fetchAll(
            Event.all().filter(Event.Columns.startsAt.in([.distantPast, Self.date(0.5)]))
          ).map(\.name).sorted(),
          ["far", "opening"])
        XCTAssertEqual(
          try tx.fetchAll(Event.all().order(Event.Columns.startsAt.desc)).map(\.name),
          stored.sorted { $0.startsAt > $1.startsAt }.map(\.name))
        XCTAssertEqual(
          try tx.fetchOne(Event.all().select(Event.Columns.startsAt.max)),
          stored.map(\.startsAt).max())
        XCTAssertEqual(
          try tx.fetchOne(Event.all().select(Event.Columns.endsAt.min)),
          stored.compactMap(\.endsAt).min())
        XCTAssertEqual(
          try tx.fetchAll(
            Event.all().filter(Event.Columns.endsAt.ifNull(.distantPast) < Self.date(0))
          ).map(\.name).sorted(),
          ["moon"])
        // SQL written by hand binds the same text with ISO8601Date.
        XCTAssertEqual(
          try tx.fetchAll(
            Event.self,
            literal: #"SELECT * FROM "events" WHERE "startsAt" > \#(ISO8601Date(cutoff)) ORDER BY "id""#
          ).map(\.name),
          stored.filter { $0.startsAt > cutoff }.map(\.name))
        XCTAssertEqual(
          try tx.fetchAll(Date.self, literal: #"SELECT "startsAt" FROM "events" ORDER BY "id""#),
          stored.map(\.startsAt))
      }
    }
  }

  func testUpdateAllUpsertAndRecordsWriteText() {
    forEachEngine { _ in
      var stored = try insertAll()
      let moved = Self.date(-12.75)
      try db.write { tx in
        try tx.updateAll(
          Event.all().filter(Event.Columns.name == "moon"),
          set: Event.Columns.startsAt.set(to: moved),
          Event.Columns.endsAt.set(to: Self.date(60)))
        try tx.upsert(
          Event(
            id: nil, name: "far", startsAt: Self.date(1.5), endsAt: nil, loggedAt: Self.date(2)),
          onConflict: Event.Columns.name)
      }
      XCTAssertEqual(
        try strings(
          #"SELECT "startsAt" || '|' || coalesce("endsAt", '-') FROM "events" ORDER BY "id""#),
        [
          "2001-01-01 00:00:00.5|2001-01-01 01:00:00.25",
          "2000-12-31 23:59:47.25|2001-01-01 00:01:00",
          "2025-12-01 00:00:00.1234567|2032-09-09 01:46:40.0000001",
          "2001-01-01 00:00:01.5|-",
        ])
      let record = EventTranslator.record(from: stored[0])
      record.startsAt = Self.date(-63_145_526_400)
      try db.write { try $0.save(record) }
      stored[0].startsAt = Self.date(-63_145_526_400)
      XCTAssertEqual(
        try strings(#"SELECT "startsAt" FROM "events" WHERE "name" = 'opening'"#),
        ["0000-01-01 00:00:00"])
      let opening = try db.read { try $0.fetchOne(Event.self, id: try XCTUnwrap(stored[0].id)) }
      XCTAssertEqual(opening?.startsAt, stored[0].startsAt)
    }
  }

  func testADateWithoutExactTextIsRefusedAndNothingIsStored() {
    forEachEngine { _ in
      let bad = Event(
        id: nil, name: "bad", startsAt: Self.date(252_423_993_600), endsAt: nil,
        loggedAt: Self.date(0))
      XCTAssertThrowsError(try db.write { try $0.insert(bad) }) { error in
        XCTAssertTrue(error is ValueConversionError, "\(error)")
        XCTAssertEqual(
          "\(error)",
          "the Date 252423993600.0 seconds after 2001-01-01 is outside the years 0000-9999 that "
            + "SQLite's date functions read, so it cannot be stored as ISO 8601 text")
      }
      var child = events[0]
      child.sessions = [Session(title: "never", at: Self.date(.infinity), recordedAt: nil)]
      XCTAssertThrowsError(try db.write { try $0.insert(child) })
      XCTAssertEqual(try strings(#"SELECT count(*) FROM "events""#), ["0"])
    }
  }

  /// The checked-in DateStorage/Generated is what the generator writes today (`QUARRY_RECORD=1`
  /// rewrites it).
  func testCheckedInGeneratedFolderIsNotStale() throws {
    let templates = try QuarryBinary.temporaryFolder(self)
    let defaults = QuarryBinary.packageRoot.appendingPathComponent("Templates")
    for name in try FileManager.default.contentsOfDirectory(atPath: defaults.path)
    where name.hasPrefix("_") || name == "Table.stencil" || name == "Child.stencil" {
      try FileManager.default.copyItem(
        at: defaults.appendingPathComponent(name), to: templates.appendingPathComponent(name))
    }
    var arguments = [
      "generate", "DateStorage/Models", "--output", "DateStorage/Generated", "--root", ".",
      "--templates", templates.path,
    ]
    if !isRecordingSnapshots { arguments.append("--check") }
    let run = try QuarryBinary.run(arguments, in: QuarryBinary.testFolder)
    XCTAssertFalse(isRecordingSnapshots, "regenerated DateStorage/Generated")
    XCTAssertEqual(run.exitCode, 0, run.standardOutput + run.standardError)
  }
}
