/// A schema change that `migrate` refuses to make because it could lose or invent data.
///
/// The whole migration is rolled back: the database is left as it was.
///
/// ```swift
/// do {
///   try db.migrate(Bird.self)
/// } catch let error as MigrationError {
///   print(error)
///   // cannot migrate table 'birds': new column 'age' is NOT NULL without a default and the
///   // table has rows - make the property optional or give it a default
/// }
/// ```
public struct MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
  enum Problem: Sendable, Equatable {
    case newRequiredColumn
    case newConstrainedColumn(constraint: String)
    case changedType(from: String, to: String)
    case changedNullability(nowNullable: Bool)
    case droppedColumn
    case changedForeignKeyActions(from: String, to: String)
    /// The same on PostgreSQL, where the key is the constraint `constraint`, which `migrate`
    /// does not replace; `replacement` is the `FOREIGN KEY` clause with the new actions.
    case changedPostgresForeignKeyActions(
      from: String, to: String, constraint: String, replacement: String)
    /// A converted value that the new column cannot hold exactly.
    case inexactValue(row: String, value: String, requirement: String)
    /// A NULL for a column that becomes NOT NULL without a value for NULLs.
    case nullInRequiredColumn(row: String)
    /// Two rows with the same new primary key or unique value (`column` lists the columns).
    case duplicateKey(values: String, isPrimaryKey: Bool)
    /// A row whose foreign key (`column`) finds no row in `parent`.
    case orphanRow(row: String, value: String, parent: String)
    /// A rebuilt table's column that the migration gives no source.
    case missingColumnSource
    /// A trigger, index or view that cannot be kept after the rebuild (`column` is empty).
    case brokenSchemaObject(reason: String)
    /// A rebuild of a referenced table with rows, inside a transaction that enforces foreign keys.
    case foreignKeysEnforced
    /// A table rename whose new name is taken.
    case renameTargetExists(old: String)
    /// A migration identifier listed twice with different steps (`column` is empty).
    case conflictingMigration(identifier: String)
  }

  /// The table that cannot be migrated.
  public let table: String
  /// The column at fault.
  public let column: String
  let problem: Problem

  init(table: String, column: String, problem: Problem) {
    self.table = table
    self.column = column
    self.problem = problem
  }

  public var description: String {
    (table.isEmpty ? "cannot migrate: " : "cannot migrate table '\(table)': ")
      + problemDescription + " - " + advice
  }

  private var problemDescription: String {
    switch problem {
    case .newRequiredColumn:
      return "new column '\(column)' is NOT NULL without a default and the table has rows"
    case .newConstrainedColumn(let constraint):
      return "new column '\(column)' is \(constraint) and the table has rows"
    case .changedType(let from, let to):
      return "column '\(column)' changed type from \(from) to \(to)"
    case .changedNullability(let nowNullable):
      return
        "column '\(column)' changed from "
        + (nowNullable ? "NOT NULL to nullable" : "nullable to NOT NULL")
    case .droppedColumn:
      return "column '\(column)' exists in the database but not in the struct"
    case .changedForeignKeyActions(let from, let to),
      .changedPostgresForeignKeyActions(let from, let to, _, _):
      return "the foreign key of column '\(column)' changed its actions from \(from) to \(to)"
    case .inexactValue(let row, let value, let requirement):
      return "column '\(column)' of row \(row) holds \(value), which is not \(requirement)"
    case .nullInRequiredColumn(let row):
      return "column '\(column)' becomes NOT NULL and row \(row) holds NULL"
    case .duplicateKey(let values, let isPrimaryKey):
      return (isPrimaryKey ? "new primary key (" : "unique column(s) (") + quotedColumns
        + ") would hold \(values) in more than one row"
    case .orphanRow(let row, let value, let parent):
      return "row \(row) refers by '\(column)' = \(value) to no row of table '\(parent)'"
    case .missingColumnSource:
      return "the migration gives no values for column '\(column)'"
    case .brokenSchemaObject(let reason):
      return reason
    case .foreignKeysEnforced:
      return "the table must be rebuilt, other tables refer to it and foreign keys are enforced "
        + "in this transaction"
    case .renameTargetExists(let old):
      return "table '\(old)' cannot be renamed '\(table)': both tables exist"
    case .conflictingMigration(let identifier):
      return "migration '\(identifier)' is listed twice with different steps"
    }
  }

  /// `column`, which lists several columns separated by commas, quoted one by one.
  private var quotedColumns: String {
    column.split(separator: ",").map { "'\($0)'" }.joined(separator: ", ")
  }

  /// What the developer can do about it.
  private var advice: String {
    switch problem {
    case .newRequiredColumn:
      return "make the property optional or give it a default"
    case .newConstrainedColumn:
      return "add the column without the constraint, or copy the table in a DatabaseMigrator "
        + "migration"
    case .changedType, .changedNullability:
      return "keep the old type, or copy the data into a new column in a DatabaseMigrator "
        + "migration"
    case .droppedColumn:
      // Most often the property was renamed in Swift: its new name would be a new column.
      return "if the property was renamed, annotate it with column = \"\(column)\" to keep "
        + "the stored column, or rename the column in a DatabaseMigrator migration run before "
        + "migrate (ALTER TABLE … RENAME COLUMN \"\(column)\" TO …, when columnExists(\"\(column)\", "
        + "in: \"\(table)\")); else keep the property (mark it optional), or drop the column in "
        + "a DatabaseMigrator migration"
    case .changedForeignKeyActions:
      return "SQLite cannot alter a foreign key: register a DatabaseMigrator migration (such as "
        + "\"rebuild \(table)\") that creates the table anew as \"\(table)_new\", copies the rows, "
        + "drops \"\(table)\" and renames \"\(table)_new\" to it, before migrate runs"
    case .changedPostgresForeignKeyActions(_, _, let constraint, let replacement):
      // PostgreSQL's ALTER CONSTRAINT changes deferrability only: the key is replaced.
      return "PostgreSQL keeps a foreign key's actions in its constraint: register a "
        + "DatabaseMigrator migration that replaces it, before migrate runs (ALTER TABLE "
        + "\(SQLIdentifier.quote(table)) DROP CONSTRAINT \(SQLIdentifier.quote(constraint)), "
        + "ADD \(replacement))"
    case .inexactValue, .nullInRequiredColumn:
      return "fix that row (and any like it) before migrating, or keep the old type; "
        + "nothing was changed"
    case .duplicateKey:
      return "remove or change the duplicate rows before migrating; nothing was changed"
    case .orphanRow:
      return "delete that row or add the row it refers to before migrating; nothing was changed"
    case .missingColumnSource:
      return "list every column of the new table in the rebuild's columns"
    case .brokenSchemaObject:
      return "drop or rewrite it in a DatabaseMigrator migration run before migrate; nothing "
        + "was changed"
    case .foreignKeysEnforced:
      return "call Database.migrate, which turns foreign keys off around the rebuild and checks "
        + "them before committing"
    case .renameTargetExists:
      return "drop or rename one of them first; nothing was changed"
    case .conflictingMigration:
      return "give every generated migration its own identifier"
    }
  }
}
