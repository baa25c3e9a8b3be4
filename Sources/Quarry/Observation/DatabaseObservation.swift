/// The values of a read, kept fresh: an `AsyncSequence` that yields the read's value at once,
/// then again after every commit that changed what it read.
///
/// ```swift
/// for try await count in db.observe({ try $0.count(Bird.self) }) {
///   print("\(count) birds")
/// }
/// ```
///
/// Each iteration is an observation of its own: it starts when the first value is asked for
/// and ends when the iterating task is cancelled, when the loop exits, or after the read
/// throws (the error is thrown once, then the sequence ends). A consumer slower than the
/// commits gets the newest value and skips intermediate ones; it never holds up a writer or
/// another observer.
///
/// Made by ``Database/observe(_:removeDuplicates:)``; see there for what is tracked and when values come.
public struct DatabaseObservation<Element: Sendable>: AsyncSequence, Sendable {
  let database: Database
  let read: @Sendable (ReadTransaction) throws -> Element
  let isDuplicate: (@Sendable (Element, Element) -> Bool)?

  public func makeAsyncIterator() -> Iterator {
    Iterator(observer: ValueObserver(database: database, read: read, isDuplicate: isDuplicate))
  }

  /// Iterates one observation; the observation ends when the iterator goes away.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    private let lifetime: Lifetime

    init(observer: ValueObserver<Element>) {
      lifetime = Lifetime(observer: observer)
    }

    /// The next value; nil once the observation has ended.
    ///
    /// - Throws: what the read threw, once; `next` returns nil afterwards.
    public mutating func next() async throws -> Element? {
      try await lifetime.observer.next()
    }
  }

  /// Cancels the observation when the last copy of its iterator is released, so a loop left
  /// with `break` or `return` frees the observer as cancellation would.
  private final class Lifetime: Sendable {
    let observer: ValueObserver<Element>

    init(observer: ValueObserver<Element>) {
      self.observer = observer
    }

    deinit {
      observer.cancel()
    }
  }
}
