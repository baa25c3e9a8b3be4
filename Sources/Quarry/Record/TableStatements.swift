/// The SQL of one table's record operations, and their prepared statements on one connection.
///
/// Parameters are numbered by column position (`?1` is the first column), so INSERT, UPDATE
/// and UPSERT all take the values from the record's single `bind(to:)`.
final class TableStatements {
  enum Kind: Int, CaseIterable {
    case insert, update, upsert, delete, selectByKey, selectAll, count
    /// The upsert of a struct with owned children: it returns the row written.
    case upsertReturningRow
    /// On PostgreSQL, for tables with unique columns: the UPDATE half of an upsert (see
    /// `TableStatements+Postgres.swift`).
    case upsertUpdate
    /// On PostgreSQL, for an autoincrement table with one unique column set: the upsert of a
    /// value without a key, `ON CONFLICT (<unique columns>)` (see `TableStatements+Postgres.swift`).
    case upsertOnUnique
  }

  let tableName: String
  let columnCount: Int
  /// The `SELECT <columns> FROM <table>` that queries extend with WHERE, ORDER BY and LIMIT.
  let selectPrefix: String
  let countPrefix: String
  private let sqlByKind: [String]
  // Unchecked: one connection uses it at a time, and no access overlaps another; the dynamic
  // exclusivity check cost about 85 instructions per statement lookup, 1% of an insert.
  @exclusivity(unchecked) private var prepared: [Statement?]

  /// The autoincrement key's position, on PostgreSQL, where the insert returns the key (SQLite
  /// reads it as the rowid).
  let returnedKeyPosition: Int?

  /// Whether the table has the ``Kind/upsertOnUnique`` statement.
  let hasUpsertOnUnique: Bool

  /// The statements of `table`, in PostgreSQL's spelling when `postgres` (see
  /// `TableStatements+Postgres.swift`); `returnsWrittenRow` (a struct with owned children) has
  /// PostgreSQL's upserts return every column of the row written, whose key the children take.
  init(table: TableDefinition, postgres: Bool = false, returnsWrittenRow: Bool = false) {
    let quotedTable = SQLIdentifier.quote(table.name)
    let names = table.columns.map { SQLIdentifier.quote($0.name) }
    let parameters = table.columns.indices.map { "?\($0 + 1)" }
    let keyPositions = table.primaryKeyPositions
    let keyCondition = keyPositions.map { "\(names[$0]) = ?\($0 + 1)" }
      .joined(separator: " AND ")
    // For delete and fetch by key, the key alone is bound, from ?1 on.
    let keyOnlyCondition = keyPositions.enumerated()
      .map { "\(names[$0.element]) = ?\($0.offset + 1)" }.joined(separator: " AND ")
    var valuePositions = table.columns.indices.filter { !keyPositions.contains($0) }
    if valuePositions.isEmpty { valuePositions = keyPositions }

    let columnList = names.joined(separator: ", ")
    let keyPosition = postgres ? Self.autoincrementPosition(table) : nil
    var values = parameters
    if let keyPosition { values[keyPosition] = Self.generatedKey(table, at: keyPosition) }
    let insert =
      "INSERT INTO \(quotedTable) (\(columnList)) VALUES ("
      + values.joined(separator: ", ") + ")"
    let assignments = valuePositions.map { "\(names[$0]) = ?\($0 + 1)" }
      .joined(separator: ", ")
    let update = "UPDATE \(quotedTable) SET \(assignments) WHERE \(keyCondition)"
    let conflictAction = Self.conflictAction(
      table, updating: keyPositions.count == table.columns.count ? [] : valuePositions)
    // With a unique column besides the key, the clause names no target, so a row that
    // conflicts on either is updated (as SwiftData's `.unique` and GRDB do), not refused.
    let conflictTarget =
      table.hasUniqueConstraints
      ? "" : " (" + keyPositions.map { names[$0] }.joined(separator: ", ") + ")"
    let upsert = insert + " ON CONFLICT\(conflictTarget) DO \(conflictAction)"
    let upsertReturningRow =
      insert + " ON CONFLICT\(conflictTarget) DO "
      + Self.conflictAction(
        table, updating: keyPositions.count == table.columns.count ? [] : valuePositions,
        returningRow: true) + Self.returningColumns(table)
    returnedKeyPosition = keyPosition
    returning = Self.returning(table, keyPosition)

    tableName = table.name
    columnCount = table.columns.count
    selectPrefix = "SELECT \(columnList) FROM \(quotedTable)"
    countPrefix = "SELECT COUNT(*) FROM \(quotedTable)"
    var sqlByKind = Array(repeating: "", count: Kind.allCases.count)
    sqlByKind[Kind.insert.rawValue] = insert
    sqlByKind[Kind.update.rawValue] = update
    sqlByKind[Kind.upsert.rawValue] = upsert
    sqlByKind[Kind.delete.rawValue] = "DELETE FROM \(quotedTable) WHERE \(keyOnlyCondition)"
    sqlByKind[Kind.selectByKey.rawValue] = selectPrefix + " WHERE \(keyOnlyCondition)"
    sqlByKind[Kind.selectAll.rawValue] = selectPrefix
    sqlByKind[Kind.count.rawValue] = countPrefix
    sqlByKind[Kind.upsertReturningRow.rawValue] = upsertReturningRow
    let onUnique = postgres ? Self.upsertOnUniqueTarget(table, keyPosition: keyPosition) : nil
    hasUpsertOnUnique = onUnique != nil
    if postgres {
      let returningWritten = returnsWrittenRow ? Self.returningColumns(table) : returning
      sqlByKind[Kind.upsertUpdate.rawValue] =
        Self.upsertUpdate(table, updating: valuePositions) + returningWritten
      if let onUnique {
        sqlByKind[Kind.upsertOnUnique.rawValue] =
          insert + " ON CONFLICT (\(onUnique)) DO "
          + Self.conflictAction(table, updating: valuePositions, returningRow: true)
          + returningWritten
      }
    }
    self.sqlByKind = sqlByKind
    prepared = Array(repeating: nil, count: Kind.allCases.count)
  }

