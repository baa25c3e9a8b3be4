import Foundation
import XCTest

extension XCTestCase {
  /// The SQLite backend joins the contract suite once the runtime is merged.
  func sqliteBackends() throws -> [RepositoryBackend] {
    []
  }
}
