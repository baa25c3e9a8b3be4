/// Items in a dictionary, for tests and previews; nothing survives the process.
///
/// ```swift
/// let birds: any CRUDRepository<Bird> = InMemoryRepository<Bird>()
/// try await birds.create(robin)
/// ```
///
/// ``all()`` returns items in the order they were first stored.
public actor InMemoryRepository<Item: Identifiable & Sendable>: CRUDRepository
where Item.ID: Sendable {
  private var items: [Item.ID: Item] = [:]
  private var order: [Item.ID] = []

  /// Makes a repository holding `items` (later duplicates replace earlier ones).
  public init(_ items: [Item] = []) {
    for item in items {
      if self.items.updateValue(item, forKey: item.id) == nil { order.append(item.id) }
    }
  }

  public func create(_ item: Item) throws {
    guard items[item.id] == nil else { throw error(.alreadyExists, id: item.id) }
    items[item.id] = item
    order.append(item.id)
  }

  public func read(id: Item.ID) throws -> Item {
    guard let item = items[id] else { throw error(.notFound, id: id) }
    return item
  }

  public func update(_ item: Item) throws {
    guard items[item.id] != nil else { throw error(.notFound, id: item.id) }
    items[item.id] = item
  }

  public func upsert(_ item: Item) {
    if items.updateValue(item, forKey: item.id) == nil { order.append(item.id) }
  }

  public func delete(id: Item.ID) throws {
    guard items.removeValue(forKey: id) != nil else { throw error(.notFound, id: id) }
    order.removeAll { $0 == id }
  }

  public func all() -> [Item] {
    order.compactMap { items[$0] }
  }

  private func error(_ code: RepositoryError.Code, id: Item.ID) -> RepositoryError {
    RepositoryError(
      code: code, itemType: String(describing: Item.self), id: StorageKey.make(id))
  }
}
