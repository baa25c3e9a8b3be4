#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Remembers, per thread, which database's writer lock the thread holds, so that calling
/// `write` (or an in-memory `read`) from inside a `write` closure stops with a clear message
/// instead of deadlocking on the lock it already holds.
///
/// The checks call `fatalError`, not `precondition`: in `-O` builds `precondition` drops its
/// message and prints only "precondition failure", leaving the developer without the fix.
enum WriterOwnership {
  /// A thread-specific slot: costs a few instructions per `write`, unlike `Thread.current`.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `body` marked as holding `owner`'s writer lock; stops if the thread already holds it.
  static func withOwnership<T>(of owner: AnyObject, _ body: () throws -> T) rethrows -> T {
    let marker = Self.marker(of: owner)
    let previous = currentMarker
    if previous == marker {
      fatalError(
        "Database.write called inside a write closure of the same database; use the "
          + "transaction passed to the closure")
    }
    pthread_setspecific(key, marker)
    defer { pthread_setspecific(key, previous) }
    return try body()
  }

  /// Stops if the current thread holds `owner`'s writer lock.
  static func checkNotHeld(
    by owner: AnyObject,
    _ message: @autoclosure () -> String =
      "Database.read of an in-memory database called inside one of its write closures; use "
      + "the transaction passed to the closure"
  ) {
    if currentMarker == marker(of: owner) {
      fatalError(message())
    }
  }

  /// The identity of `owner` in the pointer-sized slot pthread offers: a number that is only
  /// compared, never dereferenced, so no pointer to the object is made or kept.
  private static func marker(of owner: AnyObject) -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(owner)))
  }

  /// The marker of the database whose writer lock this thread holds, if any.
  private static var currentMarker: UnsafeRawPointer? {
    UnsafeRawPointer(pthread_getspecific(key))
  }
}
