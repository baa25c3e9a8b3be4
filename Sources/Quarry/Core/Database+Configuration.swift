import Foundation

extension Database {
  /// Options for opening a database.
  ///
  /// ```swift
  /// var configuration = Database.Configuration()
  /// configuration.trace = { sql in print(sql) }
  /// let db = try Database(path: "birds.sqlite", configuration: configuration)
  /// ```
  public struct Configuration: Sendable {
    /// How many read-only connections may serve `read` calls at once (file databases only).
    public var maximumReaderCount = 4
    /// How long a connection waits for a lock held by another process before `SQLITE_BUSY`.
    ///
    /// Counted in whole milliseconds; zero or less (or NaN) means no waiting, and anything past
    /// `Int32.max` milliseconds (about 24.8 days) waits that long.
    public var busyTimeout: TimeInterval = 5
    /// Receives the SQL text (with `?` placeholders, never values) of each statement run.
    public var trace: (@Sendable (String) -> Void)?
    /// How often, while a file database has observers, Quarry checks whether another process
    /// committed (`PRAGMA data_version` on the writer); nil turns the check off. See
    /// ``Database/observe(_:removeDuplicates:)``.
    public var externalChangePollInterval: TimeInterval? = 0.1

    /// The default configuration: four readers, a five-second busy timeout, no trace.
    public init() {}
  }
}
