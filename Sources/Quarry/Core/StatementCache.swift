/// Prepared statements for free-form SQL, keyed by their text, at most `capacity` of them.
///
/// Queries built from `where` conditions and `IN` lists of varying length can produce many
/// distinct SQL texts; each prepared statement holds SQLite memory until it is finalized. When
/// the cache is full, the least recently used statement leaves it and is finalized as soon as
/// nobody holds it (a caller that is still stepping it keeps it alive until it is done).
///
/// - Complexity: O(1) for a hit; a miss on a full cache scans the entries once, which is small
///   next to preparing the new statement.
struct StatementCache {
  /// The default bound per connection: comfortably above the query shapes of a typical app.
  static let defaultCapacity = 64

  private struct Entry {
    let statement: Statement
    var lastUse: UInt64
  }

  let capacity: Int
  private var entries: [String: Entry] = [:]
  /// A logical clock: incremented on every lookup, stored in the entry it touches.
  private var clock: UInt64 = 0

  init(capacity: Int = Self.defaultCapacity) {
    if capacity <= 0 {
      fatalError("a statement cache needs room for at least one statement, not \(capacity)")
    }
    self.capacity = capacity
  }

  /// The cached statement for `sql`, or the one `prepare` makes, which is then cached.
  mutating func statement(for sql: String, prepare: (String) throws -> Statement) rethrows
    -> Statement
  {
    clock &+= 1
    if let index = entries.index(forKey: sql) {
      entries.values[index].lastUse = clock
      return entries.values[index].statement
    }
    let statement = try prepare(sql)
    if entries.count >= capacity { evictLeastRecentlyUsed() }
    entries[sql] = Entry(statement: statement, lastUse: clock)
    return statement
  }

  private mutating func evictLeastRecentlyUsed() {
    guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
    entries.removeValue(forKey: oldest.key)
  }

  /// The number of cached statements.
  var count: Int { entries.count }

  /// Whether `sql` has a cached statement (for tests).
  func contains(_ sql: String) -> Bool { entries[sql] != nil }

  /// Whether any cached statement has started stepping and was not reset.
  var hasBusyStatements: Bool { entries.values.contains { $0.statement.isBusy } }

  /// Drops every statement, finalizing those nobody else holds.
  mutating func removeAll() { entries.removeAll() }
}
