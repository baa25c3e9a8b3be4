/// The prepared statements of one owned child table on one connection.
final class OwnedTableStatements {
  enum Kind: Int, CaseIterable {
    case insert, deleteByOwner, deleteFromPosition, selectAll
  }

  private let table: OwnedTable
  private var prepared: [Statement?] = Array(repeating: nil, count: Kind.allCases.count)

  init(table: OwnedTable) {
    self.table = table
  }

  /// The statement of `kind`, compiled on first use.
  func statement(_ kind: Kind, on connection: Connection) throws -> Statement {
    if let statement = prepared[kind.rawValue] { return statement }
    let sql: String
    switch kind {
    case .insert: sql = table.insertSQL
    case .deleteByOwner: sql = table.deleteByOwnerSQL
    case .deleteFromPosition: sql = table.deleteFromPositionSQL
    case .selectAll: sql = table.selectAllSQL
    }
    let statement = try connection.makeStatement(sql)
    statement.tableName = table.definition.name
    prepared[kind.rawValue] = statement
    return statement
  }

  var hasBusyStatements: Bool {
    prepared.contains { $0?.isBusy ?? false }
  }
}
