import Foundation
import Quarry

/// Collects the SQL a database runs, through `Database.Configuration.trace`.
final class SQLRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var statements: [String] = []

  /// The statements recorded so far, in order.
  var recorded: [String] {
    lock.lock()
    defer { lock.unlock() }
    return statements
  }

  func record(_ sql: String) {
    lock.lock()
    statements.append(sql)
    lock.unlock()
  }

  func reset() {
    lock.lock()
    statements.removeAll()
    lock.unlock()
  }

  /// A configuration whose trace feeds this recorder.
  var configuration: Database.Configuration {
    var configuration = Database.Configuration()
    configuration.trace = { [self] sql in record(sql) }
    return configuration
  }
}
