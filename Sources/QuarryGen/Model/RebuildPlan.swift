/// Where each column of a rebuilt table takes its values from, and the sentences that tell a
/// reviewer what happens to existing rows.
///
/// ```swift
/// let sources = RebuildPlan.sources(
///   from: old, to: target, summary: &summary, diagnostics: &diagnostics)
/// // [.copy("id"), .convert("rating"), .fillNulls("pages", sql: "0")]
/// ```
enum RebuildPlan {
  static func sources(
    from old: SchemaTable, to target: SchemaDiff.Target, summary: inout [String],
    diagnostics: inout [Diagnostic]
  ) -> [MigrationColumnSource] {
    let new = target.table
    let name = new.name
    // An index removed is the only change: the rows stay where they are (SQLite's rebuild
    // finds the table already at its definition and drops the index).
    let onlyIndexes =
      old.columns == new.columns && old.compositeKey == new.compositeKey
      && old.foreignKeys == new.foreignKeys
    summary.append(
      onlyIndexes
        ? "only the indexes of table '\(name)' change; its rows stay as they are"
        : "table '\(name)' is rebuilt (created anew, every row copied, the old one dropped) in "
          + "one transaction; a row that does not fit stops the migration and leaves every row "
          + "as it was")
    var sources: [MigrationColumnSource] = []
    for column in new.columns {
      let model = target.columns[column.name]
      let property = model?.propertyName ?? column.name
      let location = model?.location ?? target.location
      guard let before = old.column(named: column.name) else {
        if column.isNotNull && column.defaultSQL == nil && !column.isPrimaryKey {
          diagnostics.append(
            .error(
              .newRequiredColumnInRebuild(property: property, column: column.name, table: name),
              at: location))
        }
        let sql = column.defaultSQL ?? "NULL"
        summary.append("new column '\(column.name)' holds \(sql) in every existing row")
        sources.append(MigrationColumnSource(.value, column.name, sql: sql))
        continue
      }
      let becomesNotNull = before.isNullable && !column.isNullable
      if becomesNotNull && column.defaultSQL == nil {
        diagnostics.append(
          .error(
            .nullsWithoutDefault(property: property, column: column.name, table: name),
            at: location))
      }
      let fill = becomesNotNull ? column.defaultSQL : nil
      let added = addedDefault(before, column, fill: fill)
      if let added {
        summary.append(
          "a database that skipped the release whose migrate added column '\(column.name)' "
            + "gets \(added) in it, its default then")
      }
      if before.type != column.type {
        summary.append(
          dateSentence(model, from: before.type, name: column.name)
            ?? "column '\(column.name)' changes from \(before.type) to \(column.type): each "
            + "value is converted exactly, and one that cannot be (like 'n/a' or 3.5 into an "
            + "integer) stops the migration, naming the row")
        sources.append(
          MigrationColumnSource(
            .convert, column.name, sql: fill, target: model.flatMap(conversionTarget),
            addedDefaultSQL: added))
      } else if let fill {
        sources.append(
          MigrationColumnSource(.fillNulls, column.name, sql: fill, addedDefaultSQL: added))
      } else {
        sources.append(MigrationColumnSource(.copy, column.name, addedDefaultSQL: added))
      }
      describe(before, column, fill: fill, into: &summary)
    }
    for column in old.columns where new.column(named: column.name) == nil {
      summary.append("column '\(column.name)' is dropped, with its values")
    }
    if old.primaryKey != new.primaryKey {
      let before = old.primaryKey.map { "'\($0)'" }.joined(separator: ", ")
      let after = new.primaryKey.map { "'\($0)'" }.joined(separator: ", ")
      summary.append(
        "the primary key changes from (\(before)) to (\(after)): a duplicate key stops the "
          + "migration, naming it")
    }
    if old.foreignKeys != new.foreignKeys {
      summary.append(
        "the table's foreign keys change: a row pointing at no row stops the migration, naming "
          + "it")
    }
    for index in old.indexes where !new.indexes.contains(index) {
      summary.append("index '\(index.name)' is dropped")
    }
    for index in new.indexes where !old.indexes.contains(index) {
      summary.append(
        "index '\(index.name)' is created"
          + (index.isUnique ? ": a duplicate value stops the migration" : ""))
    }
    return sources
  }

