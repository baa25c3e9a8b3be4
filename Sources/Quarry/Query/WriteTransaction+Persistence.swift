extension WriteTransaction {
  /// Inserts `value` and returns its rowid (the assigned key of an autoincrement table).
  ///
  /// ```swift
  /// let nestID = try db.write { try $0.insert(Nest(id: nil, site: "oak")) }
  /// ```
  ///
  /// `createdAt` and `updatedAt` properties are stored as ``transactionDate``; use
  /// `insert(&value)` to have them, and the assigned key, written back to the value.
  ///
  /// - Throws: ``SQLiteError`` (code 19) when the primary key or a unique column exists.
  @inlinable @discardableResult
  public func insert<T: TableRecord>(_ value: T) throws -> Int64 {
    guard T.hasTimestamps else { return try insertRow(value) }
    var stamped = value
    stamped.setTimestamps(transactionDate, inserting: true)
    return try insertRow(stamped)
  }

  /// Inserts `value`, then writes back what the database decided: the key SQLite assigned to an
  /// autoincrement key, and the ``transactionDate`` of `createdAt` and `updatedAt` properties.
  ///
  /// ```swift
  /// var author = Author(id: nil, name: "Émile Zola")
  /// try db.write { try $0.insert(&author) }
  /// print(author.id)  // Optional(1)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` (code 19) when the primary key or a unique column exists; the
  ///   value is then left as it was.
  @inlinable @discardableResult
  public func insert<T: TableRecord>(_ value: inout T) throws -> Int64 {
    var inserted = value
    if T.hasTimestamps { inserted.setTimestamps(transactionDate, inserting: true) }
    let rowID = try insertRow(inserted)
    inserted.didInsert(rowID: rowID)
    value = inserted
    return rowID
  }

  // Inlinable, with `insert(_:)`, so that each struct's insert is specialized where it is
  // called: its `bind(to:)` becomes a direct call and `hasTimestamps`, `hasOwnedChildren` fold
  // away, where the generic path called four protocol witnesses and copied the value through
  // its value witness (a tenth of a generated insert's time, perf, in-memory database). The
  // lookup and the run stay out of line, so the runtime's internals stay internal.
  @inlinable
  func insertRow<T: TableRecord>(_ value: T) throws -> Int64 {
    let statement = try insertStatement(for: T.self)
    try value.bind(to: statement)
    let rowID = try runInsert(statement, for: T.self)
    if T.hasOwnedChildren { try value.insertOwnedChildren(in: self, rowID: rowID) }
    return rowID
  }

  /// The table's cached INSERT statement.
  @usableFromInline
  func insertStatement<T: TableRecord>(for type: T.Type) throws -> Statement {
    let connection = checkedConnection
    return try connection.statements(for: type).statement(.insert, on: connection)
  }

  /// Runs the bound INSERT `statement` of `type`'s table; the new row's rowid (on PostgreSQL,
  /// the key its RETURNING clause gave).
  @usableFromInline
  func runInsert<T: TableRecord>(_ statement: Statement, for type: T.Type) throws -> Int64 {
    let connection = checkedConnection
    if _slowPath(statement.postgres != nil) {
      return try runPostgresInsert(statement, of: connection.statements(for: type), table: T.table)
    }
    try statement.execute()
    return connection.lastInsertedRowID
  }

  /// Writes every column of the row whose primary key is `value`'s.
  ///
  /// ```swift
  /// robin.wingspan = 0.3
  /// try db.write { try $0.update(robin) }
  /// ```
  ///
  /// `updatedAt` properties are stored as ``transactionDate``.
  ///
  /// - Throws: ``RecordNotFoundError`` when no row has the key, ``SQLiteError`` otherwise.
  public func update<T: TableRecord>(_ value: T) throws {
    guard T.hasTimestamps else { return try updateRow(value) }
    var stamped = value
    stamped.setTimestamps(transactionDate, inserting: false)
    try updateRow(stamped)
  }

  /// Writes every column of the row whose primary key is `value`'s, and sets `value`'s
  /// `updatedAt` properties to the ``transactionDate`` that was stored.
  ///
  /// ```swift
  /// book.title = "L'Assommoir"
  /// try db.write { try $0.update(&book) }
  /// print(book.updatedAt)  // the transaction's date
  /// ```
  ///
  /// - Throws: ``RecordNotFoundError`` when no row has the key, ``SQLiteError`` otherwise; the
  ///   value is then left as it was.
  public func update<T: TableRecord>(_ value: inout T) throws {
    var updated = value
    if T.hasTimestamps { updated.setTimestamps(transactionDate, inserting: false) }
    try updateRow(updated)
    value = updated
  }

  private func updateRow<T: TableRecord>(_ value: T) throws {
    let connection = checkedConnection
    let tableStatements = connection.statements(for: T.self)
    let statement = try tableStatements.statement(.update, on: connection)
    try value.bind(to: statement)
    try statement.execute()
    guard connection.changes > 0 else {
      throw RecordNotFoundError(table: tableStatements.tableName)
    }
    if T.hasOwnedChildren {
      try value.replaceOwnedChildren(in: self, rowID: connection.lastInsertedRowID)
    }
  }

  /// Inserts `value`, or updates the row it conflicts with: the row with its primary key, or
  /// the row with the same value in a `unique` column.
  ///
  /// ```swift
  /// try db.write { try $0.upsert(robin) }
  /// ```
  ///
  /// Runs `INSERT … ON CONFLICT (<primary key>) DO UPDATE SET …`; a table with unique columns
  /// names no conflict target, so a conflict on any of them updates the row (its key stays),
  /// as SwiftData's `.unique` and GRDB's `upsert` do. `updatedAt` properties are stored as
  /// ``transactionDate``; a row that is updated keeps its stored `createdAt`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_upsert.html>
  public func upsert<T: TableRecord>(_ value: T) throws {
    let connection = checkedConnection
    let tableStatements = connection.statements(for: T.self)
    if _slowPath(connection.postgres != nil) && T.table.hasUniqueConstraints {
      return try postgresUpsert(value, statements: tableStatements)
    }
    // A struct with owned children has the upsert return the row it wrote.
    let kind: TableStatements.Kind = T.hasOwnedChildren ? .upsertReturningRow : .upsert
    let statement = try tableStatements.statement(kind, on: connection)
    try upsert(value, with: statement)
  }

  /// Inserts `value`, or updates the row that has the same values in `columns`, which must be a
  /// `unique` column, a unique index's columns or the primary key.
  ///
  /// ```swift
  /// try db.write { tx in
  ///   try tx.upsert(author, onConflict: Author.Columns.name)
  ///   try tx.upsert(edition, onConflict: Edition.Columns.isbn, Edition.Columns.year)
  /// }
  /// ```
  ///
  /// Every other column but the primary key and `createdAt` timestamps is updated; the row
  /// keeps its key. Runs `INSERT … ON CONFLICT ("name") DO UPDATE SET …`.
  ///
  /// - Throws: ``SQLiteError`` "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE
  ///   constraint" when `columns` are not unique together; others as for ``insert(_:)``.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_upsert.html>
  public func upsert<T: TableRecord, each Value>(
    _ value: T, onConflict columns: repeat Column<T, each Value>
  ) throws {
    var names: [String] = []
    for column in repeat each columns { names.append(column.name) }
    if names.isEmpty { fatalError("upsert(_:onConflict:) needs at least one column") }
    let table = T.table
    let connection = checkedConnection
    let insert = connection.statements(for: T.self).sql(.insert)
    let updated = table.columns.indices.filter {
      !table.columns[$0].isPrimaryKey && !names.contains(table.columns[$0].name)
    }
    let target = names.map(SQLIdentifier.quote).joined(separator: ", ")
    var sql = insert + " ON CONFLICT (\(target)) DO "
    if T.hasOwnedChildren {
      sql += TableStatements.conflictAction(table, updating: updated, returningRow: true)
      sql += TableStatements.returningColumns(table)
    } else {
      sql += TableStatements.conflictAction(table, updating: updated)
      sql += connection.statements(for: T.self).returning
    }
    let statement = try connection.cachedStatement(sql)
    statement.tableName = table.name
    try upsert(value, with: statement)
  }

  /// Runs an upsert statement; for a struct with owned children it returns the row written,
  /// whose key the children are stored under.
  private func upsert<T: TableRecord>(_ value: T, with statement: Statement) throws {
    var stamped = value
    if T.hasTimestamps { stamped.setTimestamps(transactionDate, inserting: true) }
    try stamped.bind(to: statement)
    if _slowPath(statement.postgres != nil) {
      let tableStatements = checkedConnection.statements(for: T.self)
      if T.hasOwnedChildren {
        // As on SQLite below: the children go to the row written, whose key the value takes
        // (the conflict action always updates, so RETURNING has the row).
        let stored: T? = try runPostgresUpsertReturningRow(statement, of: tableStatements)
        if let stored { stamped.takePrimaryKey(from: stored) }
      } else {
        _ = try runPostgresInsert(statement, of: tableStatements, table: T.table)
      }
    } else if T.hasOwnedChildren {
      // A conflict on a unique column updates a row whose key is not the value's (and an
      // autoincrement value may have none): its children go to the row that was written, never
      // to the value's key or to the last inserted rowid. SQLite makes every change of a
      // RETURNING statement in its first step.
      let stored = try statement.withReset { statement -> T in
        guard try statement.step() else {
          preconditionFailure("an upsert with RETURNING returned no row: \(statement.sql)")
        }
        return try T(row: Row(statement: statement, number: 1))
      }
      stamped.takePrimaryKey(from: stored)
    } else {
      return try statement.execute()
    }
    if T.hasOwnedChildren {
      try stamped.replaceOwnedChildren(in: self, rowID: checkedConnection.lastInsertedRowID)
    }
  }

  /// Deletes the row with `value`'s primary key; returns whether there was one.
  ///
  /// ```swift
  /// try db.write { try $0.delete(robin) }
  /// ```
  @discardableResult
  public func delete<T: TableRecord>(_ value: T) throws -> Bool {
    let connection = checkedConnection
    let statement = try connection.statements(for: T.self).statement(.delete, on: connection)
    try value.bindPrimaryKey(to: statement, at: 1)
    try statement.execute()
    return connection.changes > 0
  }

  /// Deletes the row whose primary key is `id`; returns whether there was one.
  ///
  /// ```swift
  /// let deleted = try db.write { try $0.delete(Bird.self, id: robinID) }
  /// ```
  @discardableResult
  public func delete<T: TableRecord>(_ type: T.Type, id: T.PrimaryKey) throws -> Bool {
    let connection = checkedConnection
    let statement = try connection.statements(for: T.self).statement(.delete, on: connection)
    try T.bind(primaryKey: id, to: statement, at: 1)
    try statement.execute()
    return connection.changes > 0
  }

  /// Deletes the rows matching `condition` (all rows when nil); returns how many went: a
  /// shorthand for `deleteAll(T.all().filter(condition))`.
  ///
  /// ```swift
  /// let removed = try db.write {
  ///   try $0.deleteAll(Bird.self, where: Bird.Columns.kind == .raptor)
  /// }
  /// ```
  @discardableResult
  public func deleteAll<T: TableRecord>(_ type: T.Type, where condition: SQLExpression<T>? = nil)
    throws -> Int
  {
    let query = condition.map { T.all().filter($0) } ?? T.all()
    return try deleteAll(query)
  }

  /// Writes the changed columns of `record`, then clears its changes; does nothing when none
  /// changed.
  ///
  /// ```swift
  /// let record = BirdTranslator.record(from: robin)
  /// record.name = "European robin"
  /// try db.write { try $0.save(record) }   // UPDATE "birds" SET "name" = ?1 WHERE "id" = ?2
  /// ```
  ///
  /// The row is found by the record's primary key, which therefore must not change. When
  /// columns changed, the record's `updatedAt` properties are set to ``transactionDate`` and
  /// written with them, as `update` does; a save that changes only owned children, or nothing,
  /// leaves them.
  ///
  /// - Throws: ``RecordNotFoundError`` when no row has the record's key,
  ///   ``PrimaryKeyChangeError`` when the key itself changed.
  public func save<R: PersistableRecord>(_ record: R) throws {
    var changed = record.changedColumns
    guard !changed.isEmpty else {
      if R.Value.hasOwnedChildren { try record.saveOwnedChildren(in: self) }
      return
    }
    let connection = checkedConnection
    let table = R.Value.table
    guard !changed.contains(where: { table.columns[$0].isPrimaryKey }) else {
      throw PrimaryKeyChangeError(table: table.name)
    }
    if R.Value.hasTimestamps {
      record.setUpdatedTimestamps(transactionDate)
      changed = record.changedColumns
    }
    let quote = SQLIdentifier.quote
    let assignments = changed.enumerated()
      .map { "\(quote(table.columns[$0.element].name)) = ?\($0.offset + 1)" }
    let keyCondition = table.primaryKeyPositions.enumerated()
      .map { "\(quote(table.columns[$0.element].name)) = ?\(changed.count + $0.offset + 1)" }
    let sql =
      "UPDATE \(quote(table.name)) SET \(assignments.joined(separator: ", "))"
      + " WHERE \(keyCondition.joined(separator: " AND "))"
    let statement = try connection.cachedStatement(sql)
    for (offset, column) in changed.enumerated() {
      try record.bindColumn(column, to: statement, at: Int32(offset + 1))
    }
    try record.bindPrimaryKey(to: statement, at: Int32(changed.count + 1))
    try statement.execute()
    guard connection.changes > 0 else { throw RecordNotFoundError(table: table.name) }
    record.clearChanges()
    if R.Value.hasOwnedChildren { try record.saveOwnedChildren(in: self) }
  }

  /// Runs SQL that returns no rows, such as DDL in a migration.
  ///
  /// ```swift
  /// try db.write {
  ///   try $0.execute(#"UPDATE "birds" SET "name" = ? WHERE "name" = ?"#,
  ///                  arguments: ["Robin", "robin"])
  /// }
  /// ```
  ///
  /// Pass values as `arguments`, never inside `sql`.
  public func execute(_ sql: String, arguments: [any DatabaseValueConvertible] = []) throws {
    let statement = try checkedConnection.cachedStatement(sql)
    try ReadTransaction.bind(arguments, to: statement)
    try statement.execute()
  }
}
