import Dispatch
import Foundation

/// Decodes the rows of a large PostgreSQL result on several threads at once.
///
/// PostgreSQL hands over every row of a result before the first is decoded, and decoding them
/// (each struct with its strings and `Data`) then keeps one core busy while the server and the
/// other cores wait: 100,000 rows of the benchmark's entity took as long to decode as to
/// receive. Split into one range of rows per core, the ranges decode at once. SQLite has no such
/// phase (a row exists only while the statement is on it), so its rows keep one thread.
///
/// Only records whose `init(row:)` runs nothing but Quarry's conversions take this path
/// (``TableRecord/decodesRowsConcurrently``, which the generator decides): a conversion someone
/// wrote may keep state that is not safe for threads. Records are `Sendable`, so a value built
/// on one thread may be used on another. Each range reads the shared result through a reader of
/// its own; values are written in place, so the array comes out in the result's order, and the
/// first row (in that order) that fails to decode is the error thrown, as on one thread.
@usableFromInline
enum ConcurrentRowDecoding {
  /// Below this many rows, two parts (``minimumRowsPerPart`` each), starting the threads costs
  /// more than they save.
  @inlinable static var minimumRowCount: Int { 4096 }

  /// The fewest rows a thread decodes.
  static var minimumRowsPerPart: Int { minimumRowCount / 2 }

  /// The values of every row of `statement`, which has taken its first step and has
  /// `rowCount` rows (that first one included), decoded with `decodeRow` on as many threads as
  /// the machine has cores; nil when it cannot split them (one core, rows arriving in cursor
  /// batches), and the caller decodes them itself.
  @usableFromInline
  static func decode<T>(
    _ statement: Statement, rowCount: Int, _ decodeRow: @Sendable (Row) throws -> T
  ) throws -> [T]? {
    let threads = min(ProcessInfo.processInfo.activeProcessorCount, rowCount / minimumRowsPerPart)
    guard threads > 1, let postgres = statement.postgres,
      let readers = postgres.rowReaders(parts: threads),
      readers.last?.rows.upperBound == rowCount
    else { return nil }
    let parts = readers.map { reader in
      let view = Statement(postgres: reader.reader, placeholder: statement.handle)
      view.tableName = statement.tableName
      return Part(statement: view, rows: reader.rows)
    }
    var decoded = [Int](repeating: 0, count: parts.count)
    var failures = [(any Error)?](repeating: nil, count: parts.count)
    let values = try [T](unsafeUninitializedCapacity: rowCount) { buffer, initializedCount in
      decoded.withUnsafeMutableBufferPointer { decoded in
        failures.withUnsafeMutableBufferPointer { failures in
          withoutActuallyEscaping(decodeRow) { decodeRow in
            let work = Work(
              parts: parts, values: buffer, decoded: decoded, failures: failures,
              decodeRow: decodeRow)
            DispatchQueue.concurrentPerform(iterations: parts.count) { work.run(part: $0) }
          }
        }
      }
      if let failure = failures.lazy.compactMap({ $0 }).first {
        for (part, count) in zip(parts, decoded) {
          let start = part.rows.lowerBound
          _ = UnsafeMutableBufferPointer(rebasing: buffer[start..<start + count]).deinitialize()
        }
        initializedCount = 0
        throw failure
      }
      initializedCount = rowCount
    }
    postgres.skipToEnd()
    return values
  }

  /// A range of rows and the statement that reads them.
  struct Part {
    let statement: Statement
    let rows: Range<Int>
  }

  /// What the threads share. Unchecked: each thread reads the result through its own part's
  /// statement and writes only its own range of `values` and its own slots of `decoded` and
  /// `failures`, which outlive `concurrentPerform`.
  private struct Work<T>: @unchecked Sendable {
    let parts: [Part]
    let values: UnsafeMutableBufferPointer<T>
    let decoded: UnsafeMutableBufferPointer<Int>
    let failures: UnsafeMutableBufferPointer<(any Error)?>
    let decodeRow: @Sendable (Row) throws -> T

    /// Decodes `part`'s rows in place; on a failure, records it and how many came before.
    func run(part index: Int) {
      let part = parts[index]
      // Counted locally: neighbouring slots share a cache line.
      var count = 0
      do {
        for row in part.rows {
          if row > part.rows.lowerBound { _ = try part.statement.step() }
          let value = try decodeRow(Row(statement: part.statement, number: row + 1))
          values.initializeElement(at: row, to: value)
          count += 1
        }
      } catch {
        failures[index] = error
      }
      decoded[index] = count
    }
  }
}
