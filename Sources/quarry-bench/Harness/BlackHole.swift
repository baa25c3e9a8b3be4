/// An opaque sink for benchmark results.
///
/// The optimiser cannot see through a non-inlinable function, so values passed here count as
/// used and the work that made them cannot be removed. Results are also checked against expected
/// values after timing (see `BenchCheck`), which is the stronger guarantee.
enum BlackHole {
  @inline(never)
  static func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }
}
