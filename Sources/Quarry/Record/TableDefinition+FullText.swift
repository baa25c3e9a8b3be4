extension TableDefinition {
  /// The FTS5 table of ``fullText`` and the three triggers that keep it in sync with this
  /// table, as `migrate` creates them (and the generator writes them into Schema.sql); empty
  /// without a full-text index.
  ///
  /// ```swift
  /// print(Book.table.createFullTextSQL[0])
  /// // CREATE VIRTUAL TABLE "books_fts" USING fts5("title", "summary", content='books')
  /// ```
  ///
  /// The triggers copy the indexed columns of each inserted row into the index and remove
  /// those of each deleted row, both for an update: FTS5 needs the old values to forget a
  /// row's terms, which an external-content table cannot look up once the row changed.
  ///
  /// Related SQLite documentation: <https://sqlite.org/fts5.html#external_content_tables>
  public var createFullTextSQL: [String] {
    guard let fullText else { return [] }
    let index = SQLIdentifier.quote(FullTextIndex.tableName(indexing: name))
    let table = SQLIdentifier.quote(name)
    let columns = fullText.columns.map(SQLIdentifier.quote)
    let columnList = columns.joined(separator: ", ")
    let content = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    func values(_ row: String) -> String {
      ([row + ".rowid"] + columns.map { row + "." + $0 }).joined(separator: ", ")
    }
    let insert = "INSERT INTO \(index) (rowid, \(columnList)) VALUES (\(values("new")));"
    let delete =
      "INSERT INTO \(index) (\(index), rowid, \(columnList)) VALUES ('delete', \(values("old")));"
    func trigger(_ suffix: String, _ event: String, _ body: String) -> String {
      let name = SQLIdentifier.quote(FullTextIndex.tableName(indexing: name) + "_" + suffix)
      return "CREATE TRIGGER \(name) AFTER \(event) ON \(table) BEGIN \(body) END"
    }
    return [
      "CREATE VIRTUAL TABLE \(index) USING fts5(\(columnList), content=\(content))",
      trigger("insert", "INSERT", insert),
      trigger("delete", "DELETE", delete),
      trigger("update", "UPDATE", delete + " " + insert),
    ]
  }
}
