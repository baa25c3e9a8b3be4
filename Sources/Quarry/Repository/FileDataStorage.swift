import Foundation

/// A ``DataStorage`` with one file per key in a directory, written atomically.
///
/// File names are encoded keys (see ``FileSystemRepository``), never raw keys.
///
/// ```swift
/// let storage = FileDataStorage(directory: url)                 // "<hex of key>.data"
/// let store = DataStore<String, Bird>(identifier: "birds", storage: storage)
/// ```
public struct FileDataStorage: DataStorage {
  /// The directory holding the files; created on the first write.
  public let directory: URL
  private let store: FileStore

  /// Makes a storage over `directory`, naming files with `fileExtension`.
  public init(directory: URL, fileExtension: String = "data") {
    self.directory = directory
    self.store = FileStore(directory: directory, fileExtension: fileExtension)
  }

  /// The file that holds (or would hold) `key`.
  public func fileURL(forKey key: String) -> URL {
    store.fileURL(forKey: StorageKey.normalize(key))
  }

  public func data(forKey key: String) throws -> Data? {
    do {
      return try store.read(key: StorageKey.normalize(key))
    } catch {
      throw Self.failure(error, key: key)
    }
  }

  public func setData(_ data: Data?, forKey key: String) throws {
    do {
      if let data {
        try store.write(data, key: StorageKey.normalize(key), mode: .upsert)
      } else {
        _ = try store.remove(key: StorageKey.normalize(key))
      }
    } catch {
      throw Self.failure(error, key: key)
    }
  }

  public func location(forKey key: String) -> String {
    fileURL(forKey: key).path
  }

  private static func failure(_ error: FileStoreError, key: String) -> RepositoryError {
    RepositoryError(
      code: .storageFailure, itemType: "data", id: key, location: error.path,
      underlyingError: error.underlying)
  }
}
