/// One printed figure: the median time of one operation by one implementation on one storage.
struct BenchResult: Sendable, Equatable {
  /// `runtime` or `generator`.
  var suite: String
  /// What was timed, e.g. `insert` or `scan (1 core)`.
  var operation: String
  /// `raw`, `generated` or `naive` in the runtime suite; nil in the generator suite.
  var implementation: String?
  /// `file` (WAL) or `memory` in the runtime suite; nil in the generator suite.
  var storage: String?
  /// Rows written or read (runtime), files handled (generator).
  var rows: Int
  var samples: Samples
  /// Median time over the raw C baseline's median for the same operation and storage.
  var ratioToRaw: Double?
  /// Source megabytes (10^6 bytes) per second, for operations that read the corpus.
  var megabytesPerSecond: Double?
  /// The 99th percentile of the samples, for latencies (observation suite).
  var p99Seconds: Double? = nil
  /// Median over the same operation's baseline without the extra load (observation suite).
  var ratioToBaseline: Double? = nil
  /// The most resident memory one run added above its start, in MB (cursor suite, Linux).
  var peakMegabytes: Double? = nil

  var medianSeconds: Double { samples.median }

  var rowsPerSecond: Double { Double(rows) / samples.median }
}
