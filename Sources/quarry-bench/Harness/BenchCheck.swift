/// A benchmark whose result is wrong measured nothing: these checks run after timing and stop
/// the run with a message that says which operation went wrong.
struct BenchCheckFailure: Error, CustomStringConvertible {
  var description: String
}

enum BenchCheck {
  /// Fails with a message naming `what` when `actual` differs from `expected`.
  static func equal<T: Equatable>(
    _ actual: T, _ expected: T, _ what: @autoclosure () -> String
  ) throws {
    guard actual == expected else {
      throw BenchCheckFailure(
        description: "check failed: \(what()): got \(actual), want \(expected)")
    }
  }
}
