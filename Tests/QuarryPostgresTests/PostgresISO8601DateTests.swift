import Foundation
import XCTest

@testable import Quarry

/// `dateStorage = iso8601` on PostgreSQL (issue 21, contract: TEXT in the same format): the
/// record below is written as the generator writes such a struct. The stored text is the one
/// SQLite gets, PostgreSQL's own `timestamp` parser reads it, comparisons bind the same text,
/// and every date comes back `==`.
final class PostgresISO8601DateTests: PostgresDatabaseTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try raw(Meeting.postgresDDL)
  }

  private static let dates: [Double] = [0.5, -1_009_843_200, 786_240_000.123_456_7, 1e9.nextUp]

  func testTextIsStoredComparedAndReadBackExactly() throws {
    let meetings = Self.dates.enumerated().map { index, seconds in
      Meeting(
        id: Int64(index + 1), at: Date(timeIntervalSinceReferenceDate: seconds),
        ends: index == 1 ? nil : Date(timeIntervalSinceReferenceDate: seconds + 60))
    }
    try db.write { tx in
      for meeting in meetings { try tx.insert(meeting) }
    }
    XCTAssertEqual(
      try raw(#"SELECT "at", "ends" FROM "meetings" ORDER BY "id""#),
      [
        ["2001-01-01 00:00:00.5", "2001-01-01 00:01:00.5"],
        ["1969-01-01 00:00:00", nil],
        ["2025-12-01 00:00:00.1234567", "2025-12-01 00:01:00.1234567"],
        ["2032-09-09 01:46:40.0000001", "2032-09-09 01:47:40.0000001"],
      ])
    // PostgreSQL's own parser reads the text (to the microsecond it keeps).
    XCTAssertEqual(
      try raw(
        #"SELECT to_char("at"::timestamp, 'YYYY-MM-DD HH24:MI:SS.US') FROM "meetings" ORDER BY "id""#
      ),
      [
        ["2001-01-01 00:00:00.500000"], ["1969-01-01 00:00:00.000000"],
        ["2025-12-01 00:00:00.123457"], ["2032-09-09 01:46:40.000000"],
      ])
    let fetched = try db.read { try $0.fetchAll(Meeting.all().order(Meeting.Columns.id.asc)) }
    XCTAssertEqual(fetched, meetings)
    let cutoff = Date(timeIntervalSinceReferenceDate: 0.25)
    let later = try db.read { try $0.fetchAll(Meeting.all().filter(Meeting.Columns.at > cutoff)) }
    XCTAssertEqual(later.map(\.id).sorted(), meetings.filter { $0.at > cutoff }.map(\.id))
    XCTAssertEqual(
      try db.read { try $0.fetchOne(Meeting.all().select(Meeting.Columns.at.max)) },
      meetings.map(\.at).max())
  }
}

/// A struct with `dateStorage = iso8601`, written as the generator writes it.
struct Meeting: Equatable, Sendable {
  var id: Int64
  var at: Date
  var ends: Date?
}

extension Meeting: TableRecord {
  typealias PrimaryKey = Int64

  enum Columns {
    static let id = Column<Meeting, Int64>("id")
    static let at = Column<Meeting, Date>(iso8601: "at")
    static let ends = Column<Meeting, Date?>(iso8601: "ends")
  }

  static let table = TableDefinition(
    name: "meetings",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("at", .text),
      ColumnDefinition("ends", .text, nullable: true),
    ]
  )

  static let postgresDDL = """
    CREATE TABLE "meetings" (
      "id" BIGINT NOT NULL PRIMARY KEY,
      "at" TEXT NOT NULL,
      "ends" TEXT
    )
    """

  init(row: Row) throws {
    id = try row.decode(at: 0)
    at = try row.decode(at: 1)
    ends = try row.decode(at: 2)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bindISO8601(at, at: 2)
    try statement.bindISO8601(ends, at: 3)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
