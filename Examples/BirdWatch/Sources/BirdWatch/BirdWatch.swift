import Foundation
import Quarry

/// Creates a database file, then walks through what generated code gives: migrations,
/// inserts, typed queries, a change-tracked record, upsert, delete and values crossing tasks.
///
/// ```text
/// $ swift run --package-path Examples/BirdWatch BirdWatch /tmp/birdwatch.sqlite
/// ```
@main
struct BirdWatch {
  static func main() async throws {
    let path = CommandLine.arguments.dropFirst().first ?? "birdwatch.sqlite"
    // A fresh file each run, so the walk-through always starts from an empty database.
    try? FileManager.default.removeItem(atPath: path)
    let db = try Database(path: path)
    try db.migrate(QuarryTables.all)
    print("created \(path) with tables birds, observers, sightings")
    let ids = try walkThrough(db)

    // Values are Sendable structs: they cross tasks; records stay where they were made.
    let names = try await withThrowingTaskGroup(of: String.self) { group in
      for id in ids {
        group.addTask {
          let bird = try await db.read { try $0.fetchOne(Bird.self, id: id) }
          return bird?.commonName ?? "?"
        }
      }
      var names: [String] = []
      for try await name in group { names.append(name) }
      return names.sorted()
    }
    print("read from other tasks: \(names.joined(separator: ", "))")
  }

  /// The synchronous API, step by step; returns the ids of the birds left.
  static func walkThrough(_ db: Database) throws -> [UUID] {

    // Insert: the autoincrement key comes back from SQLite.
    let adaID = try db.write {
      try $0.insert(Observer(id: nil, name: "Ada", email: nil, joinedAt: Date()))
    }
    let robin = Bird(
      id: UUID(), commonName: "European robin", family: .thrushes, wingspan: 21,
      tags: ["garden", "red breast"], photoPrice: Decimal(string: "12.50") ?? 0)
    let owl = Bird(
      id: UUID(), commonName: "Tawny owl", family: .owls, wingspan: 99, tags: ["night"],
      photoPrice: 40)
    let blueTit = Bird(
      id: UUID(), commonName: "Blue tit", family: .tits, wingspan: nil, tags: [],
      photoPrice: Decimal(string: "7.25") ?? 0)
    try db.write { transaction in
      for bird in [robin, owl, blueTit] { _ = try transaction.insert(bird) }
    }
    print("inserted observer #\(adaID) and 3 birds")

    // Typed where: columns are typed, values are bound parameters.
    let affordable = try db.read {
      try $0.fetchAll(
        Bird.self, where: Bird.Columns.photoPrice < 20 && Bird.Columns.family != .owls,
        orderBy: [Bird.Columns.commonName.asc])
    }
    print("affordable photos: \(affordable.map(\.commonName).joined(separator: ", "))")

    // Update through a change-tracked record: only the changed columns are written.
    let record = BirdTranslator.record(from: robin)
    record.tags.append("winter song")
    record.photoPrice = 15
    print("record changed columns \(record.changedColumns)")
    try db.write { try $0.save(record) }
    let saved = try db.read { try $0.fetchOne(Bird.self, id: robin.id) }
    print("robin now tagged \(saved?.tags ?? []) at \(saved?.photoPrice ?? 0)")

    // Upsert: insert, then update the same composite key.
    var sighting = Sighting(
      birdID: robin.id, observerID: adaID, day: 2026_12_01, count: 1, weather: .cloudy,
      note: nil)
    try db.write { try $0.upsert(sighting) }
    sighting.count = 3
    sighting.note = "singing on the fence"
    try db.write { try $0.upsert(sighting) }
    let key = Sighting.PrimaryKey(birdID: robin.id, observerID: adaID, day: 2026_12_01)
    let seen = try db.read { try $0.fetchOne(Sighting.self, id: key) }
    print("sighting upserted: count \(seen?.count ?? 0), note \(seen?.note ?? "none")")

    // Owned children: the calls are written with the bird, and read back with it (one query
    // for the calls of every bird fetched). A record saves only the rows that changed.
    var singer = owl
    singer.calls = [Call(name: "ke-wick", seconds: 0.8), Call(name: "hoo-hoo", seconds: 2.5)]
    try db.write { try $0.update(singer) }
    let callRecord = BirdTranslator.record(from: singer)
    callRecord.calls.append(Call(name: "alarm", seconds: 0.4))
    try db.write { try $0.save(callRecord) }   // one INSERT into birds_calls
    let withCalls = try db.read { try $0.fetchOne(Bird.self, id: owl.id) }
    print("owl calls: \(withCalls?.calls.map(\.name).joined(separator: ", ") ?? "")")

    // Associations from `references`: a sighting's bird, a bird's sightings.
    let seenBy: [(Sighting, Bird)] = try db.read {
      try $0.fetchAll(Sighting.all().including(Sighting.bird))
    }
    print("sightings: \(seenBy.map { "\($0.1.commonName) x\($0.0.count)" }.joined(separator: ", "))")
    let sightingsOfRobin = try db.read { try $0.fetchAll(Bird.sightings, of: robin) }
    print("robin sighted \(sightingsOfRobin.count) time(s)")

    // Delete.
    let deleted = try db.write { try $0.delete(Bird.self, id: blueTit.id) }
    let remaining = try db.read { try $0.count(Bird.self) }
    print("deleted blue tit: \(deleted), \(remaining) birds left")

    return [robin.id, owl.id]
  }
}
