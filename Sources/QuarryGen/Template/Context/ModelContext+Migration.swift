/// A generated migration as template values, for `Migration.stencil`.
///
/// A migration: `identifier` (`0002_volumes_rename_isbn_to_code`), `identifierLiteral`,
/// `constant` (`m0002_volumes_rename_isbn_to_code`), `commentLines` (the summary in words,
/// wrapped to fit 100 columns after `// `), `sourcePath` and `steps`. A step: `kind`
/// (`renameTable`, `renameColumn` or `rebuildTable`), `arguments` for the renames
/// (`"books", to: "volumes"`), and for a rebuild `table` (`nameLiteral`, `columns`,
/// `indexes`, `foreignKeys`: each the arguments of its initializer) and `sources`
/// (`.copy("id")`, `.convert("rating", to: .bool)`…).
///
/// ```text
/// {% for step in migration.steps %}{% if step.kind == "renameTable" %}
///       .renameTable({{ step.arguments }}),
/// {% endif %}{% endfor %}
/// ```
extension ModelContext {
  static func migrationValue(_ migration: MigrationModel) -> TemplateValue {
    // One bullet per sentence, continuation lines indented under its text.
    var lines = [
      "Migration \(migration.identifier.prefix(4)), what changes and what happens to "
        + "existing rows:"
    ]
    for sentence in migration.summary {
      let wrappedLines = wrapped(sentence + ".", width: 95)
      for (offset, line) in wrappedLines.enumerated() {
        lines.append((offset == 0 ? "- " : "  ") + line)
      }
    }
    let steps = migration.steps.map(stepValue)
    let renames = steps.compactMap { step -> String? in
      guard let kind = step["kind"]?.stringValue, kind != "rebuildTable",
        let arguments = step["arguments"]?.stringValue
      else { return nil }
      return ".\(kind)(\(arguments))"
    }
    return .dictionary([
      "identifier": .string(migration.identifier),
      "identifierLiteral": .string(swiftLiteral(migration.identifier)),
      "constant": .string("m" + migration.identifier),
      "commentLines": .array(lines.map(TemplateValue.string)),
      "sourcePath": .string(migration.sourcePath),
      "steps": .array(steps),
      // The steps on one line, for `steps: [...]` when they fit: renames only.
      "stepsInline": renames.count == steps.count
        ? .string(renames.joined(separator: ", ")) : .null,
    ])
  }

  private static func stepValue(_ step: MigrationStep) -> TemplateValue {
    switch step {
    case .renameTable(let old, let new):
      return .dictionary([
        "kind": .string("renameTable"),
        "arguments": .string("\(swiftLiteral(old)), to: \(swiftLiteral(new))"),
      ])
    case .renameColumn(let old, let new, let table):
      return .dictionary([
        "kind": .string("renameColumn"),
        "arguments": .string(
          "\(swiftLiteral(old)), to: \(swiftLiteral(new)), in: \(swiftLiteral(table))"),
      ])
    case .rebuildTable(let table, let sources):
      let columns = table.columns.map { columnArguments($0, in: table) }
      let indexes = table.indexes.map(indexArguments)
      let foreignKeys = table.foreignKeys.map(foreignKeyArguments)
      let sourceTexts = sources.map(sourceText)
      // Each list also on one line: `swift format` wants a collection that fits written so.
      return .dictionary([
        "kind": .string("rebuildTable"),
        "table": .dictionary([
          "nameLiteral": .string(swiftLiteral(table.name)),
          "columns": .array(columns.map(TemplateValue.string)),
          "columnsInline": .string(
            columns.map { "ColumnDefinition(\($0))" }.joined(separator: ", ")),
          "indexes": .array(indexes.map(TemplateValue.string)),
          "indexesInline": .string(
            indexes.map { "IndexDefinition(\($0))" }.joined(separator: ", ")),
          "foreignKeys": .array(foreignKeys.map(TemplateValue.string)),
          "foreignKeysInline": .string(
            foreignKeys.map { "TableForeignKey(\($0))" }.joined(separator: ", ")),
        ]),
        "sources": .array(sourceTexts.map(TemplateValue.string)),
        "sourcesInline": .string(sourceTexts.joined(separator: ", ")),
      ])
    }
  }

  /// `"code", .text, unique: true, defaultSQL: "'A1'"`: what goes inside `ColumnDefinition(…)`.
  static func columnArguments(_ column: SchemaColumn, in table: SchemaTable) -> String {
    var parts = [swiftLiteral(column.name), "." + column.type.lowercased()]
    if let kind = column.valueKind { parts.append("kind: .\(kind)") }
    if column.isNullable && !table.compositeKey.contains(column.name) {
      parts.append("nullable: true")
    }
    if column.isPrimaryKey || table.compositeKey.contains(column.name) {
      parts.append("primaryKey: true")
    }
    if column.isAutoincrement { parts.append("autoincrement: true") }
    if column.isUnique { parts.append("unique: true") }
    if let defaultSQL = column.defaultSQL {
      parts.append("defaultSQL: \(swiftLiteral(defaultSQL))")
    }
    if let references = column.references {
      parts.append(
        "references: ForeignKey(\(swiftLiteral(references.table)), "
          + "\(swiftLiteral(references.referencedColumns.first ?? "id"))"
          + actions(references) + ")")
    }
    return parts.joined(separator: ", ")
  }

  private static func indexArguments(_ index: SchemaIndex) -> String {
    "[" + index.columns.map(swiftLiteral).joined(separator: ", ") + "]"
      + (index.isUnique ? ", unique: true" : "")
  }

  private static func foreignKeyArguments(_ key: SchemaForeignKey) -> String {
    "[" + key.columns.map(swiftLiteral).joined(separator: ", ") + "], references: "
      + swiftLiteral(key.table) + ", columns: ["
      + key.referencedColumns.map(swiftLiteral).joined(separator: ", ") + "]" + actions(key)
  }

  private static func actions(_ key: SchemaForeignKey) -> String {
    (key.onDelete.map { ", onDelete: .\($0)" } ?? "")
      + (key.onUpdate.map { ", onUpdate: .\($0)" } ?? "")
  }

  /// `.copy("id")`, `.convert("rating", to: .bool, fillNullsWithSQL: "0")`, `.value("shelf",
  /// sql: "'A1'")`.
  static func sourceText(_ source: MigrationColumnSource) -> String {
    var arguments = [swiftLiteral(source.name)]
    if let from = source.from { arguments.append("from: \(swiftLiteral(from))") }
    switch source.kind {
    case .copy: break
    case .convert:
      if let target = source.target { arguments.append("to: \(target)") }
      if let sql = source.sql { arguments.append("fillNullsWithSQL: \(swiftLiteral(sql))") }
    case .fillNulls, .value:
      arguments.append(
        "\(source.kind == .value ? "sql" : "withSQL"): \(swiftLiteral(source.sql ?? "NULL"))")
    }
    return "." + source.kind.rawValue + "(" + arguments.joined(separator: ", ") + ")"
      + (source.addedDefaultSQL.map { ".addedWithDefault(sql: \(swiftLiteral($0)))" } ?? "")
  }

  /// `text` in lines of at most `width` characters, broken at spaces.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in SwiftLiteral.oneLine(text).split(separator: " ") {
      if !current.isEmpty && current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
