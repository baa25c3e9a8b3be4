import Foundation

/// Items as encoded bytes in UserDefaults, one key per item: for small amounts of settings-like
/// data that should not need a database.
///
/// ```swift
/// let birds: any CRUDRepository<Bird> = try UserDefaultsRepository<Bird>(suiteName: "birds")
/// try await birds.create(robin)   // stored under the key "Bird.<id>" of the "birds" suite
/// ```
///
/// Keys are `keyPrefix` followed by the id, with `%`, NUL and other control characters written
/// as `%XX` (property list files cannot hold them). Give repositories sharing a suite prefixes
/// where neither starts with the other: ``all()`` reads every key with this prefix, in key order.
///
/// Every change calls `synchronize()`. On Apple platforms that is merely harmless; on Linux,
/// Foundation keeps the suite in memory and writes `$XDG_CONFIG_HOME/<suite>.plist` (by default
/// `~/.config/<suite>.plist`) only when asked, so without it nothing would outlive the process.
/// Instances with the same suite in one process share one cache and see each other's writes.
/// Calls on one instance are serialised (it is an actor); `create`'s "already exists" check is
/// reliable within an instance, not between two instances racing on the same key.
public actor UserDefaultsRepository<Item: Codable & Identifiable & Sendable>: CRUDRepository
where Item.ID: Sendable {
  /// The suite, or nil for `UserDefaults.standard`.
  public nonisolated let suiteName: String?
  /// What every key of this repository starts with.
  public nonisolated let keyPrefix: String
  /// The format of the stored bytes.
  public nonisolated let transformer: any DataTransformer
  private let defaults: UserDefaults
  private nonisolated let coding: ItemCoding<Item>

  /// Opens the suite; `keyPrefix` defaults to the item type's name and a dot (`"Bird."`).
  ///
  /// - Throws: ``RepositoryError/storageFailure`` when UserDefaults refuses the suite name
  ///   (on Apple platforms, the app's own bundle identifier or `NSGlobalDomain`).
  public init(
    suiteName: String? = nil, keyPrefix: String? = nil,
    transformer: any DataTransformer = JSONDataTransformer()
  ) throws {
    let coding = ItemCoding<Item>(
      transformer: transformer, store: UserDefaultsSuiteRefused.store(suiteName))
    guard let defaults = suiteName.map(UserDefaults.init(suiteName:)) ?? .standard else {
      throw RepositoryError(
        code: .storageFailure, itemType: coding.itemType, location: suiteName,
        underlyingError: UserDefaultsSuiteRefused(), store: coding.store)
    }
    self.suiteName = suiteName
    self.keyPrefix = keyPrefix ?? coding.itemType + "."
    self.transformer = transformer
    self.defaults = defaults
    self.coding = coding
  }

  /// The UserDefaults key that holds (or would hold) the item with `id`.
  public nonisolated func key(for id: Item.ID) -> String {
    keyPrefix + DefaultsKeyEncoding.encode(coding.key(for: id))
  }

  public func create(_ item: Item) throws {
    let key = key(for: item.id)
    guard defaults.object(forKey: key) == nil else {
      throw coding.error(.alreadyExists, id: item.id, location: key)
    }
    try store(item, key: key)
  }

  public func read(id: Item.ID) throws -> Item {
    let key = key(for: id)
    guard let value = defaults.object(forKey: key) else {
      throw coding.error(.notFound, id: id, location: key)
    }
    return try decode(value, key: key, expectedID: id)
  }

  public func update(_ item: Item) throws {
    let key = key(for: item.id)
    guard defaults.object(forKey: key) != nil else {
      throw coding.error(.notFound, id: item.id, location: key)
    }
    try store(item, key: key)
  }

  public func upsert(_ item: Item) throws {
    try store(item, key: key(for: item.id))
  }

  public func delete(id: Item.ID) throws {
    let key = key(for: id)
    guard defaults.object(forKey: key) != nil else {
      throw coding.error(.notFound, id: id, location: key)
    }
    defaults.removeObject(forKey: key)
    defaults.synchronize()
  }

  public func all() throws -> [Item] {
    let entries = defaults.dictionaryRepresentation().filter { $0.key.hasPrefix(keyPrefix) }
    return try entries.keys.sorted().compactMap { key in
      guard let value = entries[key] else { return nil }
      return try decode(value, key: key, expectedID: nil)
    }
  }

  private func store(_ item: Item, key: String) throws(RepositoryError) {
    defaults.set(try coding.encode(item, location: key), forKey: key)
    defaults.synchronize()
  }

  private func decode(_ value: Any, key: String, expectedID: Item.ID?) throws(RepositoryError)
    -> Item
  {
    guard let data = value as? Data else {
      throw RepositoryError(
        code: .corruptData, itemType: coding.itemType, id: expectedID.map(coding.key(for:)),
        location: key, underlyingError: UnexpectedDefaultsValue(type: "\(type(of: value))"),
        store: coding.store)
    }
    return try coding.decode(data, location: key, expectedID: expectedID)
  }
}

/// `UserDefaults(suiteName:)` returned nil.
struct UserDefaultsSuiteRefused: Error, CustomStringConvertible {
  var description: String { "UserDefaults refused the suite name" }

  /// How errors name a suite: `UserDefaults suite 'birds'`, or `standard UserDefaults`.
  static func store(_ suiteName: String?) -> String {
    suiteName.map { "UserDefaults suite '\($0)'" } ?? "standard UserDefaults"
  }
}

/// A UserDefaults key under a repository's prefix holds something other than `Data`.
struct UnexpectedDefaultsValue: Error, CustomStringConvertible {
  let type: String
  var description: String { "expected Data, found \(type)" }
}
