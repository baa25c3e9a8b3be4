/// Why an observation of a PostgreSQL table ended: Quarry's change trigger, through which the
/// server announces every client's commits to that table, could not be created on it.
///
/// Observation gives a table the trigger the first time a read of it is observed, unless
/// `migrate` already did. A role that may read the table but does not own it cannot create
/// one (SQLSTATE 42501, insufficient privilege); without it the observer would never hear of
/// other clients' commits, so it ends with this error instead of going silent.
///
/// ```swift
/// do {
///   for try await count in db.observe({ try $0.fetchCount(Item.all()) }) { print(count) }
/// } catch let error as ChangeTriggerError {
///   print(error.table, error.underlying)   // items, PostgreSQL error 42501: must be owner…
/// }
/// ```
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/sql-createtrigger.html>
public struct ChangeTriggerError: Error, CustomStringConvertible {
  /// The observed table that has no trigger.
  public let table: String
  /// What creating the trigger threw, usually a ``PostgresError``.
  public let underlying: any Error

  init(table: String, underlying: any Error) {
    self.table = table
    self.underlying = underlying
  }

  /// `cannot observe table '…' on PostgreSQL: …`, with what to do about it.
  public var description: String {
    "cannot observe table '\(table)': Quarry's change trigger, through which PostgreSQL "
      + "announces other clients' commits, could not be created (\(underlying)) - connect once "
      + "as a role that owns the table and run migrate (or a DatabaseMigrator), which gives "
      + "every table it migrates the trigger, then observe again"
  }
}
