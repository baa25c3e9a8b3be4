extension GeneratedMigration {
  /// One change of a ``GeneratedMigration``: a rename, or a table rebuilt to a new definition.
  ///
  /// ```swift
  /// .renameTable("books", to: "volumes")
  /// .renameColumn("isbn", to: "code", in: "volumes")
  /// .rebuildTable(
  ///   TableDefinition(
  ///     name: "volumes",
  ///     columns: [
  ///       ColumnDefinition("id", .integer, primaryKey: true),
  ///       ColumnDefinition("code", .text),
  ///       ColumnDefinition("rating", .integer),
  ///     ]),
  ///   columns: [.copy("id"), .copy("code"), .convert("rating")])
  /// ```
  ///
  /// A step whose table does not exist in the database does nothing: the table is created at
  /// its newest definition after the migrations, so a new database skips every step.
  public struct Step: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
      case renameTable(from: String, to: String)
      case renameColumn(from: String, to: String, table: String)
      case rebuildTable(TableDefinition, columns: [ColumnSource])
    }

    let kind: Kind

    /// Renames the table `old` to `new`; other tables' foreign keys, and triggers and views,
    /// follow the new name.
    ///
    /// Does nothing when `old` does not exist and `new` does (the rename was made already).
    ///
    /// Related SQLite documentation: <https://sqlite.org/lang_altertable.html#altertabrename>
    public static func renameTable(_ old: String, to new: String) -> Step {
      Step(kind: .renameTable(from: old, to: new))
    }

    /// Renames the column `old` of `table` to `new`; indexes, triggers, views and other
    /// tables' foreign keys follow the new name.
    ///
    /// Does nothing when the column `old` does not exist and `new` does.
    ///
    /// Related SQLite documentation: <https://sqlite.org/lang_altertable.html#altertabrencol>
    public static func renameColumn(_ old: String, to new: String, in table: String) -> Step {
      Step(kind: .renameColumn(from: old, to: new, table: table))
    }

    /// Rebuilds the table `definition.name` to `definition`, filling each new column from
    /// `columns` (one source per column of `definition`, in any order).
    ///
    /// Follows SQLite's table-rebuild procedure: the rows are copied into a new table, which
    /// replaces the old one; indexes, the user's triggers and the `AUTOINCREMENT` sequence are
    /// kept; foreign keys are checked before the transaction commits. A value that a converted
    /// column cannot hold exactly, a duplicate key or a row whose reference has no target makes
    /// `migrate` throw a ``MigrationError`` naming it, and nothing changes.
    ///
    /// Related SQLite documentation: <https://sqlite.org/lang_altertable.html#otheralter>
    public static func rebuildTable(_ definition: TableDefinition, columns: [ColumnSource])
      -> Step
    {
      Step(kind: .rebuildTable(definition, columns: columns))
    }
  }
}
