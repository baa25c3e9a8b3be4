import Foundation
import Quarry

/// The generated path: app code written against the Quarry runtime and the conformance in
/// `Generated/BenchEntity+Quarry.swift`, one `read` or `write` closure per operation.
final class QuarrySubject: RuntimeSubject {
  let name = "generated"
  private let storage: BenchStorage
  private let files: BenchDatabaseFiles
  private var database: Database?

  init(storage: BenchStorage, files: BenchDatabaseFiles) {
    self.storage = storage
    self.files = files
  }

  func reset() throws {
    close()
    let database =
      storage == .memory
      ? try Database.inMemory() : try Database(path: files.nextPath(prefix: "generated"))
    try database.migrate(BenchEntity.self)
    self.database = database
  }

  func insert(_ entities: [BenchEntity]) throws {
    try open().write { db in
      for entity in entities { _ = try db.insert(entity) }
    }
  }

  func fetchAll() throws -> [BenchEntity] {
    try open().read { try $0.fetchAll(BenchEntity.self) }
  }

  func lookup(_ ids: [Int64]) throws -> [BenchEntity] {
    try open().read { db in
      var found: [BenchEntity] = []
      found.reserveCapacity(ids.count)
      for id in ids {
        if let entity = try db.fetchOne(BenchEntity.self, id: id) { found.append(entity) }
      }
      return found
    }
  }

  func fetch(scoreAbove threshold: Double) throws -> [BenchEntity] {
    try open().read {
      try $0.fetchAll(BenchEntity.self, where: BenchEntity.Columns.score > threshold)
    }
  }

  func selectNames() throws -> [String] {
    try open().read { try $0.fetchAll(BenchEntity.all().select(BenchEntity.Columns.name)) }
  }

  func groupedAggregate() throws -> [QueryWorkload.GroupRow] {
    typealias Columns = BenchEntity.Columns
    let group = Columns.id / QueryWorkload.groupWidth
    let rows = try open().read {
      try $0.fetchAll(
        BenchEntity.all().select(group, Columns.id.count, Columns.score.max).group(group))
    }
    return rows.map { QueryWorkload.GroupRow(group: $0.0, count: $0.1, maxScore: $0.2 ?? .nan) }
  }

  func page(offset: Int, repeats: Int) throws -> [Int64] {
    try open().read { db in
      var ids: [Int64] = []
      for _ in 0..<repeats {
        let page = BenchEntity.all().order(BenchEntity.Columns.id.asc)
          .limit(QueryWorkload.pageSize, offset: offset)
        ids = try db.fetchAll(page).map(\.id)
      }
      return ids
    }
  }

  func addOneToScores(upTo lastID: Int64) throws -> Int {
    try open().write {
      try $0.updateAll(
        BenchEntity.all().filter(BenchEntity.Columns.id <= lastID),
        set: BenchEntity.Columns.score.set(to: BenchEntity.Columns.score + 1))
    }
  }

  func update(_ entities: [BenchEntity]) throws {
    try open().write { db in
      for entity in entities { try db.update(entity) }
    }
  }

  func upsert(_ entities: [BenchEntity]) throws {
    try open().write { db in
      for entity in entities { try db.upsert(entity) }
    }
  }

  func delete(_ ids: [Int64]) throws {
    try open().write { db in
      for id in ids { _ = try db.delete(BenchEntity.self, id: id) }
    }
  }

  func count() throws -> Int {
    try open().read { try $0.count(BenchEntity.self) }
  }

  func close() {
    database = nil
    files.removeCurrent()
  }

  private func open() throws -> Database {
    guard let database else { throw BenchCheckFailure(description: "generated: no database open") }
    return database
  }
}
