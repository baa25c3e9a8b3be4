/// The rows of a query, decoded one at a time as you ask for them: memory stays bounded
/// however many rows there are.
///
/// ```swift
/// try db.read { tx in
///   let cursor = try tx.fetchCursor(Book.all().order(Book.Columns.title.asc))
///   while let book = try cursor.next() {
///     print(book.title)
///   }
/// }
/// ```
///
/// The cursor holds a statement of the transaction it came from, so it is valid only inside
/// that `read` or `write` closure: when the closure returns, Quarry ends the statement, and
/// calling ``next()`` afterwards stops the program with that message. (Swift 6.3 cannot keep the
/// cursor from escaping at compile time: the type is not `Sendable`, and it is not `~Escapable`
/// because a closure's result may not be.) Other queries may run in the same closure while a
/// cursor is open, writes included; rows the walk has not reached yet may or may not show
/// them, as SQLite documents.
///
/// A table record with owned children loads them row by row, one query per child table and
/// row: bounded memory costs those queries; ``ReadTransaction/fetchAll(_:)-(Query<T>)`` loads
/// children for all rows at once.
///
/// Related SQLite documentation: <https://sqlite.org/isolation.html>
public final class DatabaseCursor<Element> {
  private let transaction: ReadTransaction
  private let statement: Statement
  private let decode: (Row) throws -> Element
  private var number = 0
  private var isDone = false

  init(
    transaction: ReadTransaction, statement: Statement, decode: @escaping (Row) throws -> Element
  ) {
    self.transaction = transaction
    self.statement = statement
    self.decode = decode
    transaction.connection.openCursors.append(WeakStatement(statement))
  }

  /// The next element, or nil after the last one (and on every later call).
  ///
  /// - Throws: ``SQLiteError`` when stepping fails, or ``RowDecodingError`` when the row does
  ///   not decode; after an error the cursor is done.
  public func next() throws -> Element? {
    // fatalError rather than precondition: -O builds drop precondition's message.
    if !transaction.isValid {
      fatalError("a cursor was used after the read or write closure it was fetched in returned")
    }
    guard !isDone else { return nil }
    do {
      guard try statement.step() else {
        finish()
        return nil
      }
      number += 1
      return try decode(Row(statement: statement, number: number))
    } catch {
      finish()
      throw error
    }
  }

  /// Reads the remaining elements into an array.
  ///
  /// ```swift
  /// let rest = try cursor.collect()
  /// ```
  public func collect() throws -> [Element] {
    var elements: [Element] = []
    while let element = try next() { elements.append(element) }
    return elements
  }

  private func finish() {
    isDone = true
    statement.reset()
  }
}

/// A cursor's statement, which the connection resets when the transaction ends without
/// keeping the cursor alive.
struct WeakStatement {
  weak var statement: Statement?

  init(_ statement: Statement) {
    self.statement = statement
  }
}
