import Foundation
import XCTest

@testable import Quarry

/// `fetchAll`'s decoding loop and the typed readers under it, on both engines: every column kind
/// of many rows, empty values apart from NULL, the row count a PostgreSQL result knows after its
/// first step, and columns outside the result.
final class FetchAllDecodingTests: EngineTestCase {
  func testFetchAllReadsEveryColumnOfManyRows() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(DecodedRow.self)
      let rows = (1...300).map(DecodedRow.sample)
      try db.write { db in
        for row in rows { try db.insert(row) }
      }
      let fetched = try db.read { try $0.fetchAll(DecodedRow.self) }
      XCTAssertEqual(fetched.count, 300)
      XCTAssertEqual(fetched.sorted { $0.id < $1.id }, rows)
    }
  }

  func testEmptyTextAndBytesInNullableColumnsAreNotNull() {
    // PostgreSQL's readers ask whether a value is NULL only when it has no bytes: an empty
    // string or blob must still come back as a value.
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(DecodedRow.self)
      let empty = DecodedRow(
        id: 1, name: "", score: 0, createdAt: Date(timeIntervalSinceReferenceDate: 0),
        note: "", payload: Data(), thumbnail: Data(), updatedAt: nil)
      let null = DecodedRow(
        id: 2, name: "", score: -1.5, createdAt: Date(timeIntervalSinceReferenceDate: -1),
        note: nil, payload: Data(), thumbnail: nil, updatedAt: nil)
      try db.write { db in
        try db.insert(empty)
        try db.insert(null)
      }
      let fetched = try db.read { try $0.fetchAll(DecodedRow.self) }.sorted { $0.id < $1.id }
      XCTAssertEqual(fetched, [empty, null])
      XCTAssertEqual(fetched.first?.note, "")
      XCTAssertEqual(fetched.first?.thumbnail, Data())
      XCTAssertNil(fetched.last?.note)
      XCTAssertNil(fetched.last?.thumbnail)
    }
  }

  func testKnownRemainingRowCountAfterEachStep() {
    forEachEngine { engine in
      let db = try makeDatabase()
      try db.migrate(DecodedRow.self)
      try db.write { db in
        for id in 1...3 { try db.insert(DecodedRow.sample(id)) }
      }
      let counts = try db.read { db in
        let statement = try db.checkedConnection.cachedStatement(
          #"SELECT "id" FROM "decoded_rows" ORDER BY "id""#)
        return try statement.withReset { statement in
          var counts = [statement.knownRemainingRowCount]
          while try statement.step() { counts.append(statement.knownRemainingRowCount) }
          counts.append(statement.knownRemainingRowCount)
          return counts
        }
      }
      // Before the first step, at rows 1, 2 and 3, and after the last.
      switch engine {
      case .postgres: XCTAssertEqual(counts, [0, 2, 1, 0, 0])
      case .sqlite: XCTAssertEqual(counts, [0, 0, 0, 0, 0])
      }
    }
  }

  func testColumnsOutsideTheResultReadAsNull() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(DecodedRow.self)
      try db.write { try $0.insert(DecodedRow.sample(7)) }
      let values = try db.read { db in
        let statement = try db.checkedConnection.cachedStatement(
          #"SELECT "id", "name" FROM "decoded_rows""#)
        return try statement.withReset { statement in
          XCTAssertTrue(try statement.step())
          let row = Row(statement: statement, number: 1)
          return [
            row.databaseValue(at: 0), row.databaseValue(at: 2), row.databaseValue(at: -1),
          ]
        }
      }
      XCTAssertEqual(values, [.integer(7), .null, .null])
    }
  }

  func testFetchAllOfNoRowsIsEmpty() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.migrate(DecodedRow.self)
      XCTAssertEqual(try db.read { try $0.fetchAll(DecodedRow.self) }, [])
    }
  }
}

/// A row of every column kind the typed readers decode, as `quarry` would generate it.
private struct DecodedRow: Sendable, Equatable {
  var id: Int64
  var name: String
  var score: Double
  var createdAt: Date
  var note: String?
  var payload: Data
  var thumbnail: Data?
  var updatedAt: Date?

  /// Row `id`: long and short, ASCII and not; NULL on every third optional; 0 to 40 bytes.
  static func sample(_ id: Int) -> DecodedRow {
    DecodedRow(
      id: Int64(id),
      name: id % 5 == 0 ? "é\(id)" : "entity number \(id) with a long name",
      score: Double(id) * 1.25 - 100,
      createdAt: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(id) * 0.25),
      note: id % 3 == 0 ? nil : "note \(id)",
      payload: Data((0..<(id % 41)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ id) }),
      thumbnail: id % 3 == 1 ? nil : Data(repeating: UInt8(truncatingIfNeeded: id), count: 16),
      updatedAt: id % 3 == 2 ? nil : Date(timeIntervalSinceReferenceDate: Double(id) * 60))
  }
}

extension DecodedRow: TableRecord {
  typealias PrimaryKey = Int64

  static let table = TableDefinition(
    name: "decoded_rows",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("name", .text),
      ColumnDefinition("score", .real),
      ColumnDefinition("createdAt", .real, kind: .date),
      ColumnDefinition("note", .text, nullable: true),
      ColumnDefinition("payload", .blob),
      ColumnDefinition("thumbnail", .blob, nullable: true),
      ColumnDefinition("updatedAt", .real, kind: .date, nullable: true),
    ]
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    name = try row.decode(at: 1)
    score = try row.decode(at: 2)
    createdAt = try row.decode(at: 3)
    note = try row.decode(at: 4)
    payload = try row.decode(at: 5)
    thumbnail = try row.decode(at: 6)
    updatedAt = try row.decode(at: 7)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(name, at: 2)
    try statement.bind(score, at: 3)
    try statement.bind(createdAt, at: 4)
    try statement.bind(note, at: 5)
    try statement.bind(payload, at: 6)
    try statement.bind(thumbnail, at: 7)
    try statement.bind(updatedAt, at: 8)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
