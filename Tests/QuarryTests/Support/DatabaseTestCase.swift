import Foundation
import XCTest

@testable import Quarry

/// A test case with a fresh in-memory database holding `nests` and `birds`, and a SQL trace.
///
/// Inside `forEachEngine { engine in … }`, `db` is instead a fresh database with the same
/// tables on that engine, one per run.
class DatabaseTestCase: EngineTestCase {
  var db: Database!
  let recorder = SQLRecorder()

  override func setUpWithError() throws {
    db = try Database.inMemory(configuration: recorder.configuration)
    try db.migrate(Nest.self, Bird.self)
    recorder.reset()
  }

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase(configuration: recorder.configuration)
    try db.migrate(Nest.self, Bird.self)
    recorder.reset()
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    if let db {
      XCTAssertFalse(db.hasBusyStatements, "a statement was left stepping")
    }
    db = nil
  }

  override func tearDownWithError() throws {
    if let db {
      XCTAssertFalse(db.hasBusyStatements, "a statement was left stepping")
    }
    db = nil
  }

  /// A temporary file path, removed with its WAL files at the end of the test.
  func temporaryDatabasePath() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-\(UUID().uuidString).sqlite").path
    addTeardownBlock {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    return path
  }
}

extension UUID {
  /// A fixed UUID whose last group is `number`, for readable literals in tests.
  static func fixed(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID()
  }
}
