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
  /// Each name is checked once per `Database`. When a trigger had to be created, commits made
  /// between the observer's read and the trigger were not announced, so every observer fetches
  /// again.
  func ensureChangeTriggers(for regions: ArraySlice<(ObjectIdentifier, DatabaseRegion)>) {
    guard let postgresObservation, !regions.isEmpty else { return }
    let names = postgresObservation.takeUnchecked(regions.lazy.flatMap { $0.1.tables })
    guard !names.isEmpty else { return }
    let created = try? write { try $0.installChangeTriggers(on: names) }
    if let created, created > 0 { observedFile.didCommitElsewhere() }
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
    let connection = checkedConnection
    guard let postgres = connection.postgres else { return 0 }
    let states = try postgres.execute(PostgresChangeTriggers.tableTriggerStates, reporting: true)
    var missing: [String] = []
    let wanted = tables.map(Set.init)
    for row in 0..<states.rowCount {
      guard let table = states.text(row: row, column: 0),
        states.text(row: row, column: 1) == "f", wanted?.contains(table) ?? true
      else { continue }
      missing.append(table)
    }
    guard !missing.isEmpty else { return 0 }
    try postgres.execute(PostgresChangeTriggers.createFunction, reporting: true)
    for table in missing.sorted() {
      try postgres.execute(PostgresChangeTriggers.createTrigger(on: table), reporting: true)
    }
    return missing.count
  }
}
