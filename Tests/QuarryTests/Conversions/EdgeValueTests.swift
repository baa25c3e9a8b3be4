import Foundation
import XCTest

@testable import Quarry

/// Issue 23's edge values, on each engine: each comes back `==` (checked again with raw SQL on
/// the engine) or its write is refused with a clear error and nothing stored.
final class EdgeValueTests: EngineTestCase {
  private var db: Database!

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    guard engine == .postgres else { return try db.migrate(EdgeValue.self) }
    // The contract's type map, written out until `migrate` creates tables on PostgreSQL.
    try db.write {
      try $0.execute(
        """
        CREATE TABLE "edge_values" ("id" BIGINT NOT NULL PRIMARY KEY, "integer" BIGINT,
          "real" DOUBLE PRECISION, "decimal" NUMERIC, "date" DOUBLE PRECISION, "text" TEXT,
          "data" BYTEA)
        """)
    }
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    db = nil
  }

  /// Inserts `value` and reads its row back.
  private func roundTrip(_ value: EdgeValue) throws -> EdgeValue? {
    try db.write { _ = try $0.insert(value) }
    return try db.read { try $0.fetchOne(EdgeValue.self, id: value.id) }
  }

  /// Asserts that inserting `value` throws a ValueConversionError saying `message`, and that no
  /// row was stored.
  private func assertRefused(
    _ value: EdgeValue, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertThrowsError(try db.write { _ = try $0.insert(value) }, file: file, line: line) {
      error in
      XCTAssertTrue(error is ValueConversionError, "\(type(of: error))", file: file, line: line)
      XCTAssertTrue("\(error)".contains(message), "\(error)", file: file, line: line)
    }
    XCTAssertEqual(
      try rawValue("SELECT count(*) FROM edge_values", in: db), .integer(0), file: file,
      line: line)
  }

  func testInt64MinimumAndMaximumAreExact() {
    forEachEngine(TestEngine.available) { _ in
      let values = [EdgeValue(id: 1, integer: .min), EdgeValue(id: 2, integer: .max)]
      for value in values { XCTAssertEqual(try roundTrip(value), value) }
      XCTAssertEqual(
        try rawRows(#"SELECT "integer" FROM edge_values ORDER BY id"#, in: db),
        [[.integer(.min)], [.integer(.max)]])
      XCTAssertEqual(
        try db.read {
          try $0.fetchAll(EdgeValue.all().filter(EdgeValue.integerColumn < 0)).map(\.id)
        }, [1])
    }
  }

  func testNegativeZeroAndInfinitiesAreExact() {
    forEachEngine(TestEngine.available) { engine in
      let values = [
        EdgeValue(id: 1, real: -0.0), EdgeValue(id: 2, real: .infinity),
        EdgeValue(id: 3, real: -.infinity), EdgeValue(id: 4, real: .leastNonzeroMagnitude),
        EdgeValue(id: 5, real: .greatestFiniteMagnitude),
      ]
      for value in values { XCTAssertEqual(try roundTrip(value), value) }
      let negativeZero = try roundTrip(EdgeValue(id: 6, real: -0.0))?.real
      XCTAssertEqual(negativeZero?.sign, engine == .sqlite ? .plus : .minus)
      XCTAssertEqual(
        try rawRows(#"SELECT "real" FROM edge_values WHERE id > 1 AND id < 6 ORDER BY id"#, in: db),
        [
          [.real(.infinity)], [.real(-.infinity)], [.real(.leastNonzeroMagnitude)],
          [.real(.greatestFiniteMagnitude)],
        ])
    }
  }

  func testNaNIsRefusedOnSQLiteAndExactOnPostgres() {
    forEachEngine(TestEngine.available) { engine in
      let nan = EdgeValue(id: 1, real: .nan)
      guard engine == .postgres else {
        return try assertRefused(nan, "NaN cannot be stored")
      }
      XCTAssertEqual(try roundTrip(nan)?.real?.isNaN, true)
      XCTAssertEqual(try rawValue(#"SELECT "real" = 'NaN' FROM edge_values"#, in: db), .integer(1))
    }
  }

  func testDecimalsOf29And38DigitsAreExactOnPostgresAndRefusedOnSQLite() {
    forEachEngine(TestEngine.available) { engine in
      let texts = [
        "12345678901234567890.123456789", "-0.0000000000000000000000000001",
        "99999999999999999999999999999999999999",
      ]
      let values = texts.enumerated().map {
        EdgeValue(id: Int64($0.offset + 1), decimal: Decimal(string: $0.element))
      }
      guard engine == .postgres else {
        return try assertRefused(values[0], "SQLite NUMERIC column keeps 15")
      }
      for value in values { XCTAssertEqual(try roundTrip(value), value) }
      XCTAssertEqual(
        try rawRows(#"SELECT "decimal"::text FROM edge_values ORDER BY id"#, in: db),
        texts.map { [.text($0)] })
    }
  }

  func testDistantDatesAndSubMicrosecondFractionsAreExact() {
    forEachEngine(TestEngine.available) { _ in
      let intervals: [TimeInterval] = [
        Date.distantPast.timeIntervalSinceReferenceDate,
        Date.distantFuture.timeIntervalSinceReferenceDate, 789_012_345.123_456_7,
        -0.000_000_001, 1e15 + 0.5,
      ]
      let values = intervals.enumerated().map {
        EdgeValue(id: Int64($0.offset + 1), date: Date(timeIntervalSinceReferenceDate: $0.element))
      }
      for value in values { XCTAssertEqual(try roundTrip(value), value) }
      XCTAssertEqual(
        try rawRows(#"SELECT "date" FROM edge_values ORDER BY id"#, in: db),
        intervals.map { [.real($0)] })
    }
  }

  func testNULInTextIsExactOnSQLiteAndRefusedOnPostgres() {
    forEachEngine(TestEngine.available) { engine in
      let value = EdgeValue(id: 1, text: "before\u{0}after")
      guard engine == .sqlite else {
        return try assertRefused(value, "NUL")
      }
      XCTAssertEqual(try roundTrip(value), value)
      XCTAssertEqual(
        try rawValue(#"SELECT length(CAST("text" AS BLOB)) FROM edge_values"#, in: db),
        .integer(12))
    }
  }

  func testEmptyDataIsEmptyNotNull() {
    forEachEngine(TestEngine.available) { _ in
      let value = EdgeValue(id: 1, data: Data())
      XCTAssertEqual(try roundTrip(value), value)
      XCTAssertEqual(
        try rawRows(#"SELECT length("data"), "data" IS NULL FROM edge_values"#, in: db),
        [[.integer(0), .integer(0)]])
    }
  }

  func testLargeDataIsExact() {
    forEachEngine(TestEngine.available) { _ in
      var random = SeededRandom(seed: 23)
      var bytes = Data(count: 8 << 20)
      bytes.withUnsafeMutableBytes { buffer in
        for index in stride(from: 0, to: buffer.count, by: 4) {
          buffer.storeBytes(of: UInt32(random.next(1 << 32)), toByteOffset: index, as: UInt32.self)
        }
      }
      let value = EdgeValue(id: 1, data: bytes)
      XCTAssertEqual(try roundTrip(value), value)
      XCTAssertEqual(
        try rawValue(#"SELECT length("data") FROM edge_values"#, in: db), .integer(8 << 20))
    }
  }
}

extension EdgeValue {
  fileprivate static let integerColumn = Column<EdgeValue, Int64?>("integer")
}
