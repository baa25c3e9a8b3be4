extension Query {
  /// The rows whose full-text index matches `pattern`, an FTS5 query: words (`wizard`),
  /// prefixes (`wiz*`), phrases (`"dark lord"`), `AND`, `OR`, `NOT`, `NEAR(a b, 5)` and column
  /// filters (`title: wizard`).
  ///
  /// ```swift
  /// // quarry: fullText = [title, summary]
  /// // struct Book { … }
  /// let hits = try db.read { try $0.fetchAll(Book.all().matching("wizard*")) }
  /// ```
  ///
  /// The table needs a `fullText = [...]` annotation (its FTS5 table `<table>_fts`; without
  /// one the query fails with "no such table"). Matching combines with the query's other
  /// filters, order and paging like any `filter`; the pattern is a bound parameter. FTS5's
  /// default tokenizer folds case and removes diacritics, so `"emile"` matches `"Émile"`.
  ///
  /// - Throws: when fetched, ``SQLiteError`` for a malformed pattern (`fts5: syntax error …`).
  ///
  /// Related SQLite documentation: <https://sqlite.org/fts5.html#full_text_query_syntax>
  public func matching(_ pattern: String) -> Query {
    filter(
      SQLExpression(
        .fullTextMatch(
          table: T.table.name, indexed: T.table.name, columns: T.table.fullText?.columns,
          pattern: pattern)))
  }
}
