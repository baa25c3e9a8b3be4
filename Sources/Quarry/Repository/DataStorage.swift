import Foundation

/// Bytes by key: the low level that ``KeyedStore`` and ``DataStore`` persist through.
///
/// The seed's lesson: let the generic, typed layer turn values into `Data`, and keep the storage
/// non-generic, so a new backend is three small methods. Quarry ships
/// ``UserDefaultsDataStorage``, ``FileDataStorage`` and ``InMemoryDataStorage``.
///
/// ```swift
/// let storage: any DataStorage = FileDataStorage(directory: url)
/// try storage.setData(Data("hello".utf8), forKey: "greeting")
/// let data = try storage.data(forKey: "greeting")   // 5 bytes
/// try storage.setData(nil, forKey: "greeting")       // removes it
/// ```
public protocol DataStorage: Sendable {
  /// The bytes stored under `key`, or nil.
  ///
  /// - Throws: ``RepositoryError`` when the storage cannot be read.
  func data(forKey key: String) throws -> Data?

  /// Stores `data` under `key`, or removes the key when `data` is nil.
  ///
  /// - Throws: ``RepositoryError`` when the storage cannot be written.
  func setData(_ data: Data?, forKey key: String) throws

  /// Where `key` lives, for error messages: a file path or a UserDefaults key.
  func location(forKey key: String) -> String

  /// What holds the keys, for error messages (``RepositoryError/store``): nil by default.
  var storeDescription: String? { get }
}

extension DataStorage {
  public func location(forKey key: String) -> String { key }

  public var storeDescription: String? { nil }
}
