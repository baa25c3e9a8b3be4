import Foundation

/// A struct stored as the rows of one table.
///
/// Quarry's generator writes the conformance; it reads and binds columns by position, in the
/// order of `table.columns`:
///
/// ```swift
/// extension Nest: TableRecord {
///   public typealias PrimaryKey = Int64
///   public enum Columns {
///     public static let id = Column<Nest, Int64?>("id")
///     public static let site = Column<Nest, String>("site")
///   }
///   public static let table = TableDefinition(
///     name: "nests",
///     columns: [
///       ColumnDefinition("id", .integer, primaryKey: true, autoincrement: true),
///       ColumnDefinition("site", .text),
///     ])
///   public init(row: Row) throws {
///     id = try row.decode(at: 0)
///     site = try row.decode(at: 1)
///   }
///   public func bind(to statement: Statement) throws {
///     try statement.bind(id, at: 1)
///     try statement.bind(site, at: 2)
///   }
///   public func bindPrimaryKey(to statement: Statement, at index: Int32) throws {
///     try statement.bind(id, at: index)
///   }
///   public static func bind(primaryKey: Int64, to statement: Statement, at index: Int32)
///     throws
///   {
///     try statement.bind(primaryKey, at: index)
///   }
/// }
/// ```
public protocol TableRecord: Sendable {
  /// The primary key: a column's type, or a struct of the parts of a composite key.
  associatedtype PrimaryKey: Sendable

  /// The table the values are stored in.
  static var table: TableDefinition { get }

  /// Reads a value from a row whose columns are `table.columns`, in order.
  init(row: Row) throws

  /// Binds every column to the parameter of its position plus one (`?1` is the first column).
  func bind(to statement: Statement) throws

  /// Binds the primary key columns to consecutive parameters starting at `index`.
  func bindPrimaryKey(to statement: Statement, at index: Int32) throws

  /// Binds a primary key to consecutive parameters starting at `index`.
  static func bind(primaryKey: PrimaryKey, to statement: Statement, at index: Int32) throws

  /// Reads every remaining row of a query over `table.columns`.
  ///
  /// You do not implement it: Quarry's default is compiled into each conforming type, so the
  /// loop is specialized for it (a generic loop paid a metadata lookup per row).
  static func decodeRows(from statement: Statement) throws -> [Self]

  /// Whether `init(row:)` may run on several threads at once, so that ``decodeRows(from:)``
  /// decodes a large PostgreSQL result on every core (``ConcurrentRowDecoding``).
  ///
  /// ```swift
  /// static var decodesRowsConcurrently: Bool { true }
  /// ```
  ///
  /// The generator says `true` when only Quarry's own conversions run: every column a built-in
  /// type (an ISO 8601 date too) or a raw-value enum, no property wrapper, and no other stored
  /// property whose default is more than a literal. The default is `false`: a conversion you
  /// wrote may keep state.
  static var decodesRowsConcurrently: Bool { get }

  /// Reads every remaining row of a query over `table.columns` followed by an owner's key in
  /// column `keyColumn`, appending each value to `groups[p]`, where `p` is the position `owners`
  /// holds for that key; a row whose key no owner has is skipped.
  ///
  /// You do not implement it: like ``decodeRows(from:)``, the default is compiled into each
  /// conforming type. `including` a to-many association reads the associated rows with it.
  static func decodeRows(
    from statement: Statement, ownerKeyAt keyColumn: Int32, owners: StoredKeyPositions,
    into groups: inout [[Self]]
  ) throws

  /// Whether the struct has `owned` properties stored in child tables. Quarry's fetches and
  /// writes check it once per call, so structs without children keep their paths as they are.
  static var hasOwnedChildren: Bool { get }

  /// The child tables of the struct's `owned` properties (nested ones included), which
  /// `migrate` creates after the table.
  static var ownedTables: [OwnedTable] { get }

  /// The generated migrations of the table and of its owned child tables, oldest first, which
  /// `migrate` applies once each before bringing the table up to `table`.
  ///
  /// Quarry's generator lists the files it wrote under `Generated/Migrations/`; the default is
  /// none, so hand-written conformances need not declare it.
  static var migrations: [GeneratedMigration] { get }

