import Foundation

/// When each observer of the observation suite received each value, for latencies and for
/// waiting until every observer caught up.
final class ArrivalRecorder: @unchecked Sendable {
  private let condition = NSCondition()
  private var latest: [Int]
  private var arrivals: [[Int: ContinuousClock.Instant]]

  init(observerCount: Int) {
    latest = Array(repeating: -1, count: observerCount)
    arrivals = Array(repeating: [:], count: observerCount)
  }

  /// Notes that `observer` received `value` now.
  func record(observer: Int, value: Int) {
    let now = ContinuousClock.now
    condition.lock()
    arrivals[observer][value] = now
    latest[observer] = value
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until every observer has received `value` or a later one.
  ///
  /// - Throws: `BenchCheckFailure` after `seconds` without it (an observation lost a commit).
  func waitUntilAll(reached value: Int, seconds: Double = 30) throws {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while latest.contains(where: { $0 < value }) {
      guard condition.wait(until: deadline) else {
        throw BenchCheckFailure(
          description: "check failed: observers stopped at \(latest), want \(value)")
      }
    }
  }

  /// When `observer` received `value`, if it did.
  func arrival(of value: Int, at observer: Int) -> ContinuousClock.Instant? {
    condition.lock()
    defer { condition.unlock() }
    return arrivals[observer][value]
  }
}
