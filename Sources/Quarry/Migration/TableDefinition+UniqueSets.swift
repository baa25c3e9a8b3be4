extension TableDefinition {
  /// Every set of columns whose values a rebuild's copy must keep unique: the primary key
  /// first (when there is one), then each unique column, then each unique index.
  var uniqueColumnSets: [(names: [String], isPrimaryKey: Bool)] {
    let keyNames = primaryKeyPositions.map { columns[$0].name }
    var sets: [(names: [String], isPrimaryKey: Bool)] = []
    if !keyNames.isEmpty { sets.append((keyNames, true)) }
    sets += columns.filter(\.isUnique).map { ([$0.name], false) }
    sets += indexes.filter(\.isUnique).map { ($0.columns, false) }
    return sets
  }
}
