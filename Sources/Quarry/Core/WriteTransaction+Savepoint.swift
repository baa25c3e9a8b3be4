/// What ``WriteTransaction/inSavepoint(_:)`` does with the changes of its closure.
public enum SavepointCompletion: Sendable {
  /// Keep the changes, as part of the enclosing transaction (or savepoint).
  case commit
  /// Undo the changes made since the savepoint began; the enclosing transaction goes on.
  case rollback
}

extension WriteTransaction {
  /// Runs `body` in a savepoint: a transaction nested inside this one, whose changes `body`
  /// keeps (`.commit`) or undoes (`.rollback`) without ending the enclosing transaction.
  ///
  /// ```swift
  /// try db.write { tx in
  ///   try tx.insert(author)
  ///   try tx.inSavepoint { sp in
  ///     try sp.insert(draft)
  ///     return draft.isComplete ? .commit : .rollback   // author stays either way
  ///   }
  /// }
  /// ```
  ///
  /// Savepoints nest. When `body` throws, its changes are rolled back and the error is
  /// rethrown; whatever the outcome, the changes only become durable when the whole `write`
  /// commits. `sp` is this transaction: use either.
  ///
  /// Observers may hear of a table whose only change was rolled back to a savepoint: SQLite
  /// reports the change when it is made, and the observation sees its value unchanged.
  ///
  /// - Throws: what `body` throws, or ``SQLiteError``.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_savepoint.html>
  public func inSavepoint(_ body: (WriteTransaction) throws -> SavepointCompletion) throws {
    let connection = checkedConnection
    let name = "quarry_savepoint_\(connection.savepointDepth + 1)"
    try connection.cachedStatement("SAVEPOINT \(name)").execute()
    connection.savepointDepth += 1
    defer { connection.savepointDepth -= 1 }
    let completion: SavepointCompletion
    do {
      completion = try body(self)
    } catch {
      // A failed statement may have ended the whole transaction, savepoint included.
      if !connection.isAutocommit { try? rollBack(to: name, on: connection) }
      throw error
    }
    switch completion {
    case .commit: try connection.cachedStatement("RELEASE SAVEPOINT \(name)").execute()
    case .rollback: try rollBack(to: name, on: connection)
    }
  }

  /// Undoes the savepoint's changes, then ends it (ROLLBACK TO leaves it open).
  private func rollBack(to name: String, on connection: Connection) throws {
    try connection.cachedStatement("ROLLBACK TO SAVEPOINT \(name)").execute()
    try connection.cachedStatement("RELEASE SAVEPOINT \(name)").execute()
  }
}
