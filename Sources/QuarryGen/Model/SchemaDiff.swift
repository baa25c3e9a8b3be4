/// Compares the model with the previous `Schema.sql` and produces the migrations that take a
/// database at the previous schema to the new one, one per persisted struct whose table (or
/// owned child tables) changed in a way `migrate` alone cannot follow.
///
/// Renames come from `renamedFrom = "…"` (a property: its column; a struct: its table);
/// columns whose property is gone must be listed in the struct's `dropped = [...]`, else the
/// struct gets an error naming them and the line to write. A new column `migrate` can add
/// (nullable, or with a default, at the end of the table) needs no migration; every other
/// change (type, NOT NULL, UNIQUE, primary key, foreign keys, dropped columns, removed or
/// changed indexes, defaults, column order) rebuilds the table. A struct that is gone leaves
/// its table alone.
///
/// ```swift
/// var diagnostics: [Diagnostic] = []
/// let migrations = SchemaDiff.migrations(
///   from: SchemaSQLParser.parse(previousSQL), to: model, firstNumber: 2,
///   diagnostics: &diagnostics)
/// print(migrations.map(\.identifier))   // ["0002_volumes_rename_isbn_to_code"]
/// ```
public enum SchemaDiff {
  /// One table of the new model, with what the diff needs to find its previous self.
  struct Target {
    var table: SchemaTable
    var renamedFrom: String?
    var dropped: [String]
    /// The model's columns by column name: renames, defaults, locations, Swift types.
    var columns: [String: ColumnModel]
    var location: SourceLocation

    /// `table` with each column's value kind from the model, as a rebuild step freezes it.
    var tableWithKinds: SchemaTable {
      var table = table
      for position in table.columns.indices {
        table.columns[position].valueKind = columns[table.columns[position].name]?.valueKind
      }
      return table
    }
  }

  /// A persisted struct's table and its owned child tables.
  struct Group {
    var owner: TableModel
    var targets: [Target]
  }

  public static func migrations(
    from previous: SchemaSnapshot, to model: SchemaModel, firstNumber: Int,
    diagnostics: inout [Diagnostic]
  ) -> [MigrationModel] {
    var working = previous
    let groups = model.tables.map { group(for: $0, children: model.children) }
    // Phase 1: table renames everywhere first, so that every comparison below sees other
    // tables' foreign keys already following them (as SQLite's ALTER TABLE RENAME does).
    var renameSteps: [[MigrationStep]] = Array(repeating: [], count: groups.count)
    var summaries: [[String]] = Array(repeating: [], count: groups.count)
    let newNames = Set(groups.flatMap { $0.targets.map(\.table.name) })
    for (position, group) in groups.enumerated() {
      var ownerRename: (old: String, new: String)?
      for target in group.targets {
        guard working.table(named: target.table.name) == nil else { continue }
        var candidate = target.renamedFrom
        if candidate == nil, let ownerRename, target.table.name.hasPrefix(ownerRename.new + "_") {
          candidate = ownerRename.old + target.table.name.dropFirst(ownerRename.new.count)
        }
        guard let old = candidate, !newNames.contains(old), working.table(named: old) != nil
        else { continue }
        working.renameTable(old, to: target.table.name)
        renameSteps[position].append(.renameTable(from: old, to: target.table.name))
        summaries[position].append(
          "table '\(old)' is renamed '\(target.table.name)'; its rows stay as they are")
        if target.table.name == group.owner.name { ownerRename = (old, target.table.name) }
      }
    }
    // Phase 2: columns, then whether the table must be rebuilt.
    var found: [(renamesTable: Bool, name: String, migration: MigrationModel)] = []
    for (position, group) in groups.enumerated() {
      var steps = renameSteps[position]
      var summary = summaries[position]
      var words: [String] = []
      for step in steps {
        if case .renameTable(let old, _) = step, words.isEmpty { words += ["from", old] }
      }
      for target in group.targets {
        guard working.table(named: target.table.name) != nil else { continue }
        for column in target.table.columns {
          guard let table = working.table(named: target.table.name),
            table.column(named: column.name) == nil,
            let old = target.columns[column.name]?.renamedFrom, table.column(named: old) != nil,
            target.table.column(named: old) == nil
          else { continue }
          working.renameColumn(old, to: column.name, in: target.table.name)
          steps.append(.renameColumn(from: old, to: column.name, table: target.table.name))
          summary.append(
            "column '\(old)' of '\(target.table.name)' is renamed '\(column.name)'; its values "
              + "stay as they are")
          words += ["rename", old, "to", column.name]
        }
        guard let old = working.table(named: target.table.name) else { continue }
        let gone = old.columns.filter { target.table.column(named: $0.name) == nil }
        let unacknowledged = gone.map(\.name).filter { !target.dropped.contains($0) }
        if !unacknowledged.isEmpty {
          // The line to write lists every gone column, those already written included, and
          // a name written that the table never had (a misspelling, or the new name of a
          // property renamed and dropped in one release) is pointed out.
          let list = gone.map { SwiftLiteral.string($0.name) }.joined(separator: ", ")
          let strays = target.dropped.filter { old.column(named: $0) == nil }
          diagnostics.append(
            .error(
              .columnWithoutProperty(
                columns: unacknowledged, table: old.name,
                line: "// quarry: dropped = [\(list)]"),
              at: target.location,
              notes: strays.map {
                .init(ModelMessage.droppedNameNotInTable($0, table: old.name).text)
              }))
          continue
        }
        guard needsRebuild(old, target.table) else {
          working.replace(target.table)
          continue
        }
        let sources = RebuildPlan.sources(
          from: old, to: target, summary: &summary, diagnostics: &diagnostics)
        steps.append(.rebuildTable(target.tableWithKinds, columns: sources))
        if !words.contains("rebuild") { words.append("rebuild") }
        if target.table.name != group.owner.name { words.append(target.table.name) }
        working.replace(target.table)
      }
      guard !steps.isEmpty else { continue }
      let renamesTable = steps.contains {
        if case .renameTable = $0 { return true } else { return false }
      }
      found.append(
        (
          renamesTable, group.owner.name,
          MigrationModel(
            number: 0, words: identifierWords([group.owner.name] + words),
            tableTypeName: group.owner.typeName, sourcePath: group.owner.sourcePath,
            summary: summary, steps: steps)
        ))
    }
    // Table renames run first: another migration's rebuilt foreign key may point at the new
    // name.
    found.sort { ($0.renamesTable ? 0 : 1, $0.name) < ($1.renamesTable ? 0 : 1, $1.name) }
    return found.enumerated().map { offset, item in
      var migration = item.migration
      migration.number = firstNumber + offset
      return migration
    }
  }

