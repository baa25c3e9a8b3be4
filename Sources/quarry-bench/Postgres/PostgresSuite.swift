import Foundation
import QuarryTestSupport

/// Issue 23's rows: the generated path on PostgreSQL against hand-written libpq C
/// (`Sources/CPostgresBench`) in the same run, on a throwaway server this suite starts
/// (`initdb` into a temporary folder, a Unix socket, no TCP) and stops.
///
/// Each side has a database of its own on that server, with the same table (Quarry's migrate
/// creates its own, with its observation trigger; the C side's DDL is the same without it), so
/// table names and plans are identical. Operations: insert 100,000 rows in one transaction,
/// fetch them all, 10,000 point lookups in one read, and a filtered query (`score > x`, 1% of
/// the rows). Runs alternate which side goes first; every result is checked after timing
/// against values computed from the inputs.
struct PostgresSuite {
  let workload: RuntimeWorkload
  let runs: Int
  let log: (String) -> Void

  /// The operations, in the order they run: the reads read what the last insert wrote.
  static let operations: [RuntimeOperation] = [.insert, .fetchAll, .pointLookup, .query]

  /// Target for every row: the generated path within 1.25× of the C baseline.
  static let targets: [String: Double] = Dictionary(
    uniqueKeysWithValues: operations.map { ($0.rawValue, 1.25) })

  func run(into results: inout [BenchResult]) throws {
    log("postgres: starting a throwaway server")
    let server = try PostgresTestServer.start()
    defer { server.stop() }
    let admin = try RawPostgres(conninfo: server.conninfo, entities: [])
    for name in ["quarry_bench_raw", "quarry_bench_generated"] {
      try admin.execute("CREATE DATABASE \(name)")
    }
    let raw = try RawPostgres(
      conninfo: Self.conninfo(server, database: "quarry_bench_raw"), entities: workload.entities)
    let subjects: [any PostgresSubject] = [RawPostgresSubject(raw: raw)]
    for operation in Self.operations {
      log("postgres: \(operation.rawValue)")
      results += try measure(operation, subjects: subjects)
      if operation == .insert {
        // Fresh rows carry no visibility hints yet: set them now, untimed, for both sides, so
        // the first fetch of either does not pay for them.
        for subject in subjects { try subject.maintain("VACUUM (FREEZE, ANALYZE) bench_entities") }
      }
    }
  }

  private func measure(_ operation: RuntimeOperation, subjects: [any PostgresSubject]) throws
    -> [BenchResult]
  {
    var samples = Array(repeating: Samples(), count: subjects.count)
    for run in 0..<runs {
      for offset in 0..<subjects.count {
        let index = (run + offset) % subjects.count
        samples[index].append(try timeOnce(operation, subject: subjects[index]))
      }
    }
    let rawMedian = samples[0].median
    return zip(subjects, samples).map { subject, samples in
      BenchResult(
        suite: "postgres", operation: operation.rawValue, implementation: subject.name,
        storage: "server", rows: rows(for: operation), samples: samples,
        ratioToRaw: subject.name == "raw" ? nil : samples.median / rawMedian,
        megabytesPerSecond: nil)
    }
  }

  private func rows(for operation: RuntimeOperation) -> Int {
    switch operation {
    case .pointLookup: workload.lookupIDs.count
    case .query: workload.expectedQueryCount
    default: workload.rowCount
    }
  }

  /// Sets up (untimed), times one call, then checks its result (untimed).
  private func timeOnce(_ operation: RuntimeOperation, subject: any PostgresSubject) throws
    -> Double
  {
    let name = "\(subject.name) \(operation.rawValue)"
    switch operation {
    case .insert:
      try subject.reset()
      let (seconds, _) = try Stopwatch.time { try subject.insertAll() }
      try BenchCheck.equal(try subject.count(), workload.rowCount, "\(name): row count")
      return seconds
    case .fetchAll:
      let (seconds, rows) = try Stopwatch.time { try subject.fetchAll() }
      let entities = rows.entities()
      try BenchCheck.equal(entities.count, workload.rowCount, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(entities), workload.expectedAllChecksum, "\(name): checksum")
      return seconds
    case .pointLookup:
      let ids = workload.lookupIDs
      let (seconds, rows) = try Stopwatch.time { try subject.lookup(ids) }
      let entities = rows.entities()
      try BenchCheck.equal(entities.count, ids.count, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(entities), workload.expectedLookupChecksum, "\(name): checksum")
      return seconds
    case .query:
      let threshold = workload.scoreThreshold
      let (seconds, rows) = try Stopwatch.time { try subject.fetch(scoreAbove: threshold) }
      let entities = rows.entities()
      try BenchCheck.equal(entities.count, workload.expectedQueryCount, "\(name): rows")
      try BenchCheck.equal(
        EntityChecksum.of(entities), workload.expectedQueryChecksum, "\(name): checksum")
      return seconds
    default:
      throw BenchCheckFailure(description: "postgres: no \(operation.rawValue) row")
    }
  }

  /// The server's conninfo with another database name.
  static func conninfo(_ server: PostgresTestServer, database: String) -> String {
    server.conninfo.replacingOccurrences(of: "dbname=postgres", with: "dbname=\(database)")
  }
}

/// Rows a timed fetch returned, turned into values only by the untimed check.
protocol FetchedEntities {
  func entities() -> [BenchEntity]
}

extension FetchedRows: FetchedEntities {}

extension Array: FetchedEntities where Element == BenchEntity {
  func entities() -> [BenchEntity] { self }
}

/// One side of the postgres suite.
protocol PostgresSubject {
  var name: String { get }
  /// An empty table, created afresh.
  func reset() throws
  func insertAll() throws
  func fetchAll() throws -> any FetchedEntities
  func lookup(_ ids: [Int64]) throws -> any FetchedEntities
  func fetch(scoreAbove threshold: Double) throws -> any FetchedEntities
  func count() throws -> Int
  /// Runs maintenance SQL (VACUUM) on the side's database, outside any transaction.
  func maintain(_ sql: String) throws
}

/// The C baseline as a subject.
struct RawPostgresSubject: PostgresSubject {
  let raw: RawPostgres
  var name: String { "raw" }
  func reset() throws { try raw.reset() }
  func insertAll() throws { try raw.insertAll() }
  func fetchAll() throws -> any FetchedEntities { try raw.fetchAll() }
  func lookup(_ ids: [Int64]) throws -> any FetchedEntities { try raw.lookup(ids) }
  func fetch(scoreAbove threshold: Double) throws -> any FetchedEntities {
    try raw.fetch(scoreAbove: threshold)
  }
  func count() throws -> Int { try raw.count() }
  func maintain(_ sql: String) throws { try raw.execute(sql) }
}
