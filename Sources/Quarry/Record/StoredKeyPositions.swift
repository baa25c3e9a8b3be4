import CSQLite
import Foundation

/// The positions of a fetch result's rows, by their keys as SQLite stores them (on PostgreSQL,
/// as the same key's SQLite storage class: `uuid` reads as its canonical text).
///
/// `including` a to-many association fills one with the owners it fetched, then reads each
/// associated row's trailing key column here, without decoding it to the key's Swift type: an
/// INTEGER key is looked up in a dictionary of `Int64`, any other one by its bytes (TEXT as
/// UTF-8, BLOB as is, REAL as its bit pattern), so a `UUID` key costs no `String` per row.
///
/// ```swift
/// var owners = StoredKeyPositions()
/// for (position, author) in authors.enumerated() {
///   owners.insert(try author.id.databaseValue(), at: position)
/// }
/// // in a row loop:
/// if let owner = owners.position(ofKeyAt: 3, in: row) { groups[owner].append(try Book(row: row)) }
/// ```
///
/// A key inserted twice keeps its first position.
public struct StoredKeyPositions {
  /// An owner whose key is not an INTEGER: its bytes in `bytes`, and the next entry with the
  /// same hash (-1 at the end of the chain).
  private struct Entry {
    var start: Int
    var count: Int
    var storageClass: Int32
    var position: Int
    var next: Int
  }

  private var integers: [Int64: Int] = [:]
  private var firstEntry: [Int: Int] = [:]
  private var entries: [Entry] = []
  private var bytes: [UInt8] = []

  /// No keys yet.
  public init() {}

  /// Whether no key was inserted.
  public var isEmpty: Bool { integers.isEmpty && entries.isEmpty }

  /// Makes room for `count` keys.
  public mutating func reserveCapacity(_ count: Int) {
    integers.reserveCapacity(count)
  }

  /// Records `position` for the stored key `value`; NULL is no key and is ignored.
  ///
  /// - Returns: the position the key has now: `position`, or the earlier one of a key inserted
  ///   before (so the caller can give a repeated owner the same rows); nil for NULL.
  @discardableResult
  public mutating func insert(_ value: DatabaseValue, at position: Int) -> Int? {
    switch value {
    case .null: return nil
    case .integer(let integer):
      if let first = integers[integer] { return first }
      integers[integer] = position
      return position
    case .real(let real):
      return withUnsafeBytes(of: Self.bitPattern(real)) { insert($0, SQLITE_FLOAT, at: position) }
    case .text(var text):
      return text.withUTF8 { insert(UnsafeRawBufferPointer($0), SQLITE_TEXT, at: position) }
    case .blob(let data):
      return data.withUnsafeBytes { insert($0, SQLITE_BLOB, at: position) }
    }
  }

  /// The position recorded for the key in column `column` of `row`, or nil when there is none
  /// (NULL, or a key no owner has).
  public func position(ofKeyAt column: Int32, in row: Row) -> Int? {
    if _slowPath(row.statement.isPostgres) { return postgresPosition(ofKeyAt: column, in: row) }
    let value = sqlite3_column_value(row.handle, column)
    let storageClass = sqlite3_value_type(value)
    switch storageClass {
    case SQLITE_INTEGER:
      return integers[sqlite3_value_int64(value)]
    case SQLITE_FLOAT:
      return withUnsafeBytes(of: Self.bitPattern(sqlite3_value_double(value))) {
        find($0, storageClass)
      }
    case SQLITE_TEXT:
      return Row.withUnsafeText(of: value) { find(UnsafeRawBufferPointer($0), storageClass) }
    case SQLITE_BLOB:
      return Row.withUnsafeBlob(of: value) { find($0, storageClass) }
    default:
      return nil
    }
  }

  /// ``position(ofKeyAt:in:)`` on PostgreSQL, whose binary values arrive as their column's
  /// type (`int8`, `uuid`, `text`…): read in the storage class the owner's key was inserted
  /// with, since the sqlite3 column of a PostgreSQL row's statement holds nothing.
  private func postgresPosition(ofKeyAt column: Int32, in row: Row) -> Int? {
    let key = row.statement.borrowedPostgres?._withUnsafeGuaranteedRef {
      $0.withStoredKey(at: column) { key -> Int? in
        switch key {
        case .integer(let integer): return integers[integer]
        case .real(let real):
          return withUnsafeBytes(of: Self.bitPattern(real)) { find($0, SQLITE_FLOAT) }
        case .text(let bytes): return find(bytes, SQLITE_TEXT)
        case .blob(let bytes): return find(bytes, SQLITE_BLOB)
        }
      }
    }
    return key ?? nil
  }

  /// SQL compares `0.0 = -0.0` as equal: both get the same bytes.
  private static func bitPattern(_ real: Double) -> UInt64 {
    real == 0 ? 0 : real.bitPattern
  }

  private static func hash(_ key: UnsafeRawBufferPointer, _ storageClass: Int32) -> Int {
    var hasher = Hasher()
    hasher.combine(storageClass)
    hasher.combine(bytes: key)
    return hasher.finalize()
  }

  private mutating func insert(
    _ key: UnsafeRawBufferPointer, _ storageClass: Int32, at position: Int
  ) -> Int {
    let hash = Self.hash(key, storageClass)
    if let first = find(key, storageClass, hash: hash) { return first }
    entries.append(
      Entry(
        start: bytes.count, count: key.count, storageClass: storageClass, position: position,
        next: firstEntry[hash] ?? -1))
    firstEntry[hash] = entries.count - 1
    bytes.append(contentsOf: key)
    return position
  }

  private func find(_ key: UnsafeRawBufferPointer, _ storageClass: Int32) -> Int? {
    guard !entries.isEmpty else { return nil }
    return find(key, storageClass, hash: Self.hash(key, storageClass))
  }

  private func find(_ key: UnsafeRawBufferPointer, _ storageClass: Int32, hash: Int) -> Int? {
    var index = firstEntry[hash] ?? -1
    while index >= 0 {
      let entry = entries[index]
      if entry.storageClass == storageClass, entry.count == key.count,
        bytes.withUnsafeBytes({ stored in
          guard let storedStart = stored.baseAddress, let keyStart = key.baseAddress else {
            return key.isEmpty
          }
          return memcmp(storedStart + entry.start, keyStart, key.count) == 0
        })
      {
        return entry.position
      }
      index = entry.next
    }
    return nil
  }
}