  /// Whether `migrate`'s own steps (adding nullable or defaulted columns at the end, creating
  /// missing indexes) cannot bring `old` to `new`.
  static func needsRebuild(_ old: SchemaTable, _ new: SchemaTable) -> Bool {
    let kept = new.columns.filter { old.column(named: $0.name) != nil }
    let oldKept = old.columns.filter { new.column(named: $0.name) != nil }
    if oldKept.count != old.columns.count { return true }
    if kept.map(\.name) != oldKept.map(\.name) { return true }
    if new.columns.prefix(kept.count).map(\.name) != kept.map(\.name) { return true }
    for column in kept where old.column(named: column.name) != column { return true }
    for column in new.columns.dropFirst(kept.count) {
      if column.isPrimaryKey || column.isUnique { return true }
      if column.isNotNull && column.defaultSQL == nil { return true }
      if column.references != nil && (column.defaultSQL ?? "NULL") != "NULL" { return true }
    }
    if old.compositeKey != new.compositeKey || old.foreignKeys != new.foreignKeys { return true }
    for index in old.indexes where !new.indexes.contains(index) { return true }
    return false
  }

  /// The targets of one persisted struct: its table, then its owned child tables.
  static func group(for table: TableModel, children: [ChildModel]) -> Group {
    var sql = table.createTableSQL + "\n" + table.createIndexSQL.joined(separator: "\n")
    for owned in table.ownedTables { sql += "\n" + owned.createTableSQL(in: table) }
    let snapshot = SchemaSQLParser.parse(sql)
    var targets: [Target] = []
    if let main = snapshot.table(named: table.name) {
      targets.append(
        Target(
          table: main, renamedFrom: table.renamedFrom, dropped: table.dropped,
          columns: byName(table.columns), location: table.location))
    }
    let localName = table.typeName.split(separator: ".").last.map(String.init) ?? table.typeName
    let prefix = ModelBuilder.snakeCase(localName) + "_"
    for owned in table.ownedTables {
      guard let parsed = snapshot.table(named: owned.name) else { continue }
      let child = children.first { $0.typeName == owned.relation.childTypeName }
      var columns = byName(owned.columns)
      // The key columns are named after the owner's key: they follow its renames.
      for key in table.primaryKeyColumns {
        guard let old = key.renamedFrom, var column = columns[prefix + key.name] else { continue }
        column.renamedFrom = prefix + old
        columns[column.name] = column
      }
      targets.append(
        Target(
          table: parsed, renamedFrom: child?.renamedFrom, dropped: child?.dropped ?? [],
          columns: columns, location: child?.location ?? owned.relation.location))
    }
    return Group(owner: table, targets: targets)
  }

  private static func byName(_ columns: [ColumnModel]) -> [String: ColumnModel] {
    var result: [String: ColumnModel] = [:]
    for column in columns where result[column.name] == nil { result[column.name] = column }
    return result
  }

  /// `["Volumes", "rename", "isbn", "to", "code"]` gives `volumes_rename_isbn_to_code`: lower
  /// case, one `_` between words, at most 60 characters.
  static func identifierWords(_ parts: [String]) -> String {
    var text = ""
    for scalar in parts.joined(separator: "_").lowercased().unicodeScalars {
      let isWordCharacter =
        (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
      if isWordCharacter {
        text.unicodeScalars.append(scalar)
      } else if !text.isEmpty && !text.hasSuffix("_") {
        text += "_"
      }
    }
    while text.hasSuffix("_") { text.removeLast() }
    if text.count > 60 {
      text = String(text.prefix(60))
      while text.hasSuffix("_") { text.removeLast() }
    }
    return text.isEmpty ? "table" : text
  }
}
