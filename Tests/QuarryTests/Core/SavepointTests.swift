import Foundation
import Quarry
import XCTest

/// `inSavepoint` (issue 21): each outcome compared with the rows raw SQL counts afterwards.
final class SavepointTests: XCTestCase {
  private var db: Database!

  override func setUpWithError() throws {
    db = try Database.inMemory()
    try db.migrate(Member.self)
  }

  private func names() throws -> [String] {
    try db.read {
      try $0.fetchAll(String.self, sql: "SELECT name FROM members ORDER BY id", arguments: [])
    }
  }

  func testRollbackUndoesTheSavepointOnlyAndCommitKeepsIt() throws {
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

  func testNestedSavepointsRollBackIndependently() throws {
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

  func testErrorRollsBackTheSavepointAndIsRethrown() throws {
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
      ) { XCTAssertEqual(($0 as? SQLiteError)?.code, 19) }
      try tx.insert(Member(id: 4, name: "after"))
    }
    XCTAssertEqual(try names(), ["kept", "after"])
  }

  func testRollingBackTheWholeWriteUndoesCommittedSavepoints() throws {
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
