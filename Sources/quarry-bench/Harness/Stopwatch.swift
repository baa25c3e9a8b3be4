/// Times one call on the monotonic clock.
///
/// Only the closure is timed: build inputs before calling and check outputs after, so neither
/// shows in the figures.
///
/// ```swift
/// let (seconds, rows) = try Stopwatch.time { try subject.fetchAll() }
/// ```
enum Stopwatch {
  static func time<Output>(_ body: () throws -> Output) rethrows -> (
    seconds: Double, output: Output
  ) {
    let clock = ContinuousClock()
    let start = clock.now
    let output = try body()
    let elapsed = start.duration(to: clock.now)
    // Keep the result alive past the clock read, so its computation is never sunk below it.
    BlackHole.consume(output)
    return (elapsed.seconds, output)
  }
}

extension Duration {
  /// The duration as floating-point seconds.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
