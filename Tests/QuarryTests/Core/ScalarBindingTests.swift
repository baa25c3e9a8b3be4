import Foundation
import XCTest

@testable import Quarry

/// Issue 20 #6: generated code binds the common column types through concrete overloads (one
/// SQLite call each) instead of the generic conversion. They must store exactly what the
/// conversions store, NULL for nil, and refuse NaN as the conversions do. The record below is
/// written as the generator writes one, so its `bind(to:)` picks the overloads as generated
/// code does.
final class ScalarBindingTests: EngineTestCase {
  fileprivate struct Sample: Sendable, Equatable {
    var id: Int64
    var name: String
    var nickname: String?
    var score: Double
    var weight: Double?
    var seenAt: Date
    var confirmedAt: Date?
    var photo: Data
    var thumbnail: Data?
    var nestID: Int64?
    var age: Int?
  }

  private let full = Sample(
    id: 1, name: "Rouge-gorge 🐦\u{0}x", nickname: "", score: -0.0, weight: 0.1 + 0.2,
    seenAt: Date(timeIntervalSinceReferenceDate: 786_297_600.000_123_4),
    confirmedAt: Date.distantPast, photo: Data(), thumbnail: Data([0, 255]),
    nestID: Int64.min, age: Int.max)
  private let empty = Sample(
    id: 2, name: "", nickname: nil, score: .infinity, weight: nil,
    seenAt: Date(timeIntervalSinceReferenceDate: 0), confirmedAt: nil, photo: Data([7]),
    thumbnail: nil, nestID: nil, age: nil)

  func testEveryOverloadStoresWhatTheConversionStores() throws {
    let db = try Database.inMemory()
    try db.migrate(Sample.self)
    try db.write { db in
      try db.insert(full)
      try db.insert(empty)
    }
    XCTAssertEqual(try db.read { try $0.fetchAll(Sample.self) }, [full, empty])
    let stored = try [1, 2].map { id in
      try db.read {
        try $0.fetchValue(
          String.self,
          sql: #"SELECT typeof("name") || typeof("nickname") || typeof("score") || "#
            + #"typeof("weight") || typeof("seenAt") || typeof("confirmedAt") || "#
            + #"typeof("photo") || typeof("thumbnail") || typeof("nestID") || typeof("age") "#
            + #"|| ' ' || hex("name") || ' ' || quote("seenAt") FROM "samples" WHERE "id" = ?"#,
          arguments: [id])
      }
    }
    XCTAssertEqual(
      stored,
      [
        "texttextrealrealrealrealblobblobintegerinteger 526F7567652D676F72676520F09F90A60078 "
          + "7.86297600000123381603e+08",
        "textnullrealnullrealnullblobnullnullnull  0.0",
      ])
  }

