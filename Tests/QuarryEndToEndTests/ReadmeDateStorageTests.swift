import Foundation
import Quarry
import XCTest

/// The README's "Dates SQL can read: `dateStorage = iso8601`" section: each block is copied
/// here (the model in `DateStorage/Models/Event.swift`) verbatim, a test checks the copies
/// still match the README, and the answers are checked against raw SQL and plain Swift. The
/// README's SQL (`date(startsAt)`, unquoted) is SQLite's; on PostgreSQL the same text is read
/// by its `timestamp` through a quoted name.
final class ReadmeDateStorageTests: EngineEndToEndTestCase {
  override var tables: [any TableRecord.Type] { [Event.self] }

  func testTheSameTextOnPostgreSQL() {
    forEachEngine([.postgres]) { _ in
      let launch = Date(timeIntervalSinceReferenceDate: 786_240_000.5)
      try database.write { tx in
        try tx.insert(
          Event(id: nil, name: "launch", startsAt: launch, endsAt: nil, loggedAt: launch))
      }
      XCTAssertEqual(
        try rawColumn(#"SELECT CAST("startsAt" AS timestamp)::date FROM "events""#),
        ["2025-12-01"])
      XCTAssertEqual(try rawColumn(#"SELECT "startsAt" FROM "events""#), ["2025-12-01 00:00:00.5"])
      let upcoming = try database.read { tx in
        try tx.fetchAll(Event.all().filter(Event.Columns.startsAt >= launch))
      }
      XCTAssertEqual(upcoming.map(\.name), ["launch"])
      XCTAssertEqual(
        upcoming.first?.startsAt.timeIntervalSinceReferenceDate.bitPattern,
        launch.timeIntervalSinceReferenceDate.bitPattern)
    }
  }

  func testTheSnippetsRunAndAnswer() throws {
    let db = try Database.inMemory()
    try db.migrate(Event.self)

    // README block 2
    let launch = Date(timeIntervalSinceReferenceDate: 786_240_000.5)  // 2025-12-01 00:00:00.5 UTC
    try db.write { tx in
      try tx.insert(Event(id: nil, name: "launch", startsAt: launch, endsAt: nil, loggedAt: launch))
    }
    let day = try db.read { tx in
      try tx.fetchValue(String.self, literal: "SELECT date(startsAt) FROM events")
    }
    // day == "2025-12-01"; the column holds '2025-12-01 00:00:00.5'
    let upcoming = try db.read { tx in
      try tx.fetchAll(Event.all().filter(Event.Columns.startsAt >= launch))
    }
    // upcoming[0].startsAt == launch, bit for bit

    XCTAssertEqual(day, "2025-12-01")
    XCTAssertEqual(
      try db.read { try $0.fetchValue(String.self, sql: "SELECT startsAt FROM events") },
      "2025-12-01 00:00:00.5")
    XCTAssertEqual(upcoming.map(\.name), ["launch"])
    XCTAssertEqual(
      upcoming.first?.startsAt.timeIntervalSinceReferenceDate.bitPattern,
      launch.timeIntervalSinceReferenceDate.bitPattern)
  }

  func testTheCopiesMatchTheReadme() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let heading = "### Dates SQL can read: `dateStorage = iso8601`\n"
    let section = try XCTUnwrap(
      text.components(separatedBy: heading).dropFirst().first?
        .components(separatedBy: "\n### ").first)
    let blocks = section.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```").first ?? "" }
    XCTAssertEqual(blocks.count, 2)
    let model = try String(
      contentsOf: tests.deletingLastPathComponent().appendingPathComponent(
        "DateStorage/Models/Event.swift"),
      encoding: .utf8)
    let copies = Self.trimmed(try String(contentsOf: tests, encoding: .utf8) + model)
    for block in blocks {
      XCTAssertTrue(copies.contains(Self.trimmed(block)), "not copied here:\n\(block)")
    }
  }

  private static func trimmed(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } }.joined(separator: "\n")
  }
}