  /// The value a database that has not got `before` must get in its place, when it differs
  /// from what the rebuild would give it: `before`'s default (or NULL) where `migrate` could
  /// have added it by itself (nullable, or with a default) and the new column's default
  /// differs. nil otherwise, and also for a default of the old type when the type changes
  /// (only NULL carries over a retyping) and for NULL where NULLs are filled (the fill, which
  /// the rebuild gives anyway).
  private static func addedDefault(_ before: SchemaColumn, _ column: SchemaColumn, fill: String?)
    -> String?
  {
    guard !before.isPrimaryKey, before.isNullable || before.defaultSQL != nil,
      before.defaultSQL != column.defaultSQL
    else { return nil }
    let added = before.defaultSQL ?? "NULL"
    if added == "NULL" ? fill != nil : before.type != column.type { return nil }
    return added
  }

  /// The sentence for a `Date` column whose storage changes (`dateStorage`); nil for others.
  private static func dateSentence(_ column: ColumnModel?, from type: String, name: String)
    -> String?
  {
    guard let column, let target = conversionTarget(column),
      target == ".iso8601Date" || target == ".dateSeconds"
    else { return nil }
    if target == ".iso8601Date" {
      return "column '\(name)' changes from \(type) to TEXT (dateStorage = iso8601): each date "
        + "is rewritten as the exact UTC text generated code writes ('2001-01-01 00:00:00.5'), "
        + "and one that has none (outside the years 0000-9999, or text that is no date) stops "
        + "the migration, naming the row"
    }
    return "column '\(name)' changes from \(type) to REAL (seconds since 2001): each date is "
      + "read back exactly from its text, and a value that is no date stops the migration, "
      + "naming the row"
  }

  /// The sentences for a column kept through the rebuild.
  private static func describe(
    _ before: SchemaColumn, _ column: SchemaColumn, fill: String?, into summary: inout [String]
  ) {
    let name = column.name
    if let fill {
      summary.append("column '\(name)' becomes NOT NULL: rows holding NULL get \(fill)")
    } else if !before.isNullable && column.isNullable {
      summary.append("column '\(name)' becomes nullable; its values stay as they are")
    }
    if !before.isUnique && column.isUnique {
      summary.append("column '\(name)' becomes UNIQUE: a duplicate value stops the migration")
    } else if before.isUnique && !column.isUnique {
      summary.append("column '\(name)' is no longer UNIQUE")
    }
    if before.references != column.references {
      if let references = column.references {
        let actions =
          (references.onDelete.map { " ON DELETE " + ForeignKeyModel.sql($0) } ?? "")
          + (references.onUpdate.map { " ON UPDATE " + ForeignKeyModel.sql($0) } ?? "")
        let target = references.referencedColumns.map { "'\($0)'" }.joined(separator: ", ")
        summary.append(
          "column '\(name)' references '\(references.table)' (\(target))\(actions): a value "
            + "pointing at no row stops the migration, naming it")
      } else {
        summary.append("column '\(name)' no longer references another table")
      }
    }
    if before.defaultSQL != column.defaultSQL {
      summary.append(
        "column '\(name)' " + (column.defaultSQL.map { "defaults to \($0)" } ?? "has no default")
          + "; stored values stay as they are")
    }
    if before.isAutoincrement != column.isAutoincrement {
      summary.append(
        "column '\(name)' "
          + (column.isAutoincrement ? "becomes AUTOINCREMENT" : "is no longer AUTOINCREMENT"))
    }
  }

  /// The runtime's `ConversionTarget` for a Swift type narrower than its SQL type (`.bool`,
  /// `.character`, `.integer(Int8.self)`) or a `Date`, whose text and REAL forms convert as
  /// dates (`.iso8601Date`, `.dateSeconds`); nil when the SQL type says it all.
  static func conversionTarget(_ column: ColumnModel) -> String? {
    if column.storage == .iso8601 { return ".iso8601Date" }
    guard column.storage == .value else { return nil }
    let type = TypeMapping.builtinName(column.unwrappedSwiftType)
    switch type {
    case "Date": return ".dateSeconds"
    case "Bool": return ".bool"
    case "Character": return ".character"
    case "Int8", "Int16", "Int32", "UInt8", "UInt16", "UInt32", "UInt", "UInt64":
      return ".integer(\(type).self)"
    default: return nil
    }
  }
}
