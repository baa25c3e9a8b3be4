/// The full-text index of `fullText = [title, summary]`, as the runtime's
/// `TableDefinition.createFullTextSQL` creates it (statement for statement, each ended with
/// `;` for Schema.sql): an FTS5 table over the table's own rows and the triggers keeping it in
/// sync.
///
/// ```swift
/// print(table.createFullTextSQL[0])
/// // CREATE VIRTUAL TABLE "books_fts" USING fts5("title", "summary", content='books');
/// ```
extension TableModel {
  /// The FTS5 table's name: `<table>_fts`.
  public var fullTextTableName: String { name + "_fts" }

  /// The `CREATE VIRTUAL TABLE` and `CREATE TRIGGER` statements; empty without `fullText`.
  public var createFullTextSQL: [String] {
    guard !fullTextColumns.isEmpty else { return [] }
    let index = Self.quote(fullTextTableName)
    let table = Self.quote(name)
    let columns = fullTextColumns.map(Self.quote)
    let columnList = columns.joined(separator: ", ")
    let content =
      "'"
      + name.split(separator: "'", omittingEmptySubsequences: false)
      .joined(separator: "''") + "'"
    func values(_ row: String) -> String {
      ([row + ".rowid"] + columns.map { row + "." + $0 }).joined(separator: ", ")
    }
    let insert = "INSERT INTO \(index) (rowid, \(columnList)) VALUES (\(values("new")));"
    let delete =
      "INSERT INTO \(index) (\(index), rowid, \(columnList)) VALUES ('delete', \(values("old")));"
    func trigger(_ suffix: String, _ event: String, _ body: String) -> String {
      let name = Self.quote(fullTextTableName + "_" + suffix)
      return "CREATE TRIGGER \(name) AFTER \(event) ON \(table) BEGIN \(body) END;"
    }
    return [
      "CREATE VIRTUAL TABLE \(index) USING fts5(\(columnList), content=\(content));",
      trigger("insert", "INSERT", insert),
      trigger("delete", "DELETE", delete),
      trigger("update", "UPDATE", delete + " " + insert),
    ]
  }
}
