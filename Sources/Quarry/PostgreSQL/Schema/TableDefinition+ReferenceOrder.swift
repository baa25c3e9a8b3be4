extension TableDefinition {
  /// `tables` reordered so that each comes after the tables its foreign keys refer to, keeping
  /// the given order otherwise: PostgreSQL refuses a reference to a table that does not exist
  /// yet, where SQLite checks references only when rows are written. A cycle is broken at its
  /// first table in the given order; references to itself or to tables not listed are ignored.
  ///
  /// ```swift
  /// TableDefinition.referencedFirst([Bird.table, Nest.table]).map(\.name)  // ["nests", "birds"]
  /// ```
  static func referencedFirst(_ tables: [TableDefinition]) -> [TableDefinition] {
    let known = Set(tables.map(\.name))
    var placed = Set<String>()
    var remaining = tables
    var ordered: [TableDefinition] = []
    while !remaining.isEmpty {
      let ready =
        remaining.firstIndex { table in
          table.referencedTables.allSatisfy {
            $0 == table.name || !known.contains($0) || placed.contains($0)
          }
        } ?? 0
      let table = remaining.remove(at: ready)
      placed.insert(table.name)
      ordered.append(table)
    }
    return ordered
  }

  /// The tables this one's foreign keys refer to.
  var referencedTables: Set<String> {
    Set(columns.compactMap { $0.references?.table } + foreignKeys.map(\.table))
  }
}
