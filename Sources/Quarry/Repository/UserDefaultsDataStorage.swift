import Foundation

/// A ``DataStorage`` in a UserDefaults suite, each key under a prefix.
///
/// Keys are escaped as in ``UserDefaultsRepository``, and every change is followed by
/// `synchronize()` so that Linux Foundation writes the suite's property list file.
///
/// ```swift
/// let storage = try UserDefaultsDataStorage(suiteName: "settings")
/// let favourites = try DataStore<String, Bird>(identifier: "favourites", storage: storage)
/// ```
public final class UserDefaultsDataStorage: DataStorage, @unchecked Sendable {
  // Unchecked: UserDefaults is documented as thread-safe but not marked Sendable on Linux;
  // `defaults` is never reassigned.
  private let defaults: UserDefaults
  /// The suite, or nil for `UserDefaults.standard`.
  public let suiteName: String?
  /// What every key starts with.
  public let keyPrefix: String

  /// Opens the suite.
  ///
  /// - Throws: ``RepositoryError/storageFailure`` when UserDefaults refuses the suite name.
  /// The standard UserDefaults without a key prefix: what the seed's `DataStore` used.
  public static let standard = UserDefaultsDataStorage(defaults: .standard, keyPrefix: "")

  private init(defaults: UserDefaults, keyPrefix: String) {
    self.defaults = defaults
    self.suiteName = nil
    self.keyPrefix = keyPrefix
  }

  public init(suiteName: String? = nil, keyPrefix: String = "") throws {
    guard let defaults = suiteName.map(UserDefaults.init(suiteName:)) ?? .standard else {
      throw RepositoryError(
        code: .storageFailure, itemType: "data", location: suiteName,
        underlyingError: UserDefaultsSuiteRefused(),
        store: UserDefaultsSuiteRefused.store(suiteName))
    }
    self.defaults = defaults
    self.suiteName = suiteName
    self.keyPrefix = keyPrefix
  }

  public func data(forKey key: String) throws -> Data? {
    let location = location(forKey: key)
    guard let value = defaults.object(forKey: location) else { return nil }
    guard let data = value as? Data else {
      throw RepositoryError(
        code: .corruptData, itemType: "data", id: key, location: location,
        underlyingError: UnexpectedDefaultsValue(type: "\(type(of: value))"),
        store: storeDescription)
    }
    return data
  }

  public func setData(_ data: Data?, forKey key: String) {
    if let data {
      defaults.set(data, forKey: location(forKey: key))
    } else {
      defaults.removeObject(forKey: location(forKey: key))
    }
    defaults.synchronize()
  }

  /// `UserDefaults suite '<name>'`, or `standard UserDefaults`.
  public var storeDescription: String? { UserDefaultsSuiteRefused.store(suiteName) }

  public func location(forKey key: String) -> String {
    keyPrefix + DefaultsKeyEncoding.encode(StorageKey.normalize(key))
  }
}
