import Foundation

/// A small dictionary that persists itself whole: the seed's `DataStore` for settings-sized data.
///
/// ```swift
/// let favourites = try DataStore<String, Bird>(
///   identifier: "favourites", storage: try UserDefaultsDataStorage())
/// try favourites.setValue(robin, forKey: "first")
/// favourites["first"]?.name                         // "Robin", from memory
/// try favourites.update { all in all["second"] = wren; all["first"] = nil }   // one write
/// ```
///
/// The trade-off, to choose it knowingly:
/// - Reads are dictionary lookups in memory; the stored bytes are decoded once, in `init`.
/// - Every change encodes and writes the *whole* dictionary, O(n) in bytes. Quick for tens of
///   entries, questionable past a hundred, wrong for thousands: use a ``CRUDRepository`` then.
/// - Each instance works on its own snapshot: two instances on one identifier do not see each
///   other's changes, and the last write wins. Share one instance (it is `Sendable`).
/// - A failed write leaves memory unchanged, so memory and storage never disagree. Unlike the
///   seed, undecodable stored bytes make `init` throw instead of silently starting empty
///   (and overwriting the data on the next change).
public final class DataStore<Key: Hashable & Codable & Sendable, Value: Codable & Sendable>:
  Sendable
{
  /// The key under which the whole dictionary is stored.
  public let identifier: String
  /// Where the dictionary is persisted.
  public let storage: any DataStorage
  /// How the dictionary becomes bytes; binary property lists by default, as in the seed.
  public let transformer: any DataTransformer
  private let entries: RepositoryLock<[Key: Value]>

  /// Loads the dictionary stored under `identifier`, or starts empty when there is none.
  ///
  /// - Throws: ``RepositoryError/corruptData`` when stored bytes do not decode.
  public init(
    identifier: String, storage: any DataStorage,
    transformer: any DataTransformer = PropertyListDataTransformer(format: .binary)
  ) throws {
    self.identifier = identifier
    self.storage = storage
    self.transformer = transformer
    var loaded: [Key: Value] = [:]
    if let data = try storage.data(forKey: identifier) {
      do {
        loaded = try transformer.decode([Key: Value].self, from: data)
      } catch {
        throw RepositoryError(
          code: .corruptData, itemType: "\([Key: Value].self)", id: identifier,
          location: storage.location(forKey: identifier), underlyingError: error)
      }
    }
    self.entries = RepositoryLock(loaded)
  }

  /// The value for `key`, read from memory.
  public subscript(key: Key) -> Value? {
    entries.withLock { $0[key] }
  }

  /// A copy of the whole dictionary.
  public var dictionary: [Key: Value] {
    entries.withLock { $0 }
  }

  /// The number of entries.
  public var count: Int {
    entries.withLock { $0.count }
  }

  /// Sets (or, with nil, removes) the value for `key` and writes the dictionary.
  ///
  /// - Throws: what the transformer or the storage throws; memory is then unchanged.
  public func setValue(_ value: Value?, forKey key: Key) throws {
    try update { $0[key] = value }
  }

  /// Removes the value for `key`, writes the dictionary and returns the old value.
  @discardableResult
  public func removeValue(forKey key: Key) throws -> Value? {
    try update { $0.removeValue(forKey: key) }
  }

  /// Removes every entry and the stored bytes.
  public func removeAll() throws {
    try entries.withLock { current in
      try storage.setData(nil, forKey: identifier)
      current = [:]
    }
  }

  /// Changes the dictionary in `body` and writes it once, whatever the number of changes.
  ///
  /// - Throws: what `body`, the transformer or the storage throws; memory is then unchanged.
  @discardableResult
  public func update<Result>(_ body: (inout [Key: Value]) throws -> Result) throws -> Result {
    try entries.withLock { current in
      var changed = current
      let result = try body(&changed)
      let data: Data
      do {
        data = try transformer.encode(changed)
      } catch {
        throw RepositoryError(
          code: .storageFailure, itemType: "\([Key: Value].self)", id: identifier,
          location: storage.location(forKey: identifier), underlyingError: error)
      }
      try storage.setData(data, forKey: identifier)
      current = changed
      return result
    }
  }
}
