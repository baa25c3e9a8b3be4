import Foundation

/// Codable values without an id of their own, stored under keys you choose: the seed's
/// `create(id:item:)` / `read(id:)` form, arrays included.
///
/// ```swift
/// let store = KeyedStore(directory: url)   // or KeyedStore(storage: UserDefaultsDataStorage())
/// try await store.create(id: "client", item: Client(name: "Chill Client"))
/// var client: Client = try await store.read(id: "client")
/// client.name = "Busy Client"
/// try await store.update(id: "client", item: client)
/// try await store.create(id: "clientArray", item: [client])   // a whole array under one key
/// let clients: [Client] = try await store.read(id: "clientArray")
/// try await store.delete(id: "client")
/// ```
///
/// Each call is generic, so one store can hold values of several types; reading a key as the
/// wrong type is ``RepositoryError/corruptData``. Calls on one instance are serialised (it is an
/// actor), which makes `create`'s "already exists" check reliable within the instance.
public actor KeyedStore {
  /// Where the bytes go.
  public nonisolated let storage: any DataStorage
  /// How values become bytes.
  public nonisolated let transformer: any DataTransformer

  /// Makes a store over any ``DataStorage``.
  public init(storage: any DataStorage, transformer: any DataTransformer = JSONDataTransformer()) {
    self.storage = storage
    self.transformer = transformer
  }

  /// Makes a store with one file per key in `directory`, named with the transformer's extension.
  public init(directory: URL, transformer: any DataTransformer = JSONDataTransformer()) {
    self.init(
      storage: FileDataStorage(directory: directory, fileExtension: transformer.fileExtension),
      transformer: transformer)
  }

  /// Stores a new value.
  ///
  /// - Throws: ``RepositoryError/alreadyExists`` when `id` holds a value.
  public func create<Item: Codable & Sendable>(id: String, item: Item) throws {
    guard try storage.data(forKey: id) == nil else {
      throw error(.alreadyExists, Item.self, id: id)
    }
    try storage.setData(encode(item, id: id), forKey: id)
  }

  /// Returns the value stored under `id`.
  ///
  /// - Throws: ``RepositoryError/notFound``, or ``RepositoryError/corruptData`` when the bytes
  ///   do not decode as `Item`.
  public func read<Item: Codable & Sendable>(id: String, as type: Item.Type = Item.self) throws
    -> Item
  {
    guard let data = try storage.data(forKey: id) else {
      throw error(.notFound, Item.self, id: id)
    }
    do {
      return try transformer.decode(Item.self, from: data)
    } catch {
      throw RepositoryError(
        code: .corruptData, itemType: "\(Item.self)", id: id,
        location: storage.location(forKey: id), underlyingError: error,
        store: storage.storeDescription)
    }
  }

  /// Replaces the value stored under `id`.
  ///
  /// - Throws: ``RepositoryError/notFound`` when `id` holds nothing.
  public func update<Item: Codable & Sendable>(id: String, item: Item) throws {
    guard try storage.data(forKey: id) != nil else { throw error(.notFound, Item.self, id: id) }
    try storage.setData(encode(item, id: id), forKey: id)
  }

  /// Stores the value, replacing whatever `id` held.
  public func upsert<Item: Codable & Sendable>(id: String, item: Item) throws {
    try storage.setData(encode(item, id: id), forKey: id)
  }

  /// Removes the value stored under `id`.
  ///
  /// - Throws: ``RepositoryError/notFound`` when `id` holds nothing.
  public func delete(id: String) throws {
    guard try storage.data(forKey: id) != nil else { throw error(.notFound, "value", id: id) }
    try storage.setData(nil, forKey: id)
  }

  /// Whether `id` holds a value.
  public func contains(id: String) throws -> Bool {
    try storage.data(forKey: id) != nil
  }

  private func encode<Item: Codable>(_ item: Item, id: String) throws -> Data {
    do {
      return try RoundTripCheck.encode(item, with: transformer)
    } catch {
      throw RepositoryError(
        code: .storageFailure, itemType: "\(Item.self)", id: id,
        location: storage.location(forKey: id), underlyingError: error,
        store: storage.storeDescription)
    }
  }

  private func error<Item>(_ code: RepositoryError.Code, _ type: Item.Type, id: String)
    -> RepositoryError
  {
    self.error(code, "\(Item.self)", id: id)
  }

  private func error(_ code: RepositoryError.Code, _ itemType: String, id: String)
    -> RepositoryError
  {
    RepositoryError(
      code: code, itemType: itemType, id: id, location: storage.location(forKey: id),
      store: storage.storeDescription)
  }
}
