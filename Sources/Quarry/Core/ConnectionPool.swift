import Foundation

/// Read-only connections handed out one `read` closure at a time.
///
/// Connections open lazily up to `maximumCount`; a `read` that finds all of them busy waits
/// for one to come back.
final class ConnectionPool: @unchecked Sendable {
  private let condition = NSCondition()
  private var idle: [Connection] = []
  private var openedCount = 0
  /// Threads waiting in `checkOut`: without any, `checkIn` skips signalling the condition.
  private var waiterCount = 0
  private let maximumCount: Int
  private let open: () throws -> Connection

  init(maximumCount: Int, open: @escaping () throws -> Connection) {
    self.maximumCount = max(1, maximumCount)
    self.open = open
  }

  /// Runs `body` with a connection nobody else uses meanwhile.
  func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    let connection = try checkOut()
    defer { checkIn(connection) }
    return try body(connection)
  }

  private func checkOut() throws -> Connection {
    condition.lock()
    // The common case first: one access to `idle` (each costs an exclusivity check).
    while true {
      if let connection = idle.popLast() {
        condition.unlock()
        return connection
      }
      if openedCount < maximumCount { break }
      waiterCount += 1
      condition.wait()
      waiterCount -= 1
    }
    openedCount += 1
    condition.unlock()
    do {
      return try open()
    } catch {
      condition.lock()
      openedCount -= 1
      if waiterCount > 0 { condition.signal() }
      condition.unlock()
      throw error
    }
  }

  private func checkIn(_ connection: Connection) {
    condition.lock()
    idle.append(connection)
    if waiterCount > 0 { condition.signal() }
    condition.unlock()
  }

  /// Runs `body` on every idle connection (for test assertions).
  func forEachIdle(_ body: (Connection) -> Void) {
    condition.lock()
    defer { condition.unlock() }
    idle.forEach(body)
  }
}
