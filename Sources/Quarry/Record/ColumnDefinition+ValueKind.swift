extension ColumnDefinition {
  /// What a column's values are, independently of the engine that stores them.
  ///
  /// SQLite stores a `Bool` as an `INTEGER` and a `UUID` as `TEXT`; PostgreSQL has a type for
  /// each. The generator writes the kind of every column of these Swift types, so one
  /// `TableDefinition` creates the right columns on both engines:
  ///
  /// ```swift
  /// ColumnDefinition("id", .text, kind: .uuid, primaryKey: true)
  /// // SQLite: "id" TEXT NOT NULL PRIMARY KEY
  /// // PostgreSQL: "id" UUID NOT NULL PRIMARY KEY
  /// ```
  public enum ValueKind: String, Sendable, Hashable, CaseIterable {
    /// `Bool`: SQLite `INTEGER` 0 or 1, PostgreSQL `BOOLEAN`.
    case bool
    /// `UUID`: SQLite `TEXT`, PostgreSQL `UUID`.
    case uuid
    /// `Decimal`: `NUMERIC` on both engines (PostgreSQL's keeps every digit).
    case decimal
    /// `Date`: the column's ``SQLType`` on both engines (seconds since 2001 in a `REAL` column,
    /// text in a `TEXT` one).
    case date
    /// A `Codable` value stored as JSON: SQLite `TEXT`, PostgreSQL `JSONB`.
    case json
  }
}
