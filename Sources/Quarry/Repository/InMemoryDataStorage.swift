import Foundation

/// A ``DataStorage`` in a dictionary, for tests; nothing survives the process.
///
/// ```swift
/// let store = KeyedStore(storage: InMemoryDataStorage())
/// ```
public final class InMemoryDataStorage: DataStorage {
  private let entries = RepositoryLock<[String: Data]>([:])

  /// Makes an empty storage.
  public init() {}

  public func data(forKey key: String) -> Data? {
    entries.withLock { $0[StorageKey.normalize(key)] }
  }

  public func setData(_ data: Data?, forKey key: String) {
    entries.withLock { $0[StorageKey.normalize(key)] = data }
  }
}
