import Foundation

/// The naive path: app code calling the seed's repository once per item, as the post shows.
///
/// A typed `where` query is impossible over JSON blobs, so the naive user reads everything and
/// filters in Swift; that is what this subject times.
final class NaiveSubject: RuntimeSubject {
  let name = "naive"
  private let storage: BenchStorage
  private let files: BenchDatabaseFiles
  private var repository: NaiveRepository?

  init(storage: BenchStorage, files: BenchDatabaseFiles) {
    self.storage = storage
    self.files = files
  }

  func reset() throws {
    close()
    let path = storage == .memory ? ":memory:" : files.nextPath(prefix: "naive")
    repository = try NaiveRepository(path: path, pragmas: BenchSchema.pragmas(for: storage))
  }

  func insert(_ entities: [BenchEntity]) throws {
    let repository = try open()
    for entity in entities { try repository.create(id: String(entity.id), item: entity) }
  }

  func fetchAll() throws -> [BenchEntity] {
    try open().all()
  }

  func lookup(_ ids: [Int64]) throws -> [BenchEntity] {
    let repository = try open()
    var found: [BenchEntity] = []
    for id in ids { found.append(try repository.read(id: String(id))) }
    return found
  }

  func fetch(scoreAbove threshold: Double) throws -> [BenchEntity] {
    let all: [BenchEntity] = try open().all()
    return all.filter { $0.score > threshold }
  }

  func update(_ entities: [BenchEntity]) throws {
    let repository = try open()
    for entity in entities { try repository.update(id: String(entity.id), item: entity) }
  }

  func upsert(_ entities: [BenchEntity]) throws {
    let repository = try open()
    for entity in entities { try repository.upsert(id: String(entity.id), item: entity) }
  }

  func delete(_ ids: [Int64]) throws {
    // Untimed set-up: one transaction keeps it quick; the repository's own delete is unchanged.
    let repository = try open()
    try repository.execute("BEGIN")
    for id in ids { try? repository.delete(id: String(id)) }
    try repository.execute("COMMIT")
  }

  func count() throws -> Int {
    try open().count()
  }

  func close() {
    repository = nil
    files.removeCurrent()
  }

  private func open() throws -> NaiveRepository {
    guard let repository else { throw BenchCheckFailure(description: "naive: no database open") }
    return repository
  }
}
