/// The database as seen from inside a `read` closure: queries over one snapshot.
///
/// ```swift
/// let robins = try db.read { db in
///   try db.fetchAll(Bird.self, where: Bird.Columns.name == "Robin", limit: 10)
/// }
/// ```
///
/// Valid only inside the closure it was passed to; using it afterwards is a programming error.
public class ReadTransaction {
  let connection: Connection
  private(set) var isValid = true

  init(connection: Connection) {
    self.connection = connection
  }

  /// The connection, checked to be used inside its closure.
  ///
  /// `fatalError` rather than `precondition`, whose message `-O` builds drop.
  var checkedConnection: Connection {
    if !isValid { fatalError("a transaction was used after its read or write closure returned") }
    return connection
  }

  func begin(_ control: Connection.TransactionControl) throws {
    try connection.run(control)
  }

  /// Runs `body`, then commits; rolls back when `body` or the commit throws.
  func commit<T>(after body: () throws -> T) throws -> T {
    let result: T
    do {
      result = try body()
      if !connection.openCursors.isEmpty { connection.finishCursors() }
      try connection.run(.commit)
    } catch {
      if !connection.openCursors.isEmpty { connection.finishCursors() }
      // A failed statement may already have ended the transaction.
      if !connection.isAutocommit {
        try? connection.run(.rollback)
      }
      throw error
    }
    return result
  }

  func invalidate() {
    isValid = false
  }

  /// Makes a transaction that nobody else references valid again, for the next closure.
  func revalidate() {
    isValid = true
  }
}
