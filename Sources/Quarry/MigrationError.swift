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
    "cannot migrate table '\(table)': " + problemDescription + " - " + advice
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
    case .changedForeignKeyActions(let from, let to):
      return "the foreign key of column '\(column)' changed its actions from \(from) to \(to)"
    }
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
    }
  }
}
