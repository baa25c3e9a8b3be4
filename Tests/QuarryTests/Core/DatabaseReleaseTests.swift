import Foundation
import Quarry
import XCTest

/// Issue 20: each released `Database` that had done a read kept two file descriptors and about
/// 110 KB (a reader connection and its spare read transaction held each other), so the 507th
/// open failed under `ulimit -n 1024`.
final class DatabaseReleaseTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-release-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The open file descriptors of this process, counted in `/proc/self/fd`.
  private func openDescriptorCount() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
  }

  func testFiveThousandReleasedDatabasesGiveBackEveryDescriptor() throws {
    let path = folder.appendingPathComponent("birds.sqlite").path
    do {
      let db = try Database(path: path)
      try db.write { try $0.execute(#"CREATE TABLE "birds" ("id" INTEGER PRIMARY KEY)"#) }
    }
    let before = try openDescriptorCount()
    for round in 0..<5_000 {
      let db = try Database(path: path)
      let count = try db.read {
        try $0.fetchValue(Int.self, sql: #"SELECT count(*) FROM "birds""#)
      }
      XCTAssertEqual(count, 0)
      if round == 0 {
        // While open, the database does hold descriptors: the count below can tell.
        XCTAssertGreaterThan(try openDescriptorCount(), before)
      }
    }
    XCTAssertEqual(try openDescriptorCount(), before)
  }
}
