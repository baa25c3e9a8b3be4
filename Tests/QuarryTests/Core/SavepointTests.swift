import Foundation
import XCTest

@testable import Quarry

/// `inSavepoint` (issue 21) on both engines: each outcome compared with the rows raw SQL reads
/// afterwards.
final class SavepointTests: EngineTestCase {
  private var db: Database!

  override func setUpEngine(_ engine: TestEngine) throws {
    db = try makeDatabase()
    try db.migrate(Member.self)
  }

  override func tearDownEngine(_ engine: TestEngine) throws {
    db = nil
  }

  /// The members' names as the engine itself reads them, by key.
  private func names() throws -> [String] {
    try rawRows("SELECT name FROM members ORDER BY id", in: db).map { row in
      guard case .text(let name) = row.first else { throw ValueConversionError("\(row)") }
      return name
    }
  }

  func testRollbackUndoesTheSavepointOnlyAndCommitKeepsIt() {
    forEachEngine { _ in
      try db.write { tx in
        try tx.insert(Member(id: 1, name: "Ada"))
        try tx.inSavepoint { sp in
          try sp.insert(Member(id: 2, name: "Émile"))
          return .rollback
        }
        try tx.inSavepoint { sp in
          try sp.insert(Member(id: 3, name: "Zoë"))
          return .commit
        }
      }
      XCTAssertEqual(try names(), ["Ada", "Zoë"])
    }
  }

  func testNestedSavepointsRollBackIndependently() {
    forEachEngine { _ in
      try db.write { tx in
        try tx.inSavepoint { outer in
          try outer.insert(Member(id: 1, name: "outer"))
          try outer.inSavepoint { inner in
            try inner.insert(Member(id: 2, name: "inner rolled back"))
            return .rollback
          }
          try outer.inSavepoint { inner in
            try inner.insert(Member(id: 3, name: "inner kept"))
            try inner.inSavepoint { innermost in
              try innermost.insert(Member(id: 4, name: "innermost kept"))
              return .commit
            }
            return .commit
          }
          return .commit
        }
        try tx.inSavepoint { outer in
          try outer.inSavepoint { inner in
            try inner.insert(Member(id: 5, name: "inside a rolled-back savepoint"))
            return .commit
          }
          return .rollback
        }
      }
      XCTAssertEqual(try names(), ["outer", "inner kept", "innermost kept"])
    }
  }

  func testErrorRollsBackTheSavepointAndIsRethrown() {
    forEachEngine { engine in
      struct Stop: Error {}
      try db.write { tx in
        try tx.insert(Member(id: 1, name: "kept"))
        XCTAssertThrowsError(
          try tx.inSavepoint { sp in
            try sp.insert(Member(id: 2, name: "undone"))
            throw Stop()
          }
        ) { XCTAssertTrue($0 is Stop) }
        // A failing statement: the constraint error rolls back the savepoint's earlier insert too.
        XCTAssertThrowsError(
          try tx.inSavepoint { sp in
            try sp.insert(Member(id: 3, name: "undone too"))
            try sp.insert(Member(id: 1, name: "duplicate key"))
            return .commit
          }
        ) { error in
          switch engine {
          case .sqlite: XCTAssertEqual((error as? SQLiteError)?.code, 19)
          case .postgres: XCTAssertEqual((error as? PostgresError)?.isUniqueViolation, true)
          }
        }
        try tx.insert(Member(id: 4, name: "after"))
      }
      XCTAssertEqual(try names(), ["kept", "after"])
    }
  }

  func testRollingBackTheWholeWriteUndoesCommittedSavepoints() {
    forEachEngine { _ in
      struct Stop: Error {}
      XCTAssertThrowsError(
        try db.write { tx in
          try tx.inSavepoint { sp in
            try sp.insert(Member(id: 1, name: "released, then rolled back with the write"))
            return .commit
          }
          throw Stop()
        })
      XCTAssertEqual(try names(), [])
      // The next write starts at depth zero again and works.
      try db.write { tx in
        try tx.inSavepoint { sp in
          try sp.insert(Member(id: 2, name: "next"))
          return .commit
        }
      }
      XCTAssertEqual(try names(), ["next"])
    }
  }
}
