import Foundation

/// A small dictionary that persists itself whole: the seed's `DataStore` for settings-sized data.
///
/// ```swift
/// let favourites = try DataStore<String, Bird>(
///   identifier: "favourites", storage: try UserDefaultsDataStorage())
/// try favourites.setValue(robin, forKey: "first")
/// favourites["first"]?.name                         // "Robin", from memory
/// try favourites.update { all in all["second"] = wren; all["first"] = nil }   // one write
///
/// // The seed's spelling: standard UserDefaults, binary property list, assignment writes.
/// let ds = DataStore<String, Bird>(identifier: "Item")
/// ds["first"] = robin            // a failed write leaves memory unchanged and sets lastError
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
  private let failures = RepositoryLock(Failures())

  /// What went wrong, kept for the non-throwing spellings.
  private struct Failures: @unchecked Sendable {
    // Unchecked: RepositoryError holds `any Error`; these are only stored and handed back.
    /// Why stored bytes did not decode in ``init(identifier:)``; every write throws it.
    var load: RepositoryError?
    /// Why the last subscript assignment failed.
    var lastWrite: RepositoryError?
  }

  /// Loads the dictionary stored under `identifier`, or starts empty when there is none.
  ///
  /// - Throws: ``RepositoryError/corruptData`` when stored bytes do not decode.
  public convenience init(
    identifier: String, storage: any DataStorage,
    transformer: any DataTransformer = PropertyListDataTransformer(format: .binary)
  ) throws {
    let loaded = try Self.load(identifier, from: storage, transformer: transformer)
    self.init(
      identifier: identifier, storage: storage, transformer: transformer, loaded: loaded,
      loadError: nil)
  }

  /// The seed's `DataStore(identifier:)`: the dictionary under `identifier` in the standard
  /// UserDefaults, as a binary property list.
  ///
  /// It cannot throw, so stored bytes that do not decode are not fatal: the store starts empty
  /// and every write throws that ``RepositoryError/corruptData`` error (also in ``lastError``)
  /// instead of overwriting the bytes, until ``removeAll()``. Use
  /// ``init(identifier:storage:transformer:)`` to get the error at once.
  public convenience init(identifier: String) {
    let storage = UserDefaultsDataStorage.standard
    let transformer = PropertyListDataTransformer(format: .binary)
    var loaded: [Key: Value] = [:]
    var loadError: RepositoryError?
    do {
      loaded = try Self.load(identifier, from: storage, transformer: transformer)
    } catch {
      loadError = error as? RepositoryError
    }
    self.init(
      identifier: identifier, storage: storage, transformer: transformer, loaded: loaded,
      loadError: loadError)
  }

  private init(
    identifier: String, storage: any DataStorage, transformer: any DataTransformer,
    loaded: [Key: Value], loadError: RepositoryError?
  ) {
    self.identifier = identifier
    self.storage = storage
    self.transformer = transformer
    self.entries = RepositoryLock(loaded)
    failures.withLock {
      $0.load = loadError
      $0.lastWrite = loadError
    }
  }

  private static func load(
    _ identifier: String, from storage: any DataStorage, transformer: any DataTransformer
  ) throws -> [Key: Value] {
    guard let data = try storage.data(forKey: identifier) else { return [:] }
    do {
      return try transformer.decode([Key: Value].self, from: data)
    } catch {
      throw RepositoryError(
        code: .corruptData, itemType: "\([Key: Value].self)", id: identifier,
        location: storage.location(forKey: identifier), underlyingError: error,
        store: storage.storeDescription)
    }
  }

  /// The value for `key`, read from memory; assigning writes the dictionary, as in the seed.
  ///
  /// ```swift
  /// favourites["first"] = robin
  /// if let error = favourites.lastError { print(error) }   // the assignment did not persist
  /// ```
  ///
  /// An assignment cannot throw: when the write fails, memory is unchanged and the error is in
  /// ``lastError``. Use ``setValue(_:forKey:)`` to get it thrown.
  public subscript(key: Key) -> Value? {
    get { entries.withLock { $0[key] } }
    set {
      do {
        try setValue(newValue, forKey: key)
        failures.withLock { $0.lastWrite = nil }
      } catch {
        let failure =
          error as? RepositoryError
          ?? RepositoryError(
            code: .storageFailure, itemType: "\([Key: Value].self)", id: identifier,
            location: storage.location(forKey: identifier), underlyingError: error,
            store: storage.storeDescription)
        failures.withLock { $0.lastWrite = failure }
      }
    }
  }

  /// Why the last subscript assignment did not persist, or nil when it did.
  public var lastError: RepositoryError? {
    failures.withLock { $0.lastWrite }
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
      failures.withLock { $0.load = nil }
    }
  }

  /// Changes the dictionary in `body` and writes it once, whatever the number of changes.
  ///
  /// - Throws: what `body`, the transformer or the storage throws; memory is then unchanged.
  @discardableResult
  public func update<Result>(_ body: (inout [Key: Value]) throws -> Result) throws -> Result {
    try entries.withLock { current in
      if let loadError = failures.withLock({ $0.load }) { throw loadError }
      var changed = current
      let result = try body(&changed)
      let data: Data
      do {
        data = try transformer.encode(changed)
        // Entry by entry: two equal dictionaries may list their entries in different orders.
        let decoded = try transformer.decode([Key: Value].self, from: data)
        let isExact =
          decoded.count == changed.count
          && changed.allSatisfy { key, value in
            decoded[key].map { RoundTripCheck.isExact(value, decoded: $0) } ?? false
          }
        guard isExact else { throw InexactRoundTrip(transformer: "\(type(of: transformer))") }
      } catch {
        throw RepositoryError(
          code: .storageFailure, itemType: "\([Key: Value].self)", id: identifier,
          location: storage.location(forKey: identifier), underlyingError: error,
          store: storage.storeDescription)
      }
      try storage.setData(data, forKey: identifier)
      current = changed
      return result
    }
  }
}
