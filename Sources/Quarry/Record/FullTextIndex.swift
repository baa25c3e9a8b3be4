/// A full-text index over text columns of a table: an FTS5 table whose content is the table
/// itself (an external-content table), kept in sync by triggers.
///
/// Generated from the struct annotation `// quarry: fullText = [title, summary]`:
///
/// ```swift
/// public static let table = TableDefinition(
///   name: "books", columns: [ … ], fullText: FullTextIndex(["title", "summary"]))
/// ```
///
/// `migrate` creates the FTS5 table `<table>_fts` and its triggers, and fills it from the rows
/// already there; ``Query/matching(_:)`` searches it. The index stores no copy of the text,
/// only its terms.
///
/// Related SQLite documentation: <https://sqlite.org/fts5.html#external_content_tables>
public struct FullTextIndex: Sendable, Hashable {
  /// The indexed columns, in order.
  public var columns: [String]

  /// An index over `columns`.
  public init(_ columns: [String]) {
    self.columns = columns
  }

  /// The FTS5 table indexing `table`: `<table>_fts`.
  public static func tableName(indexing table: String) -> String { table + "_fts" }
}
