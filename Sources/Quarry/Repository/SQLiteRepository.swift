import Foundation

/// Items as rows of their own table, through the typed code `quarry` generates: real columns
/// you can query, index and migrate, not an encoded blob per id as in the seed.
///
/// ```swift
/// let db = try Database(path: "birds.sqlite")
/// try db.migrate(Bird.self)
/// let birds: any CRUDRepository<Bird> = SQLiteRepository<Bird>(db)
/// try await birds.create(robin)
/// let sameRobin = try await birds.read(id: robin.id)
/// ```
///
/// The table must exist (`db.migrate`). Each change is one transaction on the database's serial
/// writer, so `create`'s existence check and its `INSERT` cannot be interleaved with another
/// write, from this repository or any other code using `db`. ``all()`` is in primary key order.
/// Items whose id is an autoincrement `Int64?` do not fit, since `Item.ID` must be the primary
/// key type. String ids compare byte by byte, as SQLite `TEXT` does: unlike the other backends,
/// "é" composed and decomposed are two ids here.
///
/// SQL failures become ``RepositoryError/storageFailure`` and rows that do not decode
/// ``RepositoryError/corruptData``, each with the database path as `location` and SQLite's
/// error as `underlyingError`.
public struct SQLiteRepository<Item: TableRecord & Identifiable>: CRUDRepository
where Item.ID == Item.PrimaryKey {
  /// The database holding the table.
  public let database: Database
  /// `ORDER BY` the primary key column(s), so `all()` does not depend on SQLite's scan order.
  private let primaryKeyOrder: [SQLOrdering<Item>]

  /// Makes a repository over `database`, whose schema must include `Item.table`.
  public init(_ database: Database) {
    self.database = database
    let table = Item.table
    self.primaryKeyOrder = table.columns.filter(\.isPrimaryKey).map {
      SQLOrdering(
        SelectCore.Ordering(
          node: .column(table: table.name, name: $0.name), isDescending: false, nullsFirst: nil))
    }
  }

  public func create(_ item: Item) async throws {
    try await mapped {
      try checkNFC(item.id)
      return try await database.write { transaction in
        guard try transaction.fetchOne(Item.self, id: item.id) == nil else {
          throw error(.alreadyExists, id: item.id)
        }
        try transaction.insert(item)
      }
    }
  }

  public func read(id: Item.ID) async throws -> Item {
    try await mapped {
      let id = try normalized(id)
      return try await database.read { transaction in
        guard let item = try transaction.fetchOne(Item.self, id: id) else {
          throw error(.notFound, id: id)
        }
        return item
      }
    }
  }

  public func update(_ item: Item) async throws {
    try await mapped {
      try checkNFC(item.id)
      return try await database.write { transaction in
        do {
          try transaction.update(item)
        } catch is RecordNotFoundError {
          throw error(.notFound, id: item.id)
        }
      }
    }
  }

  public func upsert(_ item: Item) async throws {
    try await mapped {
      try checkNFC(item.id)
      return try await database.write { try $0.upsert(item) }
    }
  }

  public func delete(id: Item.ID) async throws {
    try await mapped {
      let id = try normalized(id)
      return try await database.write { transaction in
        guard try transaction.delete(Item.self, id: id) else { throw error(.notFound, id: id) }
      }
    }
  }

  public func all() async throws -> [Item] {
    let order = primaryKeyOrder
    return try await mapped {
      try await database.read { try $0.fetchAll(Item.self, orderBy: order) }
    }
  }

  /// Words the runtime's errors as repository errors, keeping them as `underlyingError`.
  private func mapped<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
      return try await body()
    } catch let error as RepositoryError {
      throw error
    } catch let error as RowDecodingError {
      throw RepositoryError(
        code: .corruptData, itemType: itemType, location: database.path, underlyingError: error)
    } catch {
      throw RepositoryError(
        code: .storageFailure, itemType: itemType, location: database.path,
        underlyingError: error)
    }
  }

  private var itemType: String { String(describing: Item.self) }

  // MARK: The id rule

  /// `id` with its text in Unicode NFC, so that a lookup finds the item whatever the form of
  /// its accents (the rule of every backend: ids equal as Swift compares them are one item).
  private func normalized(_ id: Item.ID) throws -> Item.ID {
    guard let text = try Self.text(of: id), !Self.isNFC(text) else { return id }
    let composed = DatabaseValue.text(text.precomposedStringWithCanonicalMapping)
    let type = Item.ID.self as? any DatabaseValueConvertible.Type
    return try type.flatMap { try $0.decode(from: composed) as? Item.ID } ?? id
  }

  /// The text a key is stored as, or nil when it is stored otherwise (integers, composites).
  private static func text(of id: Item.ID) throws -> String? {
    guard case .text(let text) = try (id as? any DatabaseValueConvertible)?.databaseValue()
    else { return nil }
    return text
  }

  private static func isNFC(_ text: String) -> Bool {
    text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars)
  }

  /// Refuses to store an item whose text id is not in NFC: SQLite compares keys byte by byte,
  /// so a decomposed `é` would become a second item beside its composed twin.
  private func checkNFC(_ id: Item.ID) throws {
    guard let text = try Self.text(of: id), !Self.isNFC(text) else { return }
    throw RepositoryError(
      code: .storageFailure, itemType: itemType, id: StorageKey.make(id),
      location: database.path, underlyingError: NonNFCIdentifier())
  }

  private func error(_ code: RepositoryError.Code, id: Item.ID) -> RepositoryError {
    RepositoryError(code: code, itemType: itemType, id: StorageKey.make(id))
  }
}

/// A text id that is not in Unicode NFC, refused by ``SQLiteRepository``.
struct NonNFCIdentifier: Error, CustomStringConvertible {
  var description: String {
    "the id is not in Unicode NFC; SQLite compares ids byte by byte, so it could become a "
      + "second item beside its composed form - store id.precomposedStringWithCanonicalMapping"
  }
}
