import Foundation

/// Mutable state behind an `NSLock`, for the few stores that must offer a synchronous API.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// supports older systems.
final class RepositoryLock<State: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
