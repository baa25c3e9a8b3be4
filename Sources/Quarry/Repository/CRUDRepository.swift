/// Create, read, update and delete for one kind of item, whatever stores it.
///
/// App code talks to this protocol only, so moving from SQLite to files, UserDefaults or memory
/// changes the one line that builds the repository. Hold a repository without naming its backend
/// as `any CRUDRepository<Bird>`:
///
/// ```swift
/// let birds: any CRUDRepository<Bird> = SQLiteRepository<Bird>(db)
/// // let birds: any CRUDRepository<Bird> = FileSystemRepository<Bird>(directory: url)
/// try await birds.create(robin)
/// var bird = try await birds.read(id: robin.id)
/// bird.name = "European robin"
/// try await birds.update(bird)
/// try await birds.delete(id: robin.id)
/// ```
///
/// Every backend is safe to share between tasks. The order of ``all()`` is stable for a given
/// backend but otherwise backend-defined (primary key, file name or insertion order).
public protocol CRUDRepository<Item>: Sendable {
  /// What the repository stores; its `id` is the key.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

  /// Stores a new item.
  ///
  /// - Throws: ``RepositoryError/alreadyExists`` when an item with the same id is stored.
  func create(_ item: Item) async throws

  /// Returns the item with the given id.
  ///
  /// - Throws: ``RepositoryError/notFound`` when there is none.
  func read(id: Item.ID) async throws -> Item

  /// Replaces the stored item that has the same id.
  ///
  /// - Throws: ``RepositoryError/notFound`` when there is none.
  func update(_ item: Item) async throws

  /// Stores the item, replacing any stored item with the same id.
  func upsert(_ item: Item) async throws

  /// Removes the item with the given id.
  ///
  /// - Throws: ``RepositoryError/notFound`` when there is none.
  func delete(id: Item.ID) async throws

  /// Returns every stored item.
  func all() async throws -> [Item]
}
