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

  // The naive user has no query language over JSON blobs: everything is read and computed in
  // Swift.

  func selectNames() throws -> [String] {
    let all: [BenchEntity] = try open().all()
    return all.map(\.name)
  }

  func groupedAggregate() throws -> [QueryWorkload.GroupRow] {
    let all: [BenchEntity] = try open().all()
    var groups: [Int64: QueryWorkload.GroupRow] = [:]
    for entity in all {
      let key = entity.id / QueryWorkload.groupWidth
      var row = groups[key] ?? QueryWorkload.GroupRow(group: key, count: 0, maxScore: -.infinity)
      row.count += 1
      row.maxScore = max(row.maxScore, entity.score)
      groups[key] = row
    }
    return groups.values.sorted { $0.group < $1.group }
  }

  /// Reads everything once and pages in memory: reading 100,000 blobs per page would make this
  /// row take minutes.
  func page(offset: Int, repeats: Int) throws -> [Int64] {
    let all: [BenchEntity] = try open().all()
    var ids: [Int64] = []
    for _ in 0..<repeats {
      ids = all.sorted { $0.id < $1.id }.dropFirst(offset).prefix(QueryWorkload.pageSize).map(\.id)
    }
    return ids
  }

  func addOneToScores(upTo lastID: Int64) throws -> Int {
    let repository = try open()
    let all: [BenchEntity] = try repository.all()
    var changed = 0
    for var entity in all where entity.id <= lastID {
      entity.score += 1
      try repository.update(id: String(entity.id), item: entity)
      changed += 1
    }
    return changed
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
