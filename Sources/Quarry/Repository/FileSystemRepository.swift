import Foundation

/// One file per item in a directory you choose, in JSON or any other ``DataTransformer`` format.
///
/// ```swift
/// let url = URL.documentsDirectory.appendingPathComponent("Birds")
/// let birds: any CRUDRepository<Bird> = FileSystemRepository<Bird>(directory: url)
/// // XML instead of JSON:
/// // FileSystemRepository<Bird>(
/// //   directory: url, transformer: PropertyListDataTransformer(format: .xml))
/// try await birds.create(robin)
/// ```
///
/// - Safety: file names never come from raw ids. Each id is encoded to hex (or, past 100
///   bytes, a hex prefix plus a SHA-256), so `../../etc/passwd`, `/`, NUL, 10,000-byte ids or
///   ids differing only in case each get their own file inside the directory.
/// - Atomicity: writes go to a temporary file that is `fsync`ed and then renamed (or hard-linked,
///   for ``create(_:)``, which therefore also refuses a duplicate made by another process). A
///   reader sees the old item or the new one, never half of one. A file damaged by other means
///   is reported as ``RepositoryError/corruptData`` naming the file.
/// - Concurrency: an actor, so calls on one instance are serialised. Several instances or
///   processes on one directory stay consistent file by file; the last write wins.
/// - Formats: only files with the transformer's extension are read, so a JSON and a property
///   list repository on one directory do not see each other's files. ``all()`` is in file-name
///   order. The directory is created on the first write.
public actor FileSystemRepository<Item: Codable & Identifiable & Sendable>: CRUDRepository
where Item.ID: Sendable {
  /// The directory holding the item files.
  public nonisolated let directory: URL
  /// The format of the files.
  public nonisolated let transformer: any DataTransformer
  private nonisolated let store: FileStore
  private nonisolated let coding: ItemCoding<Item>

  /// Makes a repository over `directory`; nothing is touched until the first call.
  public init(directory: URL, transformer: any DataTransformer = JSONDataTransformer()) {
    self.directory = directory
    self.transformer = transformer
    self.store = FileStore(directory: directory, fileExtension: transformer.fileExtension)
    self.coding = ItemCoding(transformer: transformer)
  }

  /// The file that holds (or would hold) the item with `id`.
  public nonisolated func fileURL(for id: Item.ID) -> URL {
    store.fileURL(forKey: coding.key(for: id))
  }

  public func create(_ item: Item) throws {
    guard try write(item, mode: .create) else {
      throw coding.error(.alreadyExists, id: item.id, location: fileURL(for: item.id).path)
    }
  }

  public func read(id: Item.ID) throws -> Item {
    let path = fileURL(for: id).path
    let data: Data?
    do {
      data = try store.read(key: coding.key(for: id))
    } catch {
      throw storageFailure(error, id: id)
    }
    guard let data else { throw coding.error(.notFound, id: id, location: path) }
    return try coding.decode(data, location: path, expectedID: id)
  }

  public func update(_ item: Item) throws {
    guard try write(item, mode: .replace) else {
      throw coding.error(.notFound, id: item.id, location: fileURL(for: item.id).path)
    }
  }

  public func upsert(_ item: Item) throws {
    try write(item, mode: .upsert)
  }

  public func delete(id: Item.ID) throws {
    let removed: Bool
    do {
      removed = try store.remove(key: coding.key(for: id))
    } catch {
      throw storageFailure(error, id: id)
    }
    guard removed else { throw coding.error(.notFound, id: id, location: fileURL(for: id).path) }
  }

  public func all() throws -> [Item] {
    do {
      var items: [Item] = []
      for file in try store.itemFiles() {
        guard let data = try store.read(file: file) else { continue }
        items.append(try coding.decode(data, location: file.path, expectedID: nil))
      }
      return items
    } catch let error as FileStoreError {
      throw storageFailure(error, id: nil)
    }
  }

  @discardableResult
  private func write(_ item: Item, mode: FileStore.WriteMode) throws(RepositoryError) -> Bool {
    let data = try coding.encode(item, location: fileURL(for: item.id).path)
    do {
      return try store.write(data, key: coding.key(for: item.id), mode: mode)
    } catch {
      throw storageFailure(error, id: item.id)
    }
  }

  private nonisolated func storageFailure(_ error: FileStoreError, id: Item.ID?)
    -> RepositoryError
  {
    RepositoryError(
      code: .storageFailure, itemType: coding.itemType, id: id.map(coding.key(for:)),
      location: error.path, underlyingError: error.underlying)
  }
}
