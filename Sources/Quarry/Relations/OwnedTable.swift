/// The child table of one owned relation (`Recipe.steps` → `recipe_steps`), and its SQL.
///
/// Generated code declares one per owned property, nested ones included:
///
/// ```swift
/// static let steps = OwnedTable(
///   TableDefinition(
///     name: "recipe_steps",
///     columns: [
///       ColumnDefinition("recipe_id", .text, primaryKey: true),
///       ColumnDefinition("position", .integer, primaryKey: true),
///       ColumnDefinition("text", .text),
///     ],
///     foreignKeys: [
///       TableForeignKey(["recipe_id"], references: "recipe", columns: ["id"], onDelete: .cascade)
///     ]),
///   rootKeyColumns: 1, ownerKeyColumns: 1, hasPosition: true)
/// ```
///
/// A child row's key is its owner's key, then its position in the array (none for a to-one
/// child). The first `rootKeyColumns` columns hold the key of the persisted struct at the top
/// of the graph, so one query per table loads the children of any set of top-level rows.
public final class OwnedTable: Sendable {
  /// The table as `migrate` creates it.
  public let definition: TableDefinition
  /// How many leading columns hold the top-level row's key.
  public let rootKeyColumns: Int
  /// How many leading columns hold the owner row's key (the root's, then ancestor positions).
  public let ownerKeyColumns: Int
  /// Whether the column after the owner's key is the position in an array.
  public let hasPosition: Bool

  let insertSQL: String
  let deleteByOwnerSQL: String
  let deleteFromPositionSQL: String
  let selectAllSQL: String
  private let selectPrefix: String
  private let orderBy: String
  private let quotedNames: [String]

  /// Describes the child table `definition` of an owned relation.
  public init(
    _ definition: TableDefinition, rootKeyColumns: Int, ownerKeyColumns: Int, hasPosition: Bool
  ) {
    self.definition = definition
    self.rootKeyColumns = rootKeyColumns
    self.ownerKeyColumns = ownerKeyColumns
    self.hasPosition = hasPosition
    let table = SQLIdentifier.quote(definition.name)
    let names = definition.columns.map { SQLIdentifier.quote($0.name) }
    quotedNames = names
    insertSQL =
      "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES ("
      + names.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
    let owner = (0..<ownerKeyColumns).map { "\(names[$0]) = ?\($0 + 1)" }
      .joined(separator: " AND ")
    deleteByOwnerSQL = "DELETE FROM \(table) WHERE \(owner)"
    deleteFromPositionSQL =
      hasPosition
      ? deleteByOwnerSQL + " AND \(names[ownerKeyColumns]) >= ?\(ownerKeyColumns + 1)" : ""
    let keyCount = ownerKeyColumns + (hasPosition ? 1 : 0)
    selectPrefix = "SELECT \(names.joined(separator: ", ")) FROM \(table)"
    orderBy = " ORDER BY " + names[0..<keyCount].joined(separator: ", ")
    selectAllSQL = selectPrefix + orderBy
  }

  /// The number of key columns: the owner's key and the position.
  var keyColumnCount: Int { ownerKeyColumns + (hasPosition ? 1 : 0) }

  /// `SELECT … WHERE <root key> IN (…) ORDER BY <key>` for `count` root keys.
  func selectSQL(rootKeyCount count: Int) -> String {
    let list: String
    if rootKeyColumns == 1 {
      list = "\(quotedNames[0]) IN (" + (1...count).map { "?\($0)" }.joined(separator: ", ") + ")"
    } else {
      let columns = quotedNames[0..<rootKeyColumns].joined(separator: ", ")
      let rows = (0..<count).map { row in
        "("
          + (1...rootKeyColumns).map { "?\(row * rootKeyColumns + $0)" }
          .joined(separator: ", ") + ")"
      }
      list = "(\(columns)) IN (VALUES " + rows.joined(separator: ", ") + ")"
    }
    return selectPrefix + " WHERE " + list + orderBy
  }

  /// `UPDATE … SET <columns> WHERE <key>` for the child columns at `positions` (0-based in
  /// the child's own columns); the values bind from ?1, the key after them.
  func updateSQL(childColumns positions: [Int]) -> String {
    let offset = keyColumnCount
    let assignments = positions.enumerated()
      .map { "\(quotedNames[offset + $0.element]) = ?\($0.offset + 1)" }
    let key = (0..<keyColumnCount)
      .map { "\(quotedNames[$0]) = ?\(positions.count + $0 + 1)" }
    return "UPDATE \(SQLIdentifier.quote(definition.name)) SET "
      + assignments.joined(separator: ", ") + " WHERE " + key.joined(separator: " AND ")
  }
}
