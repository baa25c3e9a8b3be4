import CSQLite

extension ReadTransaction {
  /// The columns of the table (or view) `table`, in their order in the table.
  ///
  /// ```swift
  /// let columns = try db.read { try $0.columns(in: "books") }
  /// // [ColumnInfo(name: "id", type: "INTEGER", isNotNull: true, defaultValue: nil,
  /// //             primaryKeyIndex: 1), …]
  /// ```
  ///
  /// Names compare as SQLite compares them, ignoring the case of ASCII letters.
  ///
  /// - Throws: ``SQLiteError`` ("no such table") when the main database has no table or view
  ///   named `table`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_table_info>
  public func columns(in table: String) throws -> [ColumnInfo] {
    if let catalog = try postgresCatalog(checking: table) { return try catalog.columns(in: table) }
    try checkTableExists(table)
    let statement = try checkedConnection.cachedStatement(
      #"SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info(?1) "#
        + #"ORDER BY "cid""#)
    return try statement.withReset { statement in
      try statement.bind(table, at: 1)
      var columns: [ColumnInfo] = []
      while try statement.step() {
        let row = Row(statement: statement, number: columns.count + 1)
        columns.append(
          ColumnInfo(
            name: try row.decode(at: 0), type: try row.decode(at: 1),
            isNotNull: try row.decode(at: 2), defaultValue: try row.decode(at: 3),
            primaryKeyIndex: try row.decode(at: 4)))
      }
      return columns
    }
  }

  /// The indexes of the table `table`, sorted by name, including those SQLite makes for
  /// `UNIQUE` and `PRIMARY KEY` constraints.
  ///
  /// ```swift
  /// let indexes = try db.read { try $0.indexes(on: "covers") }
  /// let uniqueColumns = indexes.filter(\.isUnique).map(\.columns)   // [["book_id"]]
  /// ```
  ///
  /// A rowid table's `INTEGER PRIMARY KEY` is the rowid itself, not an index, so it is not
  /// listed.
  ///
  /// - Throws: ``SQLiteError`` ("no such table") when the main database has no table `table`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_index_list>
  public func indexes(on table: String) throws -> [IndexInfo] {
    if let catalog = try postgresCatalog(checking: table) { return try catalog.indexes(on: table) }
    try checkTableExists(table)
    let statement = try checkedConnection.cachedStatement(
      #"SELECT "list"."name", "list"."unique", "info"."name" "#
        + #"FROM pragma_index_list(?1) AS "list" JOIN pragma_index_info("list"."name") AS "info" "#
        + #"ORDER BY "list"."name", "info"."seqno""#)
    return try statement.withReset { statement in
      try statement.bind(table, at: 1)
      var indexes: [IndexInfo] = []
      var number = 0
      while try statement.step() {
        number += 1
        let row = Row(statement: statement, number: number)
        let name: String = try row.decode(at: 0)
        let column: String? = try row.decode(at: 2)
        if let last = indexes.last, last.name == name {
          indexes[indexes.count - 1] = IndexInfo(
            name: name, columns: last.columns + (column.map { [$0] } ?? []),
            isUnique: last.isUnique)
        } else {
          indexes.append(
            IndexInfo(
              name: name, columns: column.map { [$0] } ?? [], isUnique: try row.decode(at: 1)))
        }
      }
      return indexes
    }
  }

  /// The foreign keys of the table `table`, in the order SQLite reports them.
  ///
  /// ```swift
  /// let keys = try db.read { try $0.foreignKeys(on: "reviews") }
  /// // [ForeignKeyInfo(destinationTable: "books", columns: ["book_id"],
  /// //                 destinationColumns: ["id"], onDelete: .cascade, onUpdate: .noAction)]
  /// ```
  ///
  /// - Throws: ``SQLiteError`` ("no such table") when the main database has no table `table`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/pragma.html#pragma_foreign_key_list>
  public func foreignKeys(on table: String) throws -> [ForeignKeyInfo] {
    if let catalog = try postgresCatalog(checking: table) {
      return try catalog.foreignKeys(on: table)
    }
    try checkTableExists(table)
    let statement = try checkedConnection.cachedStatement(
      #"SELECT "id", "table", "from", "to", "on_delete", "on_update" "#
        + #"FROM pragma_foreign_key_list(?1) ORDER BY "id", "seq""#)
    // (id, destination, columns, destination columns or nil, on delete, on update)
    var keys: [(Int, String, [String], [String?], String, String)] = []
    try statement.withReset { statement in
      try statement.bind(table, at: 1)
      var number = 0
      while try statement.step() {
        number += 1
        let row = Row(statement: statement, number: number)
        let id: Int = try row.decode(at: 0)
        let from: String = try row.decode(at: 2)
        let to: String? = try row.decode(at: 3)
        if let last = keys.last, last.0 == id {
          keys[keys.count - 1].2.append(from)
          keys[keys.count - 1].3.append(to)
        } else {
          keys.append(
            (id, try row.decode(at: 1), [from], [to], try row.decode(at: 4), try row.decode(at: 5)))
        }
      }
    }
    return try keys.map { _, destination, columns, destinationColumns, onDelete, onUpdate in
      // `REFERENCES "books"` without columns means the destination's primary key.
      let resolved =
        destinationColumns.contains(nil)
        ? try self.columns(in: destination).filter { $0.primaryKeyIndex > 0 }
          .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
        : destinationColumns.compactMap { $0 }
      return ForeignKeyInfo(
        destinationTable: destination, columns: columns, destinationColumns: resolved,
        onDelete: ForeignKeyAction(sql: onDelete) ?? .noAction,
        onUpdate: ForeignKeyAction(sql: onUpdate) ?? .noAction)
    }
  }

  /// Throws "no such table" unless the main database has a table or view named `table`: the
  /// pragmas answer no rows for a misspelled name, which would read as "no columns".
  private func checkTableExists(_ table: String) throws {
    let statement = try checkedConnection.cachedStatement(
      "SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE")
    let exists = try statement.withReset { statement in
      try statement.bind(table, at: 1)
      return try statement.step()
    }
    guard exists else {
      throw SQLiteError(code: SQLITE_ERROR, message: "no such table: \(table)")
    }
  }
}
