import CSQLite
import Foundation

/// A text ordering written in Swift, usable in `COLLATE` clauses, indexes and typed queries
/// once added with ``Database/add(collation:)``.
///
/// ```swift
/// let byLength = DatabaseCollation("byLength") { a, b in
///   a.count == b.count ? a.compare(b) : (a.count < b.count ? .orderedAscending : .orderedDescending)
/// }
/// try db.add(collation: byLength)
/// let shortFirst = try db.read {
///   try $0.fetchAll(Book.all().order(Book.Columns.title.collating(byLength).asc))
/// }
/// ```
///
/// SQLite calls the closure with the two texts being compared, on whichever connection runs
/// the statement, so it must be `Sendable`; it must also be a consistent total order (the same
/// answer for the same texts, antisymmetric, transitive), or sorting and indexes misbehave.
/// Text that is not valid UTF-8 reaches it with U+FFFD in place of the bad bytes.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/create_collation.html>
public struct DatabaseCollation: Sendable {
  /// The name `COLLATE` refers to (SQLite compares it ignoring ASCII case).
  public let name: String
  let compare: @Sendable (String, String) -> ComparisonResult

  /// A collation named `name` that orders two texts with `compare`.
  ///
  /// ```swift
  /// let localized = DatabaseCollation("localized") { $0.localizedCompare($1) }
  /// ```
  public init(
    _ name: String, function compare: @escaping @Sendable (String, String) -> ComparisonResult
  ) {
    self.name = name
    self.compare = compare
  }

  /// Registers the collation on `connection`.
  func install(on connection: OpaquePointer) throws {
    let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
    let resultCode = sqlite3_create_collation_v2(
      connection, name, SQLITE_UTF8, box,
      { box, leftCount, left, rightCount, right in
        guard let box else { return 0 }
        let compare = Unmanaged<CollationBox>.fromOpaque(box).takeUnretainedValue().compare
        let result = compare(
          CollationBox.string(left, count: leftCount), CollationBox.string(right, count: rightCount)
        )
        return Int32(result.rawValue)
      },
      { box in
        guard let box else { return }
        Unmanaged<CollationBox>.fromOpaque(box).release()
      })
    guard resultCode == SQLITE_OK else {
      // Unlike create_function_v2, create_collation_v2 does not call the destructor on failure.
      Unmanaged<CollationBox>.fromOpaque(box).release()
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
    }
  }
}

/// The closure of a ``DatabaseCollation``, as the object SQLite holds a pointer to.
private final class CollationBox {
  let compare: @Sendable (String, String) -> ComparisonResult

  init(_ compare: @escaping @Sendable (String, String) -> ComparisonResult) {
    self.compare = compare
  }

  /// The text SQLite passes: `count` bytes, not NUL-terminated.
  static func string(_ bytes: UnsafeRawPointer?, count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
  }
}
