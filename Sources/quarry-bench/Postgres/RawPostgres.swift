import CPostgresBench
import Foundation

/// The baseline of the postgres suite: the hand-written libpq C in `Sources/CPostgresBench`,
/// called once per operation, so only C runs while it is timed.
///
/// Inputs are copied into C memory once, before anything is timed; fetched rows stay C structs
/// (with their own copies of every string and byte) until the untimed check turns them into
/// `BenchEntity` values.
final class RawPostgres {
  private let bench: OpaquePointer
  private let input: CEntities

  /// Connects to `conninfo` and copies `entities` into C memory for the inserts.
  init(conninfo: String, entities: [BenchEntity]) throws {
    var error: UnsafeMutablePointer<CChar>?
    guard let bench = qpgb_open(conninfo, &error) else {
      let message = error.map { String(cString: $0) } ?? "unknown error"
      free(error)
      throw BenchCheckFailure(description: "raw C: cannot connect: \(message)")
    }
    self.bench = bench
    input = CEntities(entities)
  }

  deinit {
    qpgb_close(bench)
  }

  /// Runs setup or maintenance SQL.
  func execute(_ sql: String) throws {
    try check(qpgb_execute(bench, sql))
  }

  /// Drops and creates the table and prepares the statements.
  func reset() throws {
    try check(qpgb_reset(bench))
  }

  func insertAll() throws {
    try check(input.withRows { qpgb_insert(bench, $0.baseAddress, $0.count) })
  }

  func fetchAll() throws -> FetchedRows {
    let rows = FetchedRows()
    try check(qpgb_fetch_all(bench, &rows.rows))
    return rows
  }

  func lookup(_ ids: [Int64]) throws -> FetchedRows {
    let rows = FetchedRows()
    try check(
      ids.withUnsafeBufferPointer { qpgb_lookup(bench, $0.baseAddress, $0.count, &rows.rows) })
    return rows
  }

  func fetch(scoreAbove threshold: Double) throws -> FetchedRows {
    let rows = FetchedRows()
    try check(qpgb_fetch_score_above(bench, threshold, &rows.rows))
    return rows
  }

  func count() throws -> Int {
    let count = qpgb_count(bench)
    guard count >= 0 else {
      throw BenchCheckFailure(description: "raw C: \(String(cString: qpgb_error(bench)))")
    }
    return Int(count)
  }

  private func check(_ code: Int32) throws {
    guard code == 0 else {
      throw BenchCheckFailure(description: "raw C: \(String(cString: qpgb_error(bench)))")
    }
  }
}

/// Rows a C fetch returned, freed with their owner.
final class FetchedRows {
  var rows = QPGBRows()

  deinit {
    qpgb_rows_free(&rows)
  }

  var count: Int { rows.count }

  /// The rows as Swift values, for the untimed check.
  func entities() -> [BenchEntity] {
    (0..<rows.count).map { index in
      let row = rows.rows[index]
      return BenchEntity(
        id: row.id, name: Self.text(row.name, row.nameLength), score: row.score,
        createdAt: Date(timeIntervalSinceReferenceDate: row.createdAt),
        note: row.note.map { Self.text($0, row.noteLength) },
        payload: row.payload.map { Data(bytes: $0, count: row.payloadLength) } ?? Data())
    }
  }

  private static func text(_ start: UnsafePointer<CChar>?, _ count: Int) -> String {
    guard let start else { return "" }
    return start.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }
}

/// `BenchEntity` values laid out as the C baseline takes them, in memory owned here.
private final class CEntities {
  private var rows: [QPGBEntity] = []
  private var allocations: [UnsafeMutableRawPointer] = []

  init(_ entities: [BenchEntity]) {
    rows.reserveCapacity(entities.count)
    for entity in entities {
      let name = copy(Array(entity.name.utf8))
      let note = entity.note.map { copy(Array($0.utf8)) }
      let payload = copy(Array(entity.payload))
      rows.append(
        QPGBEntity(
          id: entity.id, name: UnsafePointer(name.assumingMemoryBound(to: CChar.self)),
          nameLength: entity.name.utf8.count, score: entity.score,
          createdAt: entity.createdAt.timeIntervalSinceReferenceDate,
          note: note.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) },
          noteLength: entity.note?.utf8.count ?? 0,
          payload: UnsafePointer(payload.assumingMemoryBound(to: UInt8.self)),
          payloadLength: entity.payload.count))
    }
  }

  deinit {
    for allocation in allocations { allocation.deallocate() }
  }

  func withRows<T>(_ body: (UnsafeBufferPointer<QPGBEntity>) throws -> T) rethrows -> T {
    try rows.withUnsafeBufferPointer(body)
  }

  private func copy(_ bytes: [UInt8]) -> UnsafeMutableRawPointer {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
    bytes.withUnsafeBytes { source in
      if let start = source.baseAddress { memory.copyMemory(from: start, byteCount: source.count) }
    }
    allocations.append(memory)
    return memory
  }
}
