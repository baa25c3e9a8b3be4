/// One observation as its file's fetch lane sees it: something that fetches in a read
/// transaction it is given, then publishes what it fetched.
///
/// The lane (``ObservedFile``) decides when an observer fetches; the observer only runs its read
/// and hands the result to its consumer.
protocol DatabaseChangeObserver: AnyObject, Sendable {
  /// The database whose reader connections serve the observer's fetches.
  var database: Database { get }

  /// Runs the read in `transaction` and keeps the result for ``publish()``.
  ///
  /// - Returns: what the read read; nil when the read threw (the error is kept for the
  ///   consumer) or the observation already ended.
  func fetch(in transaction: ReadTransaction) -> DatabaseRegion?

  /// Keeps `error` for ``publish()``: the transaction the fetch needed could not begin.
  func fail(_ error: any Error)

  /// Hands what the last fetch kept to the consumer (waking it when it waits); after an error
  /// the observation ends.
  func publish()
}
