import Foundation
import Quarry
import XCTest

final class RepositoryErrorTests: XCTestCase {
  func testDescriptionsNameTheTypeTheIDAndTheLocation() {
    XCTAssertEqual(
      RepositoryError(code: .notFound, itemType: "Bird", id: "42").description,
      "Bird '42' not found")
    XCTAssertEqual(
      RepositoryError(code: .alreadyExists, itemType: "Bird", id: "42", location: "/b/k3432.json")
        .description,
      "Bird '42' already exists at '/b/k3432.json'")
    XCTAssertEqual(
      RepositoryError(
        code: .storageFailure, itemType: "Bird", location: "/b",
        underlyingError: POSIXError(.EACCES)
      ).description.hasPrefix("cannot store Bird at '/b': "),
      true)
  }

  func testVeryLongIDsAreShortenedInMessages() {
    let error = RepositoryError(
      code: .notFound, itemType: "Bird", id: String(repeating: "x", count: 10_000))
    XCTAssertEqual(error.id, String(repeating: "x", count: 100) + "…")
  }

  func testCatchMatchesByCode() async {
    let repository = InMemoryRepository<Note>()
    var caught = ""
    do {
      _ = try await repository.read(id: "missing")
    } catch RepositoryError.alreadyExists {
      caught = "alreadyExists"
    } catch RepositoryError.notFound {
      caught = "notFound"
    } catch {
      caught = "other"
    }
    XCTAssertEqual(caught, "notFound")
  }

  func testInMemoryKeepsInsertionOrder() async throws {
    let repository = InMemoryRepository<Note>([Note(id: "b"), Note(id: "a")])
    try await repository.create(Note(id: "c"))
    await repository.upsert(Note(id: "a", title: "again"))
    let ids = await repository.all().map(\.id)
    XCTAssertEqual(ids, ["b", "a", "c"])
  }
}
