import Foundation

/// A count of the PostgreSQL schema changes `migrate` and ``DatabaseMigrator`` made in this
/// process, so that prepared statements prepared before one are prepared again.
///
/// PostgreSQL re-plans a prepared statement after DDL by itself, but refuses to run one whose
/// result columns changed type ("cached plan must not change result type", SQLSTATE 0A000),
/// and the error aborts the transaction it happens in. A rebuild that converts a column
/// changes exactly that, for every connection of the process that prepared a `SELECT` of the
/// table before. Changes made by other processes or by the app's own DDL outside these two
/// are not counted.
///
/// ```swift
/// PostgresSchemaGeneration.shared.advance()   // after a migration commits
/// ```
final class PostgresSchemaGeneration: @unchecked Sendable {
  static let shared = PostgresSchemaGeneration()

  private let lock = NSLock()
  private var value = 0

  /// The number of changes so far.
  var current: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  /// Records a change: every statement prepared before it is prepared again on its next run.
  func advance() {
    lock.lock()
    value += 1
    lock.unlock()
  }
}
