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
  /// - Returns: the tables that got a trigger now, and the errors of those that could not get
  ///   one (the role does not own them), whose observers must end: they would never hear of
  ///   other clients' commits. Commits between the reads that named the triggered tables and
  ///   the trigger were not announced, so the caller reads them again before publishing (the
  ///   trigger's creation waits for the transactions writing those tables, so a read after it
  ///   sees them, and every later commit is announced).
  func ensureChangeTriggers(for regions: ArraySlice<(ObjectIdentifier, DatabaseRegion)>)
    -> (triggered: Set<String>, failures: [String: ChangeTriggerError])
  {
    guard let postgresObservation, !regions.isEmpty else { return ([], [:]) }
    let names = postgresObservation.takeUnchecked(regions.lazy.flatMap { $0.1.tables })
    guard !names.isEmpty else { return ([], [:]) }
    if let triggered = try? write({ try $0.installMissingChangeTriggers(on: names) }) {
      return (triggered, [:])
    }
    // One table at a time, so that the tables this role can give a trigger get theirs and
    // only the observers of the others end.
    var triggered: Set<String> = []
    var failures: [String: ChangeTriggerError] = [:]
    for name in names {
      do {
        triggered.formUnion(try write { try $0.installMissingChangeTriggers(on: [name]) })
      } catch {
        failures[name] = ChangeTriggerError(table: name, underlying: error)
      }
    }
    // Checked again next time: a later observer of the table must be told too.
    postgresObservation.forgetChecks(of: failures.keys)
    return (triggered, failures)
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
