extension Database {
  /// Makes `function` callable from SQL on every connection of this database: the writer and
  /// the readers, those open now and those opened later.
  ///
  /// ```swift
  /// try db.add(function: DatabaseFunction("unaccent", argumentCount: 1, pure: true) { args in
  ///   guard case .text(let text) = args[0] else { return nil }
  ///   return text.folding(options: .diacriticInsensitive, locale: nil)
  /// })
  /// let names = try db.read {
  ///   try $0.fetchAll(String.self, literal: "SELECT unaccent(name) FROM authors ORDER BY 1")
  /// }
  /// ```
  ///
  /// Adding a function with the name and argument count of one added before replaces it.
  /// Call it outside `read` and `write` closures: it waits for the writer.
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the function (an argument count above 127,
  ///   or a statement running on the writer).
  ///
  /// Related SQLite documentation: <https://sqlite.org/appfunc.html>
  public func add(function: DatabaseFunction) throws {
    try refuseOnPostgres(
      "add(function:)",
      "a Swift closure cannot run inside the server; create the function in SQL "
        + "(CREATE FUNCTION) in a migration")
    try customize(.function(function))
  }

  /// Makes `collation` usable in `COLLATE` clauses on every connection of this database.
  ///
  /// ```swift
  /// try db.add(collation: DatabaseCollation("byLength") { a, b in
  ///   a.count == b.count ? a.compare(b) : (a.count < b.count ? .orderedAscending : .orderedDescending)
  /// })
  /// let shortFirst = try db.read {
  ///   try $0.fetchAll(String.self, literal: "SELECT name FROM authors ORDER BY name COLLATE byLength")
  /// }
  /// ```
  ///
  /// A collation used by an index or a column definition must be added before the first
  /// statement that uses that index or column, on every launch.
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the collation.
  ///
  /// Related SQLite documentation: <https://sqlite.org/datatype3.html#collation>
  public func add(collation: DatabaseCollation) throws {
    try refuseOnPostgres(
      "add(collation:)",
      "a Swift closure cannot compare text inside the server; create the collation in SQL "
        + "(CREATE COLLATION) in a migration")
    try customize(.collation(collation))
  }

  private func customize(_ item: ConnectionCustomizations.Item) throws {
    WriterOwnership.checkNotHeld(
      by: self,
      "Database.add(function:) or add(collation:) called inside a write closure of the same "
        + "database; add functions before writing")
    try withWriterConnection { writer in
      try customizations.add(item, installingOn: writer)
    }
  }
}