  /// `UPDATE SET "a" = excluded."a", …` over the columns at `positions`, leaving out the
  /// `createdAt` timestamps (the stored creation date stays); `NOTHING` when none is left.
  ///
  /// With `returningRow`, `NOTHING` becomes an assignment of the first key column to itself,
  /// which changes nothing: `DO NOTHING` would return no row, and the caller needs the row that
  /// conflicted.
  static func conflictAction(
    _ table: TableDefinition, updating positions: [Int], returningRow: Bool = false
  ) -> String {
    let assigned = positions.filter { table.columns[$0].timestamp != .createdAt }
    guard !assigned.isEmpty else {
      guard returningRow, let key = table.primaryKeyPositions.first else { return "NOTHING" }
      let name = SQLIdentifier.quote(table.columns[key].name)
      // Qualified: PostgreSQL finds a bare name ambiguous between the row and `excluded`.
      return "UPDATE SET \(name) = \(SQLIdentifier.quote(table.name)).\(name)"
    }
    return "UPDATE SET "
      + assigned.map {
        let name = SQLIdentifier.quote(table.columns[$0].name)
        return "\(name) = excluded.\(name)"
      }.joined(separator: ", ")
  }

  /// ` RETURNING "a", "b", …`: every column of the row written, in table order.
  static func returningColumns(_ table: TableDefinition) -> String {
    " RETURNING " + table.columns.map { SQLIdentifier.quote($0.name) }.joined(separator: ", ")
  }

  /// The SQL of `kind` (an insert without its RETURNING clause).
  func sql(_ kind: Kind) -> String { sqlByKind[kind.rawValue] }

  /// ` RETURNING "<key>"` for an autoincrement table on PostgreSQL, where the insert returns
  /// the key SQLite reads as the rowid; empty otherwise.
  let returning: String

  /// The prepared statement of `kind`, compiled on first use.
  func statement(_ kind: Kind, on connection: Connection) throws -> Statement {
    if let statement = prepared[kind.rawValue] { return statement }
    let sql = sqlByKind[kind.rawValue]
    // The UPDATE half of a PostgreSQL upsert leaves some columns out, but the record binds all.
    let statement = try connection.makeStatement(
      kind == .insert || kind == .upsert ? sql + returning : sql,
      parameterCount: kind == .upsertUpdate ? columnCount : nil)
    statement.tableName = tableName
    prepared[kind.rawValue] = statement
    return statement
  }

  var hasBusyStatements: Bool {
    prepared.contains { $0?.isBusy ?? false }
  }
}