  func testEveryOverloadStoresItsColumnsTypeOnPostgreSQL() {
    forEachEngine([.postgres]) { _ in
      let db = try makeDatabase()
      try db.migrate(Sample.self)
      // PostgreSQL text cannot hold U+0000: the name without it, and the NUL refused.
      var full = self.full
      full.name = "Rouge-gorge 🐦x"
      XCTAssertThrowsError(try db.write { try $0.insert(self.full) }) {
        XCTAssertEqual(
          "\($0)", "text holds a NUL character (U+0000), which PostgreSQL text cannot store")
      }
      try db.write { db in
        try db.insert(full)
        try db.insert(empty)
      }
      XCTAssertEqual(
        try db.read { try $0.fetchAll(Sample.self) }.sorted { $0.id < $1.id }, [full, empty])
      XCTAssertEqual(
        try rawRows(
          #"SELECT "name", "nickname", "score", "weight", "seenAt", "confirmedAt", "photo", "#
            + #""thumbnail", "nestID", "age" FROM "samples" ORDER BY "id""#, in: db),
        [
          [
            .text("Rouge-gorge 🐦x"), .text(""), .real(-0.0), .real(0.1 + 0.2),
            .real(786_297_600.000_123_4), .real(Date.distantPast.timeIntervalSinceReferenceDate),
            .blob(Data()), .blob(Data([0, 255])), .integer(Int64.min), .integer(Int64(Int.max)),
          ],
          [
            .text(""), .null, .real(.infinity), .null, .real(0), .null, .blob(Data([7])), .null,
            .null, .null,
          ],
        ])
    }
  }

  func testNaNIsRefusedThroughTheOverloadsAndNothingIsStored() throws {
    // SQLite only: SQLite would store NaN as NULL; PostgreSQL's float8 keeps it (below).
    let db = try Database.inMemory()
    try db.migrate(Sample.self)
    var nanScore = full
    nanScore.score = .nan
    var nanWeight = full
    nanWeight.weight = .nan
    var nanDate = full
    nanDate.seenAt = Date(timeIntervalSinceReferenceDate: .nan)
    var nanOptionalDate = full
    nanOptionalDate.confirmedAt = Date(timeIntervalSinceReferenceDate: .nan)
    let cases: [(Sample, String)] = [
      (nanScore, "NaN cannot be stored (SQLite makes it NULL)"),
      (nanWeight, "NaN cannot be stored (SQLite makes it NULL)"),
      (nanDate, "a NaN Date cannot be stored (SQLite makes it NULL)"),
      (nanOptionalDate, "a NaN Date cannot be stored (SQLite makes it NULL)"),
    ]
    for (sample, message) in cases {
      XCTAssertThrowsError(try db.write { try $0.insert(sample) }) {
        XCTAssertEqual("\($0)", message)
      }
    }
    XCTAssertEqual(try db.read { try $0.count(Sample.self) }, 0)
  }

  func testNaNDoublesAreStoredOnPostgreSQLAndNaNDatesRefused() {
    forEachEngine([.postgres]) { _ in
      let db = try makeDatabase()
      try db.migrate(Sample.self)
      var nan = empty
      nan.score = .nan
      nan.weight = .nan
      var nanDate = nan
      nanDate.seenAt = Date(timeIntervalSinceReferenceDate: .nan)
      // A Date is refused on both engines: NaN is no moment, which the message says without
      // naming SQLite, whether the Date is a column's value or a query's.
      let refusal = "a NaN Date cannot be stored: it is no moment in time"
      XCTAssertThrowsError(try db.write { try $0.insert(nanDate) }) {
        XCTAssertEqual("\($0)", refusal)
      }
      let nanMoment = Date(timeIntervalSinceReferenceDate: .nan)
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchAll(Sample.all().filter(Column<Sample, Date>("seenAt") == nanMoment))
        }
      ) { XCTAssertEqual("\($0)", refusal) }
      XCTAssertThrowsError(
        try db.read {
          try $0.fetchValue(
            Int.self, sql: "SELECT count(*) WHERE ? IS NULL", arguments: [nanMoment])
        }
      ) { XCTAssertEqual("\($0)", refusal) }
      try db.write { try $0.insert(nan) }
      let row = try rawRows(#"SELECT "score", "weight" FROM "samples""#, in: db)
      XCTAssertEqual(row.count, 1)
      for value in row.first ?? [] {
        guard case .real(let real) = value else { return XCTFail("\(value)") }
        XCTAssertTrue(real.isNaN)
      }
      let back = try XCTUnwrap(try db.read { try $0.fetchOne(Sample.self, id: 2) })
      XCTAssertTrue(back.score.isNaN)
      XCTAssertEqual(back.weight?.isNaN, true)
    }
  }
}

// Written as the generator writes a conformance (see Fixtures/Bird+Quarry.swift).
extension ScalarBindingTests.Sample: TableRecord {
  typealias PrimaryKey = Int64

  static let table = TableDefinition(
    name: "samples",
    columns: [
      ColumnDefinition("id", .integer, primaryKey: true),
      ColumnDefinition("name", .text),
      ColumnDefinition("nickname", .text, nullable: true),
      ColumnDefinition("score", .real),
      ColumnDefinition("weight", .real, nullable: true),
      ColumnDefinition("seenAt", .real),
      ColumnDefinition("confirmedAt", .real, nullable: true),
      ColumnDefinition("photo", .blob),
      ColumnDefinition("thumbnail", .blob, nullable: true),
      ColumnDefinition("nestID", .integer, nullable: true),
      ColumnDefinition("age", .integer, nullable: true),
    ]
  )

  init(row: Row) throws {
    id = try row.decode(at: 0)
    name = try row.decode(at: 1)
    nickname = try row.decode(at: 2)
    score = try row.decode(at: 3)
    weight = try row.decode(at: 4)
    seenAt = try row.decode(at: 5)
    confirmedAt = try row.decode(at: 6)
    photo = try row.decode(at: 7)
    thumbnail = try row.decode(at: 8)
    nestID = try row.decode(at: 9)
    age = try row.decode(at: 10)
  }

  func bind(to statement: Statement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(name, at: 2)
    try statement.bind(nickname, at: 3)
    try statement.bind(score, at: 4)
    try statement.bind(weight, at: 5)
    try statement.bind(seenAt, at: 6)
    try statement.bind(confirmedAt, at: 7)
    try statement.bind(photo, at: 8)
    try statement.bind(thumbnail, at: 9)
    try statement.bind(nestID, at: 10)
    try statement.bind(age, at: 11)
  }

  func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
    try statement.bind(id, at: index)
  }

  static func bind(primaryKey: Int64, to statement: Statement, at index: Int32) throws {
    try statement.bind(primaryKey, at: index)
  }
}