  /// Fills the owned properties of freshly decoded `values` with one query per child table;
  /// `everyRow` says that `values` hold every row of the table, so no key filter is needed.
  static func loadOwnedChildren(_ values: inout [Self], in db: ReadTransaction, everyRow: Bool)
    throws

  /// Inserts the owned children of a value just inserted (`rowID` is its rowid, the key of an
  /// autoincrement table).
  func insertOwnedChildren(in db: WriteTransaction, rowID: Int64) throws

  /// Replaces the stored owned children of a value just updated or upserted.
  func replaceOwnedChildren(in db: WriteTransaction, rowID: Int64) throws

  /// Takes the primary key of `stored`, the row an upsert wrote: a value that conflicted on a
  /// unique column updated a row with another key, and its owned children belong to that row.
  ///
  /// The generator writes it for structs with owned children; the default ignores `stored`.
  mutating func takePrimaryKey(from stored: Self)

  /// Whether the struct has `// quarry: createdAt` or `updatedAt` properties; writes check it
  /// once per call, so other structs are bound as they are.
  static var hasTimestamps: Bool { get }

  /// Sets the `updatedAt` properties to `date`, and the `createdAt` ones too when `inserting`.
  ///
  /// The generator writes it for structs with timestamps; `insert`, `update` and `upsert` call
  /// it with the transaction's ``WriteTransaction/transactionDate``.
  mutating func setTimestamps(_ date: Date, inserting: Bool)

  /// Takes the key SQLite assigned to the row just inserted: an autoincrement key is set to
  /// `rowID`; other structs ignore it. `insert(&value)` calls it.
  mutating func didInsert(rowID: Int64)
}

extension TableRecord {
  public static var hasOwnedChildren: Bool { false }
  public static var ownedTables: [OwnedTable] { [] }
  public static var migrations: [GeneratedMigration] { [] }
  public static func loadOwnedChildren(
    _ values: inout [Self], in db: ReadTransaction, everyRow: Bool
  ) throws {}
  public func insertOwnedChildren(in db: WriteTransaction, rowID: Int64) throws {}
  public func replaceOwnedChildren(in db: WriteTransaction, rowID: Int64) throws {}
  public mutating func takePrimaryKey(from stored: Self) {}
  public static var hasTimestamps: Bool { false }
  public static var decodesRowsConcurrently: Bool { false }
  public mutating func setTimestamps(_ date: Date, inserting: Bool) {}
  public mutating func didInsert(rowID: Int64) {}
}

extension TableRecord {
  @inlinable
  public static func decodeRows(from statement: Statement) throws -> [Self] {
    guard try statement.step() else { return [] }
    if decodesRowsConcurrently {
      let rowCount = statement.knownRemainingRowCount + 1
      if rowCount >= ConcurrentRowDecoding.minimumRowCount,
        let values = try ConcurrentRowDecoding.decode(statement, rowCount: rowCount, Self.init)
      {
        return values
      }
    }
    return try decodeRows(steppedOnce: statement)
  }

  /// Every row of `statement`, which has taken its first step (and is on a row), on this
  /// thread.
  @inlinable
  static func decodeRows(steppedOnce statement: Statement) throws -> [Self] {
    var values: [Self] = []
    // PostgreSQL knows the row count after the first step: one allocation instead of ~17
    // growing copies for 100,000 rows. SQLite answers 0 and grows as before.
    let remaining = statement.knownRemainingRowCount
    if remaining > 0 { values.reserveCapacity(remaining + 1) }
    var number = 0
    repeat {
      number += 1
      values.append(try Self(row: Row(statement: statement, number: number)))
    } while try statement.step()
    return values
  }

  @inlinable
  public static func decodeRows(
    from statement: Statement, ownerKeyAt keyColumn: Int32, owners: StoredKeyPositions,
    into groups: inout [[Self]]
  ) throws {
    var number = 0
    while try statement.step() {
      number += 1
      let row = Row(statement: statement, number: number)
      guard let owner = owners.position(ofKeyAt: keyColumn, in: row) else { continue }
      groups[owner].append(try Self(row: row))
    }
  }
}
