import Foundation

/// All inputs of the runtime suite, built once before anything is timed.
///
/// Values are deterministic (seeded), dates are multiples of 1/4 s so every storage format
/// round-trips them exactly, and expected results are computed here, from the inputs, never by
/// the code under test.
struct RuntimeWorkload: Sendable {
  /// Rows inserted, then fetched: 100,000 (quick: 10,000).
  let entities: [BenchEntity]
  /// Existing ids looked up one by one.
  let lookupIDs: [Int64]
  /// One batch of changed existing rows per timed run, so every run really changes data.
  let updateBatches: [[BenchEntity]]
  /// Per run: half changed existing rows, half new rows (ids past the inserted range).
  let upsertBatches: [[BenchEntity]]
  /// The new ids of the upsert batches, deleted (untimed) before each upsert run.
  let upsertNewIDs: [Int64]
  /// `score > scoreThreshold` holds for exactly 1% of `entities`.
  let scoreThreshold: Double
  let expectedQueryCount: Int
  let expectedQueryChecksum: UInt64
  let expectedAllChecksum: UInt64
  let expectedLookupChecksum: UInt64
  /// Inputs and expected results of the query-language operations (issue 12).
  let queries: QueryWorkload

  var rowCount: Int { entities.count }

  /// - Parameters:
  ///   - rowCount: rows inserted and fetched.
  ///   - operationCount: point lookups, updated rows and upserted rows.
  ///   - runs: timed runs; one update and one upsert batch is built per run.
  init(rowCount: Int, operationCount: Int, runs: Int) {
    var random = SeededGenerator(seed: 0x5157_4152_5259)
    let epoch = 1_700_000_000.0
    func makeEntity(id: Int64, variant: Int) -> BenchEntity {
      var payload = Data(count: 16)
      for index in 0..<16 { payload[index] = UInt8.random(in: 0...255, using: &random) }
      let suffix = variant == 0 ? "" : " v\(variant)"
      return BenchEntity(
        id: id,
        name: "entity \(id) \(Self.words[Int(id) % Self.words.count])\(suffix)",
        score: Double.random(in: 0..<100, using: &random),
        createdAt: Date(timeIntervalSince1970: epoch + Double(id) * 0.25 + Double(variant)),
        note: id % 2 == 0 ? "note \(id)\(suffix)" : nil,
        payload: payload
      )
    }

    let entities = (1...Int64(rowCount)).map { makeEntity(id: $0, variant: 0) }
    self.entities = entities
    expectedAllChecksum = EntityChecksum.of(entities)

    let operationCount = min(operationCount, rowCount)
    var shuffled = Array(1...Int64(rowCount))
    shuffled.shuffle(using: &random)
    lookupIDs = Array(shuffled.prefix(operationCount))
    expectedLookupChecksum = EntityChecksum.of(lookupIDs.map { entities[Int($0) - 1] })

    var updates: [[BenchEntity]] = []
    var upserts: [[BenchEntity]] = []
    let newIDs = (1...Int64(operationCount - operationCount / 2)).map { Int64(rowCount) + $0 }
    for run in 1...max(runs, 1) {
      shuffled.shuffle(using: &random)
      updates.append(shuffled.prefix(operationCount).map { makeEntity(id: $0, variant: run) })
      shuffled.shuffle(using: &random)
      let existing = shuffled.prefix(operationCount / 2).map { makeEntity(id: $0, variant: run) }
      upserts.append(existing + newIDs.map { makeEntity(id: $0, variant: run) })
    }
    updateBatches = updates
    upsertBatches = upserts
    upsertNewIDs = newIDs

    let sortedScores = entities.map(\.score).sorted()
    let matching = rowCount / 100
    let threshold = sortedScores[rowCount - matching - 1]
    scoreThreshold = threshold
    let matches = entities.filter { $0.score > threshold }
    expectedQueryCount = matches.count
    expectedQueryChecksum = EntityChecksum.of(matches)
    queries = QueryWorkload(entities: entities, operationCount: operationCount)
  }

  private static let words = [
    "granite", "basalt", "marble", "slate", "quartz", "flint", "gneiss", "shale",
  ]
}
