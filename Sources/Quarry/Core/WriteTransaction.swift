import Foundation

/// The database as seen from inside a `write` closure: queries and changes in one transaction.
///
/// ```swift
/// try db.write { db in
///   let rowID = try db.insert(bird)
///   try db.update(nest)
/// }
/// ```
///
/// Valid only inside the closure it was passed to.
public final class WriteTransaction: ReadTransaction {
  private var firstDateRead: Date?

  /// The date of the whole write transaction: the clock read the first time it is asked for,
  /// then the same `Date` until the transaction ends.
  ///
  /// `// quarry: createdAt` and `// quarry: updatedAt` properties take this date, so every row
  /// a transaction writes shows the same time, as GRDB's `transactionDate` does.
  ///
  /// ```swift
  /// try db.write { tx in
  ///   let now: Date = tx.transactionDate
  ///   try tx.execute(#"UPDATE "loans" SET "returned" = ?"#, arguments: [now])
  /// }
  /// ```
  public var transactionDate: Date {
    if let firstDateRead { return firstDateRead }
    let now = Date()
    firstDateRead = now
    return now
  }
}
