import CSQLite
import Foundation
import Quarry

/// Issue 21's cursor row: walking N rows (1,000,000 by default) of a file database with
/// `fetchCursor`, against the raw C loop over the same file in the same run, timed and with the
/// peak memory each walk adds; `fetchAll` of the same rows shows what the cursor saves.
///
/// Both sides decode each row into a `BenchBook` (an integer, a text, an integer) and fold it
/// into a checksum, so neither can skip the work. Target: time within 1.25× of raw, peak memory
/// within a few MB of the start.
struct CursorSuite {
  let rowCount: Int
  let runs: Int
  let directory: URL
  let log: (String) -> Void

  func run(into results: inout [BenchResult]) throws {
    let path = directory.appendingPathComponent("cursor.sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    log("cursor: writing \(rowCount) rows")
    let database = try Database(path: path)
    try database.migrate(BenchAuthor.self, BenchBook.self)
    try database.write { tx in
      try tx.insert(BenchAuthor(id: 1, name: "Author"))
      for number in 0..<rowCount {
        try tx.insert(BenchBook(id: Int64(number + 1), title: "Book title \(number)", authorID: 1))
      }
    }
    let expected = Self.checksum(
      (0..<rowCount).map { BenchBook(id: Int64($0 + 1), title: "Book title \($0)", authorID: 1) })
    let raw = try RawCursor(path: path)

    log("cursor: walking \(rowCount) rows")
    var samples = (raw: Samples(), cursor: Samples(), fetchAll: Samples())
    var peaks = (raw: [Double](), cursor: [Double](), fetchAll: [Double]())
    for run in 0..<runs {
      for turn in 0..<2 {
        if (run + turn) % 2 == 0 {
          let start = PeakMemory.reset()
          let (seconds, sum) = try Stopwatch.time { try raw.walk() }
          peaks.raw.append(PeakMemory.peakAboveReset(start) ?? .nan)
          try BenchCheck.equal(sum, expected, "raw checksum")
          samples.raw.append(seconds)
        } else {
          let start = PeakMemory.reset()
          let (seconds, sum) = try Stopwatch.time {
            try database.read { tx in
              let cursor = try tx.fetchCursor(BenchBook.all())
              var sum = Checksum()
              while let book = try cursor.next() { sum.add(book) }
              return sum
            }
          }
          peaks.cursor.append(PeakMemory.peakAboveReset(start) ?? .nan)
          try BenchCheck.equal(sum, expected, "cursor checksum")
          samples.cursor.append(seconds)
        }
      }
    }
    // fetchAll last: the array it builds grows the heap, which the walks above must not see.
    for _ in 0..<max(1, runs / 2) {
      let start = PeakMemory.reset()
      let (seconds, sum) = try Stopwatch.time {
        Self.checksum(try database.read { try $0.fetchAll(BenchBook.all()) })
      }
      peaks.fetchAll.append(PeakMemory.peakAboveReset(start) ?? .nan)
      try BenchCheck.equal(sum, expected, "fetchAll checksum")
      samples.fetchAll.append(seconds)
    }
    let rawMedian = samples.raw.median
    results.append(row("raw C loop", samples.raw, ratio: nil, peaks.raw))
    results.append(
      row("fetchCursor", samples.cursor, ratio: samples.cursor.median / rawMedian, peaks.cursor))
    results.append(
      row("fetchAll", samples.fetchAll, ratio: samples.fetchAll.median / rawMedian, peaks.fetchAll))
  }

  private func row(_ implementation: String, _ samples: Samples, ratio: Double?, _ peaks: [Double])
    -> BenchResult
  {
    var result = BenchResult(
      suite: "cursor", operation: "walk \(NumberFormat.grouped(Double(rowCount))) rows",
      implementation: implementation, storage: "file", rows: rowCount, samples: samples,
      ratioToRaw: ratio, megabytesPerSecond: nil)
    result.peakMegabytes = peaks.max()
    return result
  }

  static func checksum(_ books: [BenchBook]) -> Checksum {
    var sum = Checksum()
    for book in books { sum.add(book) }
    return sum
  }
}

/// A fold of every field of every row, compared between the walks.
struct Checksum: Equatable, CustomStringConvertible {
  var count = 0
  var keys: Int64 = 0
  var textBytes = 0

  mutating func add(_ book: BenchBook) {
    count += 1
    keys &+= book.id &+ book.authorID
    textBytes += book.title.utf8.count
  }

  var description: String { "\(count) rows, keys \(keys), \(textBytes) text bytes" }
}

/// The baseline: the sqlite3 C API stepping `SELECT` over the same file, building each
/// `BenchBook` by hand.
final class RawCursor {
  private var connection: OpaquePointer?
  private let statement: OpaquePointer

  init(path: String) throws {
    guard
      sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        == SQLITE_OK
    else { throw BenchCheckFailure(description: "raw: cannot open \(path)") }
    var prepared: OpaquePointer?
    let sql = #"SELECT "id", "title", "authorID" FROM "bench_books""#
    guard sqlite3_prepare_v2(connection, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
      throw BenchCheckFailure(description: "raw: \(String(cString: sqlite3_errmsg(connection)))")
    }
    statement = prepared
  }

  deinit {
    sqlite3_finalize(statement)
    sqlite3_close_v2(connection)
  }

  func walk() throws -> Checksum {
    defer { sqlite3_reset(statement) }
    var sum = Checksum()
    var result = sqlite3_step(statement)
    while result == SQLITE_ROW {
      let title = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
      sum.add(
        BenchBook(
          id: sqlite3_column_int64(statement, 0), title: title,
          authorID: sqlite3_column_int64(statement, 2)))
      result = sqlite3_step(statement)
    }
    guard result == SQLITE_DONE else {
      throw BenchCheckFailure(description: "raw: \(String(cString: sqlite3_errmsg(connection)))")
    }
    return sum
  }
}
