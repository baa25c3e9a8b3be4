import Foundation
import QuarryTestSupport
import XCTest

@testable import Quarry

/// The harness the behaviour suites use to run on both engines.
final class EngineHarnessTests: DatabaseTestCase {
  func testEachEnabledEngineRunsOnceWithItsOwnFreshDatabase() {
    var runs: [TestEngine] = []
    forEachEngine { engine in
      XCTAssertEqual(currentEngine, engine)
      runs.append(engine)
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(0))
      try db.write { try $0.insert(Bird(id: .fixed(1), name: "Robin")) }
      XCTAssertEqual(try rawValue("SELECT count(*) FROM birds", in: db), .integer(1))
      let other = try makeDatabase()
      try other.migrate(Nest.self)
      XCTAssertEqual(try rawValue("SELECT count(*) FROM nests", in: other), .integer(0))
    }
    XCTAssertEqual(runs, TestEngine.enabled)
    XCTAssertNil(currentEngine)
    XCTAssertNil(db)
  }

  func testAChosenEngineListRunsOnlyThose() {
    var runs: [TestEngine] = []
    forEachEngine([.sqlite]) { runs.append($0) }
    XCTAssertEqual(runs, [.sqlite])
  }

  func testAsyncBodiesRunOnEachEngine() async {
    var runs: [TestEngine] = []
    await forEachEngine { engine in
      let count = try await db.read { try $0.count(Bird.self) }
      XCTAssertEqual(count, 0)
      runs.append(engine)
    }
    XCTAssertEqual(runs, TestEngine.enabled)
  }

  /// PostgreSQL's text results become the storage classes the tests compare with.
  func testPostgresRawValuesReadByColumnType() throws {
    let database = try SharedPostgresServer.createDatabase()
    defer { database.drop() }
    let result = try PostgresRawConnection(conninfo: database.conninfo).query(
      """
      SELECT true, false, 9223372036854775807::int8, (-32768)::int2, '-0'::float8,
        'Infinity'::float8, '-Infinity'::float8, 0.1::float8, '\\x00ff10'::bytea, ''::bytea,
        12.50::numeric, 'Robin'::text, NULL::text
      """)
    let values = zip(result.columnTypes, result.rows[0]).map {
      EngineTestCase.value($1, ofType: $0)
    }
    XCTAssertEqual(
      values,
      [
        .integer(1), .integer(0), .integer(.max), .integer(-32768), .real(-0.0), .real(.infinity),
        .real(-.infinity), .real(0.1), .blob(Data([0, 255, 16])), .blob(Data()), .text("12.50"),
        .text("Robin"), .null,
      ])
    guard case .real(let negativeZero) = values[4] else { return XCTFail("\(values[4])") }
    XCTAssertEqual(negativeZero.sign, .minus)
  }
}
