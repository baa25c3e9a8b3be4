import Foundation

/// The SQL texts of one query value, rendered on first use and kept for the value's lifetime.
///
/// A query value is immutable, so each of its statements (rows, first row, count, exists,
/// delete) has one text and one argument list; caching them saves rendering on every run of a
/// query kept in a property. Shared by copies of the value, hence a lock.
final class RenderedSQLCache: @unchecked Sendable {
  /// Which statement of the query.
  enum Purpose: Int, CaseIterable {
    case rows, first, count, exists, delete
  }

  private let lock = NSLock()
  /// SQLite's texts, then PostgreSQL's: one query value may run on both engines.
  private var entries: [RenderedSQL?] = Array(repeating: nil, count: 2 * Purpose.allCases.count)

  /// The cached text of `purpose` in `dialect`, or the one `render` produces, which is then
  /// cached.
  func sql(_ purpose: Purpose, in dialect: SQLDialect = .sqlite, render: () -> RenderedSQL)
    -> RenderedSQL
  {
    let slot = purpose.rawValue + (dialect.isPostgres ? Purpose.allCases.count : 0)
    lock.lock()
    if let cached = entries[slot] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    let rendered = render()
    lock.lock()
    entries[slot] = rendered
    lock.unlock()
    return rendered
  }
}

/// SQL text and the values for its parameters, in order.
struct RenderedSQL: Sendable {
  let sql: String
  let arguments: [any DatabaseValueConvertible]

  init(sql: String, arguments: [any DatabaseValueConvertible]) {
    self.sql = sql
    self.arguments = arguments
  }

  init(_ renderer: SQLRenderer) {
    self.init(sql: renderer.sql, arguments: renderer.arguments)
  }

  /// Binds the arguments to parameters 1, 2, …
  func bind(to statement: Statement) throws {
    var index: Int32 = 1
    for argument in arguments {
      try statement.bind(argument, at: index)
      index += 1
    }
  }
}
