/// The error of a `Database` API that has no meaning on PostgreSQL: thrown instead of doing
/// something else silently.
///
/// ```swift
/// do {
///   try db.backup(to: "copy.sqlite")
/// } catch let error as PostgresUnsupportedError {
///   print(error)  // backup(to:) is not available on PostgreSQL: it copies a SQLite file; …
/// }
/// ```
///
/// The APIs are SQLite's file and extension ones: `backup(to:)` (both), `vacuum(into:)`,
/// `add(function:)` and `add(collation:)` (Swift closures run inside SQLite; PostgreSQL runs
/// functions in the server, `CREATE FUNCTION` in a migration).
public struct PostgresUnsupportedError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The API, as `backup(to:)`.
  public let api: String
  /// Why it cannot apply, and what to use instead.
  public let reason: String

  /// Creates the error for `api`.
  public init(api: String, reason: String) {
    self.api = api
    self.reason = reason
  }

  /// `<api> is not available on PostgreSQL: <reason>`.
  public var description: String { "\(api) is not available on PostgreSQL: \(reason)" }
}

extension Database {
  /// Throws ``PostgresUnsupportedError`` for `api` when the database is PostgreSQL's.
  func refuseOnPostgres(_ api: String, _ reason: String) throws {
    if isPostgres { throw PostgresUnsupportedError(api: api, reason: reason) }
  }
}
