import Foundation

/// Where a runtime benchmark keeps its rows.
enum BenchStorage: String, Sendable, CaseIterable {
  /// A database file in WAL mode with `synchronous = NORMAL`, in a temporary folder.
  case file
  /// SQLite's `:memory:` database.
  case memory
}

/// One way of persisting `BenchEntity`: raw C, the generated Quarry path or the naive repository.
///
/// Each method does one operation of issue 7 over many rows, the way that implementation's user
/// would write it; the suite times the calls and checks what they return.
protocol RuntimeSubject: AnyObject {
  /// `raw`, `generated` or `naive`, as printed.
  var name: String { get }

  /// Closes any open database and opens a fresh, empty one with the table created (untimed).
  func reset() throws
  /// Inserts every entity: one transaction where the implementation offers one.
  func insert(_ entities: [BenchEntity]) throws
  /// Reads every row into structs.
  func fetchAll() throws -> [BenchEntity]
  /// Looks rows up one id at a time.
  func lookup(_ ids: [Int64]) throws -> [BenchEntity]
  /// Rows whose score is greater than `threshold`.
  func fetch(scoreAbove threshold: Double) throws -> [BenchEntity]
  /// Every row's `name`, and nothing else.
  func selectNames() throws -> [String]
  /// `id / 1000, COUNT(id), MAX(score)` per group of `id / 1000`, by group.
  func groupedAggregate() throws -> [QueryWorkload.GroupRow]
  /// Reads the page `ORDER BY id LIMIT 50 OFFSET offset` `repeats` times (one read
  /// transaction); returns the ids of the last read.
  func page(offset: Int, repeats: Int) throws -> [Int64]
  /// Adds 1 to the score of every row with `id <= lastID`; returns the number changed.
  func addOneToScores(upTo lastID: Int64) throws -> Int
  /// Replaces every column of existing rows.
  func update(_ entities: [BenchEntity]) throws
  /// Inserts new rows and replaces existing ones.
  func upsert(_ entities: [BenchEntity]) throws
  /// Deletes rows by id (untimed set-up between upsert runs).
  func delete(_ ids: [Int64]) throws
  /// The number of rows (untimed check).
  func count() throws -> Int
  /// Closes the database and removes its files.
  func close()
}

/// A fresh database file path per reset, so no run inherits another's WAL or free pages.
final class BenchDatabaseFiles {
  let directory: URL
  private var counter = 0
  private var current: String?

  init(directory: URL) {
    self.directory = directory
  }

  /// Removes the previous file (and its `-wal`/`-shm`) and returns a new path.
  func nextPath(prefix: String) -> String {
    removeCurrent()
    counter += 1
    let path = directory.appendingPathComponent("\(prefix)-\(counter).sqlite").path
    current = path
    return path
  }

  func removeCurrent() {
    guard let current else { return }
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: current + suffix)
    }
    self.current = nil
  }
}
