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
  // `next()` is inlinable and its state is one byte the cursor owns, so a walk specialized for
  // `Element` costs a step and a decode per row: profiles of the generic `next()` showed a
  // closure call through generic metadata, an Optional built through value witnesses and a
  // load of the transaction's validity on every row (1.36× the raw C loop, target 1.25×).
  @usableFromInline let statement: Statement
  @usableFromInline let decode: (Row) throws -> Element
  // Unchecked: the cursor is not Sendable and `next()` never reenters itself, so no access can
  // overlap; the dynamic check cost two runtime calls per row.
  @exclusivity(unchecked) @usableFromInline var number = 0
  @exclusivity(unchecked) @usableFromInline var state = CursorState.open

  @usableFromInline
  init(
    transaction: ReadTransaction, statement: Statement, decode: @escaping (Row) throws -> Element
  ) {
    self.statement = statement
    self.decode = decode
    transaction.connection.openCursors.append(WeakCursor(self))
  }

  /// The next element, or nil after the last one (and on every later call).
  ///
  /// ```swift
  /// while let book = try cursor.next() { print(book.title) }
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when stepping fails, or ``RowDecodingError`` when the row does
  ///   not decode; after an error the cursor is done.
  @inlinable
  public func next() throws -> Element? {
    guard state == .open else {
      if state == .done { return nil }
      Self.usedAfterTransaction()
    }
    do {
      guard try statement.step() else {
        finish()
        return nil
      }
      number &+= 1
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
  @inlinable
  public func collect() throws -> [Element] {
    var elements: [Element] = []
    while let element = try next() { elements.append(element) }
    return elements
  }

  @usableFromInline
  func finish() {
    state = .done
    statement.reset()
  }

  // fatalError rather than precondition: -O builds drop precondition's message.
  @usableFromInline
  static func usedAfterTransaction() -> Never {
    fatalError("a cursor was used after the read or write closure it was fetched in returned")
  }
}

/// Where a cursor is in its walk.
@usableFromInline
enum CursorState: UInt8 {
  /// More rows may come.
  case open
  /// The last row was read, or a step or decode failed: `next()` returns nil.
  case done
  /// The transaction it was fetched in ended: `next()` stops the program.
  case ended
}

/// A cursor the connection ends when its transaction ends.
protocol TransactionBoundCursor: AnyObject {
  /// Resets the statement and makes any later `next()` a programming error.
  func endWithTransaction()
}

extension DatabaseCursor: TransactionBoundCursor {
  func endWithTransaction() {
    state = .ended
    statement.reset()
  }
}

/// A cursor of the current transaction, held weakly: a cursor that is dropped early is not
/// kept alive by the connection.
struct WeakCursor {
  weak var cursor: (any TransactionBoundCursor)?

  init(_ cursor: any TransactionBoundCursor) {
    self.cursor = cursor
  }
}
