import Foundation
import XCTest

@testable import Quarry

/// The async overloads on both engines; each run's `db` holds `nests` (DatabaseTestCase).
final class AsyncTests: DatabaseTestCase {
  /// How many nests the engine itself counts.
  private func nestCount() throws -> DatabaseValue {
    try rawValue("SELECT count(*) FROM nests", in: db)
  }

  func testACancelledTaskDoesNotStartItsWrite() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      let task = Task { () async throws -> Int64 in
        withUnsafeCurrentTask { $0?.cancel() }
        return try await db.write { try $0.insert(Nest(site: "oak")) }
      }
      do {
        _ = try await task.value
        XCTFail("the write ran")
      } catch is CancellationError {}
      XCTAssertEqual(try nestCount(), .integer(0))
    }
  }

  func testACancelledTaskDoesNotStartItsRead() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      let task = Task { () async throws -> Int in
        withUnsafeCurrentTask { $0?.cancel() }
        return try await db.read { try $0.count(Nest.self) }
      }
      do {
        _ = try await task.value
        XCTFail("the read ran")
      } catch is CancellationError {}
    }
  }

  func testAWriteCancelledWhileQueuedNeverRuns() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      let firstStarted = DispatchSemaphore(value: 0)
      let releaseFirst = DispatchSemaphore(value: 0)
      let first = Task {
        try await db.write { db in
          firstStarted.signal()
          releaseFirst.wait()
          _ = try db.insert(Nest(site: "first"))
        }
      }
      await Task.detached { firstStarted.wait() }.value
      let second = Task { try await db.write { _ = try $0.insert(Nest(site: "second")) } }
      // Let the second write reach its queue, behind the first, then cancel it.
      try await Task.sleep(nanoseconds: 50_000_000)
      second.cancel()
      releaseFirst.signal()
      try await first.value
      do {
        try await second.value
        XCTFail("the cancelled write ran")
      } catch is CancellationError {}
      let sites = try await db.read { try $0.fetchAll(Nest.self).map(\.site) }
      XCTAssertEqual(sites, ["first"])
    }
  }

  func testAStartedWriteCompletesEvenIfItsTaskIsCancelled() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      let started = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let task = Task {
        try await db.write { db -> Int64 in
          started.signal()
          release.wait()
          return try db.insert(Nest(site: "oak"))
        }
      }
      await Task.detached { started.wait() }.value
      task.cancel()
      release.signal()
      let rowID = try await task.value
      XCTAssertEqual(rowID, 1)
      XCTAssertEqual(try nestCount(), .integer(1))
    }
  }

  func testManyAsyncCallsFinishWithoutOccupyingTheCooperativePool() async {
    await forEachEngine { _ in
      let db = try XCTUnwrap(self.db)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          group.addTask {
            if index.isMultiple(of: 2) {
              _ = try await db.write { try $0.insert(Nest(site: "site \(index)")) }
            } else {
              _ = try await db.read { try $0.count(Nest.self) }
            }
          }
        }
        try await group.waitForAll()
      }
      XCTAssertEqual(try nestCount(), .integer(100))
    }
  }
}
