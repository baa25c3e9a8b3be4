/// What SQLite does to referencing rows when the referenced row is deleted or its key changes.
///
/// ```swift
/// ForeignKey("authors", "id", onDelete: .cascade)
/// // "author_id" TEXT NOT NULL REFERENCES "authors" ("id") ON DELETE CASCADE
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/foreignkeys.html#fk_actions>
public enum ForeignKeyAction: String, Sendable, Hashable, CaseIterable {
  /// Deletes (or updates) the referencing rows too.
  case cascade
  /// Sets the referencing column to NULL; the column must be nullable.
  case setNull
  /// Refuses the change while referencing rows exist, immediately.
  case restrict
  /// SQLite's default: refuses the change at the end of the statement.
  case noAction
  /// Sets the referencing column to its default value (read from existing schemas; the
  /// generator does not write it).
  case setDefault

  /// The action as written in DDL: `CASCADE`, `SET NULL`, `RESTRICT`, `NO ACTION`.
  public var sql: String {
    switch self {
    case .cascade: "CASCADE"
    case .setNull: "SET NULL"
    case .restrict: "RESTRICT"
    case .noAction: "NO ACTION"
    case .setDefault: "SET DEFAULT"
    }
  }

  /// The action `PRAGMA foreign_key_list` reports as `sql`, or nil.
  init?(sql: String) {
    guard let action = Self.allCases.first(where: { $0.sql == sql.uppercased() }) else {
      return nil
    }
    self = action
  }
}
