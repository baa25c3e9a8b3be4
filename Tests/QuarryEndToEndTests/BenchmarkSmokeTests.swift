import Foundation
import XCTest

/// Runs the built `quarry-bench --quick` once, as CI's smoke test of the benchmark: every
/// operation runs for every implementation, its results pass the benchmark's own checks, and
/// the JSON report has the fields the figures are tracked by. It asserts no timing.
final class BenchmarkSmokeTests: XCTestCase {
  private struct Row: Decodable {
    var suite: String
    var operation: String
    var implementation: String?
    var storage: String?
    var rows: Int
    var median_s: Double
    var ratio_to_raw: Double?
    var mb_per_s: Double?
    var p99_s: Double?
    var ratio_to_none: Double?
  }

  func testQuickRunReportsEveryOperationAsJSON() throws {
    let benchmark = QuarryBinary.executable.deletingLastPathComponent()
      .appendingPathComponent("quarry-bench")
    let run = try QuarryBinary.runProcess(
      benchmark, ["--quick", "--runs", "1", "--json"], in: QuarryBinary.packageRoot)
    XCTAssertEqual(run.exitCode, 0, run.standardError)
    let rows = try JSONDecoder().decode([Row].self, from: Data(run.standardOutput.utf8))

    let runtime = rows.filter { $0.suite == "runtime" }
    let operations = Set(runtime.map(\.operation))
    XCTAssertEqual(
      operations,
      [
        "insert", "fetch all", "point lookup", "update", "upsert", "where score > x",
        "select one column", "grouped aggregate", "paged query", "updateAll",
      ])
    for operation in operations {
      for storage in ["file", "memory"] {
        let implementations = runtime.filter { $0.operation == operation && $0.storage == storage }
        XCTAssertEqual(
          implementations.compactMap(\.implementation).sorted(), ["generated", "naive", "raw"],
          "\(operation) on \(storage)")
        for row in implementations {
          XCTAssertGreaterThan(row.rows, 0)
          XCTAssertGreaterThan(row.median_s, 0)
          XCTAssertEqual(
            row.ratio_to_raw == nil, row.implementation == "raw",
            "only the baseline has no ratio: \(operation) \(storage) \(row.implementation ?? "")")
        }
      }
    }

    let observation = rows.filter { $0.suite == "observation" }
    XCTAssertEqual(
      observation.map { "\($0.operation): \($0.implementation ?? "")" },
      [
        "commit to value: 1 observer", "commit to value: 10 observers",
        "write throughput: no observer", "write throughput: 10 on written table",
        "write throughput: 10 on other table",
      ])
    for row in observation {
      XCTAssertGreaterThan(row.median_s, 0)
      XCTAssertEqual(row.p99_s != nil, row.operation == "commit to value", row.implementation ?? "")
      XCTAssertEqual(
        row.ratio_to_none != nil,
        row.operation == "write throughput" && row.implementation != "no observer")
    }

    let postgres = rows.filter { $0.suite == "postgres" }
    XCTAssertEqual(
      postgres.map { "\($0.operation): \($0.implementation ?? "")" }.sorted(),
      [
        "fetch all: generated", "fetch all: raw", "insert: generated", "insert: raw",
        "point lookup: generated", "point lookup: raw", "where score > x: generated",
        "where score > x: raw",
      ])
    for row in postgres {
      XCTAssertGreaterThan(row.median_s, 0)
      XCTAssertEqual(row.ratio_to_raw == nil, row.implementation == "raw", row.operation)
    }

    let generator = rows.filter { $0.suite == "generator" }
    let scan = try XCTUnwrap(generator.first { $0.operation == "scan (1 core)" })
    XCTAssertGreaterThan(scan.mb_per_s ?? 0, 0)
    XCTAssertNotNil(generator.first { $0.operation == "quarry generate (no-op)" })
  }
}
