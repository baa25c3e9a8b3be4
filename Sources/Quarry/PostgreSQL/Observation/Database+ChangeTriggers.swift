extension Database {
  /// The watcher of other processes' commits for `file`, started with its first observer: on
  /// PostgreSQL the LISTEN connection, on a SQLite file the `data_version` poller (nil when
  /// polling is off).
  func makeExternalChangeWatcher(for file: ObservedFile) -> (any ExternalChangeWatcher)? {
    if let postgresObservation {
      return postgresObservation.makeListener(for: file, database: self)
    }
    guard let interval = externalChangePollInterval else { return nil }
    return ExternalChangePoller(database: self, interval: interval, file: file)
  }

  /// Makes sure the tables the `regions` name have Quarry's change trigger (PostgreSQL only; a
  /// no-op on SQLite), for tables made with your own SQL rather than `migrate`.
  ///
  /// Each name is checked once per `Database` (again after a table was created, dropped or
  /// altered).
  ///
  /// - Returns: the tables that got a trigger now. Commits between the reads that named them and
  ///   the trigger were not announced, so the caller reads them again before publishing (the
  ///   trigger's creation waits for the transactions writing those tables, so a read after it
  ///   sees them, and every later commit is announced).
  func ensureChangeTriggers(for regions: ArraySlice<(ObjectIdentifier, DatabaseRegion)>)
    -> Set<String>
  {
    guard let postgresObservation, !regions.isEmpty else { return [] }
    let names = postgresObservation.takeUnchecked(regions.lazy.flatMap { $0.1.tables })
    guard !names.isEmpty else { return [] }
    return (try? write { try $0.installMissingChangeTriggers(on: names) }) ?? []
  }
}

extension WriteTransaction {
  /// Gives each table among `tables` that has no Quarry change trigger one (names that are not
  /// tables are ignored); nil means every table of the schemas on the search path. Does nothing
  /// on SQLite, whose observation needs no trigger.
  ///
  /// - Returns: the number of triggers created.
  /// - Throws: ``PostgresError`` when a trigger cannot be created (the role may not own the
  ///   table).
  @discardableResult
  func installChangeTriggers(on tables: [String]?) throws -> Int {
    try installMissingChangeTriggers(on: tables).count
  }

  /// ``installChangeTriggers(on:)``, returning the tables that got a trigger.
  func installMissingChangeTriggers(on tables: [String]?) throws -> Set<String> {
    let connection = checkedConnection
    guard let postgres = connection.postgres else { return [] }
    let states = try postgres.execute(PostgresChangeTriggers.tableTriggerStates, reporting: true)
    var missing: [String] = []
    let wanted = tables.map(Set.init)
    for row in 0..<states.rowCount {
      guard let table = states.text(row: row, column: 0),
        states.text(row: row, column: 1) == "f", wanted?.contains(table) ?? true
      else { continue }
      missing.append(table)
    }
    guard !missing.isEmpty else { return [] }
    try postgres.execute(PostgresChangeTriggers.createFunction, reporting: true)
    for table in missing.sorted() {
      try postgres.execute(PostgresChangeTriggers.createTrigger(on: table), reporting: true)
    }
    return Set(missing)
  }
}
