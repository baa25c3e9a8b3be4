// How each association loads its rows for many owners at once: one query for all of them
// (split only past SQLite's parameter limit), whatever the number of owners.

extension BelongsTo: IncludableAssociation {
  /// - Throws: ``RecordNotFoundError`` when a referenced row is missing (foreign keys off).
  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Target] {
    let targets = try db.referencedRows(Target.self, keys: owners.map(foreignKey))
    return try owners.map { owner in
      guard let target = targets[foreignKey(owner)] else {
        throw RecordNotFoundError(table: Target.table.name)
      }
      return target
    }
  }
}

extension OptionalBelongsTo: IncludableAssociation {
  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Target?] {
    let targets = try db.referencedRows(Target.self, keys: owners.compactMap(foreignKey))
    return owners.map { owner in foreignKey(owner).flatMap { targets[$0] } }
  }
}

extension HasMany: IncludableAssociation {
  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [[Target]] {
    try db.referencingRows(of: owners, column: column, key: key, refinement: refinement)
  }
}

extension HasOne: IncludableAssociation {
  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [Target?] {
    let groups: [[Target]] = try db.referencingRows(
      of: owners, column: column, key: key, refinement: refinement)
    return groups.map(\.first)
  }
}

extension HasManyThrough: IncludableAssociation {
  public func loadIncluded(
    for owners: [Owner], refinement: IncludingRefinement, in db: ReadTransaction
  ) throws -> [[Target]] {
    let table = SQLIdentifier.quote(Target.table.name)
    let link = SQLIdentifier.quote(Link.table.name)
    let ownerColumn = link + "." + SQLIdentifier.quote(self.ownerColumn)
    let targetColumn = link + "." + SQLIdentifier.quote(self.targetColumn)
    let key = table + "." + SQLIdentifier.quote(Target.table.keyColumnName)
    let prefix =
      "SELECT \(ReadTransaction.qualifiedColumns(Target.table)), \(ownerColumn) FROM \(table)"
      + " JOIN \(link) ON \(targetColumn) = \(key)"
    return try db.groupedRows(
      owners, key: self.key, everyRow: refinement.ownersAreEveryRow, sql: prefix,
      keyColumn: ownerColumn,
      clauses: refinement.targetClauses(in: db.checkedConnection.dialect))
  }
}

extension ReadTransaction {
  /// The rows of `Target` whose `column` holds each owner's key, one array per owner.
  func referencingRows<Owner: TableRecord, Target: TableRecord>(
    of owners: [Owner], column: String, key: (Owner) -> Owner.PrimaryKey?,
    refinement: IncludingRefinement
  ) throws -> [[Target]] where Owner.PrimaryKey: Hashable & DatabaseValueConvertible {
    let table = SQLIdentifier.quote(Target.table.name)
    let column = table + "." + SQLIdentifier.quote(column)
    let prefix = "SELECT \(Self.qualifiedColumns(Target.table)), \(column) FROM \(table)"
    return try groupedRows(
      owners, key: key, everyRow: refinement.ownersAreEveryRow, sql: prefix, keyColumn: column,
      clauses: refinement.targetClauses(in: checkedConnection.dialect))
  }
}
