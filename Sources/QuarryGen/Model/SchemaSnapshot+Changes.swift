/// The changes `SchemaDiff` applies to its copy of the previous schema as it goes, each as
/// the runtime's step changes a database, so later comparisons see what the database will be.
///
/// ```swift
/// var snapshot = SchemaSQLParser.parse(previousSQL)
/// snapshot.renameTable("books", to: "volumes")   // other tables' foreign keys follow
/// ```
extension SchemaSnapshot {
  /// Renames a table; foreign keys pointing at it follow, as SQLite's `ALTER TABLE … RENAME
  /// TO` makes them, and so do the names of Quarry's indexes (`<table>_on_<columns>`), as the
  /// runtime's rename step makes them.
  mutating func renameTable(_ old: String, to new: String) {
    for position in tables.indices {
      if tables[position].name == old {
        tables[position].name = new
        noteName(new, at: position)
        for index in tables[position].indexes.indices {
          let columns = tables[position].indexes[index].columns
          if tables[position].indexes[index].name == Self.indexName(old, columns) {
            tables[position].indexes[index].name = Self.indexName(new, columns)
          }
        }
      }
      for column in tables[position].columns.indices
      where tables[position].columns[column].references?.table == old {
        tables[position].columns[column].references?.table = new
      }
      for key in tables[position].foreignKeys.indices
      where tables[position].foreignKeys[key].table == old {
        tables[position].foreignKeys[key].table = new
      }
    }
  }

  /// Renames a column of `table` everywhere it is named: its definition, the key, indexes
  /// (and the names of Quarry's), and foreign keys of every table pointing at it (as `ALTER
  /// TABLE … RENAME COLUMN` and the runtime's rename step do).
  mutating func renameColumn(_ old: String, to new: String, in table: String) {
    func renamed(_ names: [String]) -> [String] { names.map { $0 == old ? new : $0 } }
    for position in tables.indices {
      if tables[position].name == table {
        for column in tables[position].columns.indices {
          if tables[position].columns[column].name == old {
            tables[position].columns[column].name = new
          }
          if let columns = tables[position].columns[column].references?.columns {
            tables[position].columns[column].references?.columns = renamed(columns)
          }
        }
        tables[position].compositeKey = renamed(tables[position].compositeKey)
        for index in tables[position].indexes.indices {
          let columns = tables[position].indexes[index].columns
          tables[position].indexes[index].columns = renamed(columns)
          if tables[position].indexes[index].name == Self.indexName(table, columns) {
            tables[position].indexes[index].name = Self.indexName(table, renamed(columns))
          }
        }
        for key in tables[position].foreignKeys.indices {
          tables[position].foreignKeys[key].columns = renamed(
            tables[position].foreignKeys[key].columns)
        }
      }
      for column in tables[position].columns.indices
      where tables[position].columns[column].references?.table == table {
        if let columns = tables[position].columns[column].references?.referencedColumns {
          tables[position].columns[column].references?.referencedColumns = renamed(columns)
        }
      }
      for key in tables[position].foreignKeys.indices
      where tables[position].foreignKeys[key].table == table {
        tables[position].foreignKeys[key].referencedColumns = renamed(
          tables[position].foreignKeys[key].referencedColumns)
      }
    }
  }

  /// The name Quarry gives an index: `books_on_author_title`.
  static func indexName(_ table: String, _ columns: [String]) -> String {
    table + "_on_" + columns.joined(separator: "_")
  }

  /// Puts `table` in place of the table of the same name (or adds it), as `migrate` or a
  /// rebuild leaves it.
  mutating func replace(_ table: SchemaTable) {
    if let position = position(of: table.name) {
      tables[position] = table
    } else {
      append(table)
    }
  }
}
