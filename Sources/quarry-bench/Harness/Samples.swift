/// The timed runs of one measurement, in seconds, and their median.
///
/// ```swift
/// var samples = Samples()
/// samples.append(try Stopwatch.time { try work() }.seconds)
/// print(samples.median)
/// ```
struct Samples: Sendable, Equatable {
  private(set) var seconds: [Double] = []

  mutating func append(_ value: Double) {
    seconds.append(value)
  }

  var count: Int { seconds.count }

  /// The middle run (mean of the two middle runs for an even count): robust against the other
  /// helpers' builds stealing a core for one run.
  var median: Double {
    guard !seconds.isEmpty else { return .nan }
    let sorted = seconds.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The sample below which a fraction `p` of the samples fall (nearest rank).
  func percentile(_ p: Double) -> Double {
    guard !seconds.isEmpty else { return .nan }
    let sorted = seconds.sorted()
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  var fastest: Double { seconds.min() ?? .nan }
  var slowest: Double { seconds.max() ?? .nan }
}
