/// What one observed read read: the tables, and per table the columns SQLite reported.
///
/// Recorded by SQLite's authorizer while the read's statements compile (`SQLITE_READ` names a
/// table and a column; a read of no column, such as `COUNT(*)`, records an empty column name).
/// Reads through a view record the view's underlying tables.
///
/// Changes are matched by table: SQLite's update hook reports the table and row of each change,
/// not its columns, so an update of a column the read did not use still triggers a fetch (whose
/// equal result is then dropped for `Equatable` values).
struct DatabaseRegion: Sendable, Equatable {
  /// Table name → the columns read in it.
  var columnsByTable: [String: Set<String>] = [:]

  /// The tables read.
  var tables: Dictionary<String, Set<String>>.Keys { columnsByTable.keys }

  /// Adds what `other` read.
  mutating func formUnion(_ other: [String: Set<String>]) {
    for (table, columns) in other {
      columnsByTable[table, default: []].formUnion(columns)
    }
  }

  /// Whether a commit that changed `changedTables` may have changed what the read returns.
  func isModified(byChangesTo changedTables: Set<String>) -> Bool {
    // The changed set is small (the tables of one transaction): look each up.
    changedTables.contains { columnsByTable[$0] != nil }
  }
}

/// The commits not yet looked at by a fetch round: named tables, or anything (`isUnknown`) when
/// another process wrote and SQLite cannot say what it changed.
struct PendingChanges {
  private(set) var tables: Set<String> = []
  private(set) var isUnknown = false

  var isEmpty: Bool { !isUnknown && tables.isEmpty }

  mutating func add(_ changedTables: Set<String>?) {
    guard let changedTables else {
      isUnknown = true
      return
    }
    tables.formUnion(changedTables)
  }

  /// Whether these changes may have changed what a read over `region` returns.
  func affect(_ region: DatabaseRegion) -> Bool {
    isUnknown || region.isModified(byChangesTo: tables)
  }
}
