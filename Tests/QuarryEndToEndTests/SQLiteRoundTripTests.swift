import Foundation
import Quarry
import XCTest

/// Runs the generated code (Generated/, compiled into this target) against a real SQLite file
/// and checks the rows, through the API and through raw SQL.
final class SQLiteRoundTripTests: XCTestCase {
  private var database: Database!
  private let robinID = UUID(uuidString: "6F1C3C5E-8C1B-4E0B-9A57-2B8E5C1D9A01")!
  private let built = Date(timeIntervalSinceReferenceDate: 700_000_000.123_456)

  override func setUpWithError() throws {
    let folder = try QuarryBinary.temporaryFolder(self)
    database = try Database(path: folder.appendingPathComponent("birds.sqlite").path)
    try database.migrate(QuarryTables.all)
  }

  override func tearDown() {
    database = nil
  }

  private func robin(nestID: Int64?) -> Bird {
    Bird(
      id: robinID, name: "Robin", wingspan: 0.25, kind: .songbird, tags: ["red", "small"],
      nestID: nestID, price: Decimal(string: "12.34")!, thumbnail: Data([1, 2]))
  }

  func testSchemaInTheDatabaseIsSchemaSQL() throws {
    let schemaFile = QuarryBinary.testFolder.appendingPathComponent("Generated/Schema.sql")
    let text = try String(contentsOf: schemaFile, encoding: .utf8)
    // The header is one or more `--` lines; everything after it is DDL.
    let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0.hasPrefix("--") }
      .joined(separator: "\n").components(separatedBy: ";\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.sorted()
    let count =
      try database.read {
        try $0.fetchValue(
          Int.self,
          sql:
            "SELECT count(*) FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
      } ?? 0
    var actual: [String] = []
    for offset in 0..<count {
      let sql = try database.read {
        try $0.fetchValue(
          String.self,
          sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
            + "ORDER BY name LIMIT 1 OFFSET ?", arguments: [offset])
      }
      actual.append(sql ?? "")
    }
    // An FTS5 table makes shadow tables of its own (`<name>_data`, `_idx`…): SQLite's, not
    // Schema.sql's.
    let shadowTables = try database.read {
      try $0.fetchAll(
        String.self,
        literal: """
          SELECT shadow.sql FROM sqlite_master AS fts JOIN sqlite_master AS shadow
          ON shadow.type = 'table' AND shadow.name LIKE fts.name || '\\_%' ESCAPE '\\'
          WHERE fts.sql LIKE 'CREATE VIRTUAL TABLE%'
          """)
    }
    actual.removeAll { shadowTables.contains($0) }
    XCTAssertEqual(actual.sorted(), expected)
  }

  func testInsertFetchQueryUpdateUpsertDelete() throws {
    let nest = Nest(
      id: nil, tree: "oak", builtAt: built, location: Location(latitude: 48.85, longitude: 2.35),
      eggs: 3)
    let nestID = try database.write { try $0.insert(nest) }
    XCTAssertEqual(nestID, 1)
    var stored = robin(nestID: nestID)
    try database.write { _ = try $0.insert(stored) }
    stored.thumbnail = nil  // ignored: never stored, back to its default when read

    XCTAssertEqual(try database.read { try $0.fetchOne(Bird.self, id: robinID) }, stored)
    var fetchedNest = nest
    fetchedNest.id = 1
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: 1) }, fetchedNest)
    let bare = Nest(id: nil, tree: "elm", builtAt: built, location: nil, eggs: 0)
    let bareID = try database.write { try $0.insert(bare) }
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: bareID) }?.location, nil)

    // Raw storage: UUID as text, Decimal numeric, Kind by raw value, tags as JSON text.
    let row = try database.read {
      try $0.fetchValue(
        String.self,
        sql:
          #"SELECT "id" || '|' || typeof("price") || '|' || "kind" || '|' || "tags" FROM "birds""#)
    }
    XCTAssertEqual(row, #"6F1C3C5E-8C1B-4E0B-9A57-2B8E5C1D9A01|real|songbird|["red","small"]"#)

    // Typed where and order.
    let cheapSongbirds = try database.read {
      try $0.fetchAll(
        Bird.self, where: Bird.Columns.kind == .songbird && Bird.Columns.price < 20,
        orderBy: [Bird.Columns.name.asc])
    }
    XCTAssertEqual(cheapSongbirds.map(\.name), ["Robin"])
    XCTAssertEqual(try database.read { try $0.count(Bird.self, where: Bird.Columns.price > 20) }, 0)

    // A change-tracked record writes only what changed.
    let record = BirdTranslator.record(from: stored)
    XCTAssertFalse(record.hasChanges)
    record.name = "Robin Redbreast"
    record.tags.append("garden")
    XCTAssertEqual(record.changedColumns, [1, 4])
    try database.write { try $0.save(record) }
    XCTAssertFalse(record.hasChanges)
    let renamed = try database.read { try $0.fetchOne(Bird.self, id: robinID) }
    XCTAssertEqual(renamed, BirdTranslator.value(from: record))
    XCTAssertEqual(renamed?.tags, ["red", "small", "garden"])

    // Composite key, nested enum, user conformance and a JSON dictionary.
    let sighting = Sighting(
      birdID: robinID, day: 20_260_101, observer: "Ada", weather: .rainy,
      color: Color(red: 0xC0, green: 0x40, blue: 0x08), counts: ["adults": 2])
    try database.write { try $0.upsert(sighting) }
    var sunny = sighting
    sunny.weather = .sunny
    try database.write { try $0.upsert(sunny) }
    let key = Sighting.PrimaryKey(day: 20_260_101, birdID: robinID)
    XCTAssertEqual(try database.read { try $0.fetchOne(Sighting.self, id: key) }, sunny)
    let color = try database.read {
      try $0.fetchValue(String.self, sql: #"SELECT "color" || typeof("color") FROM "sighting""#)
    }
    XCTAssertEqual(color, "#c04008text")

    XCTAssertTrue(try database.write { try $0.delete(Sighting.self, id: key) })
    XCTAssertTrue(try database.write { try $0.delete(Bird.self, id: robinID) })
    XCTAssertEqual(try database.read { try $0.count(Bird.self) }, 0)
  }

  func testReservedWordPropertyAndInternalMembersOfAPublicStruct() throws {
    let perch = Perch(id: 7, default: true, height: .high, index: 3)
    try database.write { _ = try $0.insert(perch) }
    let record = PerchTranslator.record(from: perch)
    record.default = false
    XCTAssertEqual(record.changedColumns, [1])
    try database.write { try $0.save(record) }
    XCTAssertEqual(
      try database.read { try $0.fetchAll(Perch.self, where: Perch.Columns.default == false) },
      [Perch(id: 7, default: false, height: .high, index: 3)])
  }

  func testPersistedStructEmbeddedAsJSONRoundTripsThroughTheTranslatorAndRecord() throws {
    let perch = Perch(id: 7, default: true, height: .high, index: 3)
    let nest = Nest(
      id: nil, tree: "oak", builtAt: built, location: nil, eggs: 2, perch: perch)
    let nestID = try database.write { try $0.insert(nest) }
    var stored = nest
    stored.id = nestID
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }, stored)
    let text = try database.read {
      try $0.fetchValue(String.self, sql: #"SELECT "perch" FROM "nests""#)
    }
    XCTAssertEqual(text, #"{"default":true,"height":1,"id":7,"index":3}"#)

    let record = NestTranslator.record(from: stored)
    XCTAssertEqual(record.perch, perch)
    record.perch?.height = .low
    XCTAssertEqual(record.changedColumns, [5])
    try database.write { try $0.save(record) }
    let moved = NestTranslator.value(from: record)
    XCTAssertEqual(moved.perch, Perch(id: 7, default: true, height: .low, index: 3))
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }, moved)

    record.perch = nil
    try database.write { try $0.save(record) }
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }?.perch, nil)
  }

  func testCharacterRawValuesAreStoredAsOneCharacterText() throws {
    var nest = Nest(id: nil, tree: "ash", builtAt: built, location: nil, eggs: 1)
    nest.side = .south
    let nestID = try database.write { try $0.insert(nest) }
    nest.id = nestID
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }, nest)
    XCTAssertEqual(
      try database.read {
        try $0.fetchAll(Nest.self, where: Nest.Columns.side == .south).map(\.id)
      }, [nestID])
    let text = try database.read {
      try $0.fetchValue(String.self, sql: #"SELECT "side" || typeof("side") FROM "nests""#)
    }
    XCTAssertEqual(text, "Stext")
    try database.write { try $0.execute(#"UPDATE "nests" SET "side" = 'NS'"#) }
    XCTAssertThrowsError(try database.read { try $0.fetchOne(Nest.self, id: nestID) })
  }

  func testPropertyWrappedColumnRoundTripsThroughTheTranslatorAndRecord() throws {
    var nest = Nest(id: nil, tree: "yew", builtAt: built, location: nil, eggs: 0)
    nest.rating = 4
    let nestID = try database.write { try $0.insert(nest) }
    nest.id = nestID
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }, nest)
    let record = NestTranslator.record(from: nest)
    record.rating = 9  // the record is plain storage; the struct's wrapper clamps on the way back
    try database.write { try $0.save(record) }
    XCTAssertEqual(NestTranslator.value(from: record).rating, 5)
    XCTAssertEqual(try database.read { try $0.fetchOne(Nest.self, id: nestID) }?.rating, 5)
  }

  func testValuesCrossTasks() async throws {
    let database = try XCTUnwrap(self.database)
    let id = robinID
    let bird = robin(nestID: nil)
    try await database.write { try $0.insert(bird) }
    let names = try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<4 {
        group.addTask { try await database.read { try $0.fetchOne(Bird.self, id: id) }?.name }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    XCTAssertEqual(names, ["Robin", "Robin", "Robin", "Robin"])
  }
}
