/// Quarry's persistence model as template values, beside Sourcery's names.
///
/// Keys a template sees (besides `types`, `argument`):
/// - `tables` (sorted by type name), `tablesByName` (sorted by SQL name, for Schema.sql),
///   `schemaTables` (with owned child tables, by name), `postgresSchemaTables` (the same,
///   referenced tables first, for Schema.postgres.sql),
///   `enums`, `access` (the widest access of all tables: `public ` or empty, with its space);
/// - in `Table.stencil`: `table`, and `type` (the struct, with Sourcery's names);
/// - in `Enum.stencil`: `enum`.
/// - in a table, `jsonPaths`: the structs whose typed JSON paths its file declares.
///
/// A table: `typeName`, `recordName`, `translatorName`, `name`, `nameLiteral` (a Swift string
/// literal), `access` (`public `, `package ` or empty), `primaryKeyType`,
/// `hasCompositePrimaryKey`, `columns`, `primaryKeyColumns`, `indexes` (each with
/// `columnsLiteral` and `isUnique`), `createTableSQL`, `createIndexSQL`,
/// `postgresCreateTableSQL`, `postgresCreateIndexSQL`, `fullText` (null, or
/// `columns` as Swift literals and `columnsLiteral`), `createFullTextSQL`,
/// `hasArgumentsAfterColumns`, `sourcePath`, `timestampColumns`, `updatedAtColumns` (which the
/// record's `setUpdatedTimestamps` sets when `save` writes it), `decodesRowsConcurrently`.
///
/// A column: `propertyName`, `swiftName` (backticked when a reserved word), `reference`
/// (`self.index` where a method parameter shadows the property), `access` (no wider
/// than the property's), `name`, `nameLiteral`, `swiftType`, `unwrappedSwiftType`,
/// `isOptional`, `isNullable`, `sqlType` (`text`), `kind` (`uuid`, or null), `isJSON`,
/// `isISO8601` (a `dateStorage = iso8601` date), `isPrimaryKey`, `isAutoincrement`,
/// `isUnique`, `isIndexed`, `defaultSQL`, `references` (`table`,
/// `column`), `index` (0-based), `parameter` (1-based), `keyOffset` (` + 1` for the second key
/// part), `decode` (`decode` or `decodeJSON`), `bind` (`bind`, `bindJSON` or `bindISO8601`) and
/// `definitionArguments` (what goes inside `ColumnDefinition(…)`).
///
/// ```text
/// {% for column in table.columns %}
///     {{ column.propertyName }} = try row.{{ column.decode }}(at: {{ column.index }})
/// {% endfor %}
/// ```
enum ModelContext {
  /// The keys every template sees that are cheap to hold: `access`, `tableTypesInline`.
  static func values(_ model: SchemaModel) -> [String: TemplateValue] {
    let widest = model.tables.map(\.access).max() ?? .internal
    return [
      "access": .string(prefix(widest)),
      // `A.self, B.self`, for the registry's one-line form when it fits.
      "tableTypesInline": .string(
        model.tables.map { $0.typeName + ".self" }.joined(separator: ", ")),
    ]
  }

  /// The keys every template sees whose elements cost kilobytes each (`tables`,
  /// `schemaTables`, …): built from `model` as a template reads them, never all held at once.
  static func lazyArrays(_ model: SchemaModel) -> [String: LazyTemplateArray] {
    let tables = model.tables
    // Each table is read once here: a read builds it from bytes (see `CompactArray`).
    var names: [String] = []
    names.reserveCapacity(tables.count)
    // Schema.sql lists child tables among the others, by name: `owned` is the position of a
    // child table among its owner's `ownedTables`.
    var ownedEntries: [(name: String, table: Int, owned: Int?)] = []
    // What each table refers to, for Schema.postgres.sql's order.
    var references: [String: Set<String>] = [:]
    for (position, table) in tables.enumerated() {
      names.append(table.name)
      references[table.name, default: []].formUnion(
        table.columns.compactMap { $0.references?.table })
      for (ownedPosition, owned) in table.ownedTables.enumerated() {
        references[owned.name, default: []].insert(owned.ownerTable)
        ownedEntries.append((owned.name, position, ownedPosition))
      }
    }
    let byName = names.indices.sorted { (names[$0], $0) < (names[$1], $1) }
    var schema = byName.map { (name: names[$0], table: $0, owned: Int?.none) } + ownedEntries
    names = []
    schema.sort { $0.name < $1.name }
    let referencedFirst = TableOrder.referencedFirst(schema.map(\.name), references: references)
    let schemaEntries = schema.map { (table: $0.table, owned: $0.owned) }
    let postgresEntries = referencedFirst.map { schemaEntries[$0] }
    let schemaValue = { @Sendable (entry: (table: Int, owned: Int?)) -> TemplateValue in
      let table = tables[entry.table]
      guard let owned = entry.owned.map({ table.ownedTables[$0] }) else {
        return Self.schemaValue(table)
      }
      return .dictionary([
        "name": .string(owned.name),
        "createTableSQL": .string(owned.createTableSQL(in: table)),
        "createIndexSQL": .array([]),
        "createFullTextSQL": .array([]),
        "postgresCreateTableSQL": .string(owned.postgresCreateTableSQL(in: table)),
        "postgresCreateIndexSQL": .array([]),
        "postgresCreateFullTextSQL": .array([]),
      ])
    }
    let children = model.children
    let enums = model.enums
    return [
      "tables": LazyTemplateArray(count: tables.count) { tableValue(tables[$0]) },
      "tablesByName": LazyTemplateArray(count: byName.count) { tableValue(tables[byName[$0]]) },
      "schemaTables": LazyTemplateArray(count: schemaEntries.count) {
        schemaValue(schemaEntries[$0])
      },
      "postgresSchemaTables": LazyTemplateArray(count: postgresEntries.count) {
        schemaValue(postgresEntries[$0])
      },
      "children": LazyTemplateArray(count: children.count) { childValue(children[$0]) },
      "enums": LazyTemplateArray(count: enums.count) { enumValue(enums[$0]) },
    ]
  }

  static func tableValue(_ table: TableModel) -> TemplateValue {
    let key = table.primaryKeyColumns
    let keyType =
      table.hasCompositePrimaryKey ? "PrimaryKey" : (key.first?.unwrappedSwiftType ?? "Never")
    var keyPosition: [String: Int] = [:]
    for (position, column) in key.enumerated() { keyPosition[column.propertyName] = position }
    // A public struct may hold internal properties of internal types: members that mention
    // a column's type are no wider than the property, and the record's initializer no wider
    // than its narrowest column.
    let narrowest = table.columns.map { min($0.access, table.access) }.min() ?? table.access
    let columns = table.columns.enumerated().map { index, column in
      columnValue(column, index: index, keyPosition: keyPosition[column.propertyName], in: table)
    }
    var value: [String: TemplateValue] = [
      "typeName": .string(table.typeName),
      "baseName": .string(table.baseName),
      "recordName": .string(table.baseName + "Record"),
      "translatorName": .string(table.baseName + "Translator"),
      "name": .string(table.name),
      "nameLiteral": .string(swiftLiteral(table.name)),
      "access": .string(prefix(table.access)),
      "initAccess": .string(prefix(narrowest)),
      "primaryKeyType": .string(keyType),
      "hasCompositePrimaryKey": .bool(table.hasCompositePrimaryKey),
      "columns": .array(columns),
      "primaryKeyColumns": .array(
        zip(table.columns, columns).filter { column, _ in column.isPrimaryKey }.map { $0.1 }),
      "indexes": .array(
        table.indexes.map { index in
          .dictionary([
            "name": .string(index.name),
            "columnsLiteral": .string(index.columns.map(swiftLiteral).joined(separator: ", ")),
            "isUnique": .bool(index.isUnique),
          ])
        }),
      // `IndexDefinition(["a"]), IndexDefinition(["b"], unique: true)`: the list written on one
      // line when it fits, as `swift format` wants a collection that fits (no trailing comma).
      "columnsInline": .string(
        table.columns.map { "ColumnDefinition(\(definitionArguments($0, in: table)))" }
          .joined(separator: ", ")),
      "indexesInline": .string(
        table.indexes.map { index in
          "IndexDefinition([\(index.columns.map(swiftLiteral).joined(separator: ", "))]"
            + (index.isUnique ? ", unique: true)" : ")")
        }.joined(separator: ", ")),
      "fullText": table.fullTextColumns.isEmpty
        ? .null
        : .dictionary([
          "columns": .array(table.fullTextColumns.map { .string(swiftLiteral($0)) }),
          "columnsLiteral": .string(
            table.fullTextColumns.map(swiftLiteral).joined(separator: ", ")),
        ]),
      "hasArgumentsAfterColumns": .bool(!table.indexes.isEmpty || !table.fullTextColumns.isEmpty),
      "sourcePath": .string(table.sourcePath),
      "sendableCheckTypes": .array(table.sendableCheckTypes.map(TemplateValue.string)),
      "decodesRowsConcurrently": .bool(table.decodesRowsConcurrently),
      "migrations": .array(table.migrations.map { .string("m" + $0) }),
      "timestampColumns": .array(
        zip(table.columns, columns).filter { column, _ in column.timestamp != nil }.map { $0.1 }),
      "updatedAtColumns": .array(
        zip(table.columns, columns).filter { column, _ in column.timestamp == .updatedAt }
          .map { $0.1 }),
      "insertedKey": insertedKeyValue(table),
      "jsonPaths": .array(table.jsonPaths.map(jsonPathsValue)),
      "memberwiseArguments": memberwiseArguments(table),
    ]
    value.merge(schemaKeys(table)) { first, _ in first }
    value.merge(ownedValues(table)) { first, _ in first }
    return .dictionary(value)
  }

  /// `init(row:)`'s arguments to the memberwise initializer (`name: row.decode(at: 1)`, an
  /// owned relation's `children: []`), one a line; null when it assigns each property instead,
  /// because the struct's initializer cannot be called (see `MemberwiseInitializer`) or an
  /// argument would not fit a line of 100 columns.
  static func memberwiseArguments(_ table: TableModel) -> TemplateValue {
    guard let properties = table.memberwiseInitializerProperties else { return .null }
    var arguments: [TemplateValue] = []
    for name in properties {
      // An argument label may be any other reserved word as it is (a backticked `var` is a
      // warning), but `inout` and `_` need their backticks.
      let label = ["inout", "_"].contains(name) ? "`\(name)`" : name
      let value: String
      if let index = table.columns.firstIndex(where: { $0.propertyName == name }) {
        let decode = table.columns[index].storage == .json ? "decodeJSON" : "decode"
        value = "row.\(decode)(at: \(index))"
      } else if let relation = table.relations.first(where: { $0.propertyName == name }) {
        switch relation.cardinality {
        case .many: value = "[]"
        case .optional: value = "nil"
        case .one: return .null
        }
      } else {
        return .null
      }
      let argument = "\(label): \(value)"
      // Six columns of indentation and a comma.
      if argument.count + 7 > 100 { return .null }
      arguments.append(.string(argument))
    }
    return .array(arguments)
  }

  static func columnValue(
    _ column: ColumnModel, index: Int, keyPosition: Int?, in table: TableModel
  ) -> TemplateValue {
    let isJSON = column.storage == .json
    var references: TemplateValue = .null
    if let foreignKey = column.references {
      references = .dictionary([
        "typeName": .string(foreignKey.typeName), "table": .string(foreignKey.table),
        "column": .string(foreignKey.column), "actions": .string(foreignKey.actionsArguments),
      ])
    }
    let offset = keyPosition.map { $0 == 0 ? "" : " + \($0)" } ?? ""
    return .dictionary([
      "propertyName": .string(column.propertyName),
      "swiftName": .string(swiftName(column.propertyName)),
      "reference": .string(reference(column.propertyName)),
      "access": .string(prefix(min(column.access, table.access))),
      "name": .string(column.name),
      "nameLiteral": .string(swiftLiteral(column.name)),
      "swiftType": .string(column.swiftType),
      "unwrappedSwiftType": .string(column.unwrappedSwiftType),
      "isOptional": .bool(column.isOptional),
      "isNullable": .bool(column.isNullable),
      "sqlType": .string(column.sqlType.rawValue),
      "kind": column.valueKind.map(TemplateValue.string) ?? .null,
      "isJSON": .bool(isJSON),
      "isISO8601": .bool(column.storage == .iso8601),
      "isPrimaryKey": .bool(column.isPrimaryKey),
      "isAutoincrement": .bool(column.isAutoincrement),
      "isUnique": .bool(column.isUnique),
      "isIndexed": .bool(column.isIndexed),
      "defaultSQL": column.defaultSQL.map(TemplateValue.string) ?? .null,
      "references": references,
      "index": .number(Double(index)),
      "parameter": .number(Double(index + 1)),
      "keyOffset": .string(offset),
      "decode": .string(isJSON ? "decodeJSON" : "decode"),
      "bind": .string(bindFunction(column.storage)),
      "definitionArguments": .string(definitionArguments(column, in: table)),
      "timestamp": column.timestamp.map { .string($0.rawValue) } ?? .null,
    ])
  }

  /// The `Statement` method that binds a column of `storage`.
  static func bindFunction(_ storage: ColumnModel.Storage) -> String {
    switch storage {
    case .value: "bind"
    case .json: "bindJSON"
    case .iso8601: "bindISO8601"
    }
  }

  /// For `didInsert(rowID:)`: the autoincrement key (`swiftName`) and the rowid as its type
  /// (`rowID`, or `Int(rowID)`); null for a table whose keys are not assigned by SQLite.
  private static func insertedKeyValue(_ table: TableModel) -> TemplateValue {
    guard let key = table.columns.first(where: \.isAutoincrement) else { return .null }
    let type = key.unwrappedSwiftType
    let value = ["Int64", "Swift.Int64"].contains(type) ? "rowID" : "\(type)(rowID)"
    return .dictionary(["swiftName": .string(swiftName(key.propertyName)), "value": .string(value)])
  }

  /// The keys Schema.sql and Schema.postgres.sql read of a table.
  private static func schemaValue(_ table: TableModel) -> TemplateValue {
    .dictionary(schemaKeys(table).merging(["name": .string(table.name)]) { $1 })
  }

  /// A table's DDL on both engines, under the keys `tableValue` and `schemaValue` share.
  private static func schemaKeys(_ table: TableModel) -> [String: TemplateValue] {
    [
      "createTableSQL": .string(table.createTableSQL),
      "createIndexSQL": .array(table.createIndexSQL.map(TemplateValue.string)),
      "createFullTextSQL": .array(table.createFullTextSQL.map(TemplateValue.string)),
      "postgresCreateTableSQL": .string(table.postgresCreateTableSQL),
      "postgresCreateIndexSQL": .array(table.postgresCreateIndexSQL.map(TemplateValue.string)),
      "postgresCreateFullTextSQL": .array(
        table.postgresCreateFullTextSQL.map(TemplateValue.string)),
    ]
  }

  static func enumValue(_ model: EnumModel) -> TemplateValue {
    .dictionary([
      "name": .string(model.name),
      "rawType": .string(model.rawType),
      "access": .string(prefix(model.access)),
      "declaresSendable": .bool(model.declaresSendable),
      "sourcePath": .string(model.sourcePath),
    ])
  }

  /// `"nest_id", .integer, nullable: true, references: ForeignKey("nests", "id")`.
  static func definitionArguments(_ column: ColumnModel, in table: TableModel) -> String {
    var parts = [swiftLiteral(column.name), "." + column.sqlType.rawValue]
    if let kind = column.valueKind { parts.append("kind: .\(kind)") }
    if column.isNullable { parts.append("nullable: true") }
    if column.isPrimaryKey { parts.append("primaryKey: true") }
    if column.isAutoincrement { parts.append("autoincrement: true") }
    if column.isUnique { parts.append("unique: true") }
    if column.isIndexed { parts.append("indexed: true") }
    if let defaultSQL = column.defaultSQL {
      parts.append("defaultSQL: \(swiftLiteral(defaultSQL))")
    }
    if let foreignKey = column.references {
      parts.append(
        "references: ForeignKey(\(swiftLiteral(foreignKey.table)), "
          + "\(swiftLiteral(foreignKey.column))" + foreignKey.actionsArguments + ")")
    }
    if let timestamp = column.timestamp { parts.append("timestamp: .\(timestamp.rawValue)") }
    return parts.joined(separator: ", ")
  }

  /// A struct with typed JSON paths: `typeName`, `access`, `example` (a path for the doc
  /// comment) and `fields`, each with `swiftName`, `access`, `swiftType`, `keyLiteral` and
  /// `isJSON`.
  static func jsonPathsValue(_ paths: JSONPathModel) -> TemplateValue {
    .dictionary([
      "typeName": .string(paths.typeName),
      "access": .string(prefix(paths.access)),
      "example": .string(
        paths.example + "." + (paths.fields.first?.propertyName ?? "")),
      "fields": .array(
        paths.fields.map { field in
          .dictionary([
            "swiftName": .string(swiftName(field.propertyName)),
            "access": .string(prefix(min(field.access, paths.access))),
            "swiftType": .string(field.swiftType),
            "keyLiteral": .string(swiftLiteral(field.key)),
            "isJSON": .bool(field.isJSON),
          ])
        }),
    ])
  }

  /// The access modifier to write before a declaration, with its trailing space; empty for
  /// internal (the default) and for levels a generated file cannot use.
  static func prefix(_ access: AccessLevel) -> String {
    switch access {
    case .public, .open: "public "
    case .package: "package "
    case .internal, .fileprivate, .private: ""
    }
  }

  /// Swift's reserved words, which need backticks as identifiers.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
  ]

  /// A property name usable as an identifier: backticked when it is a reserved word.
  static func swiftName(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Parameter names of the generated methods that read properties.
  static let parameterNames: Set<String> = ["row", "statement", "index", "column", "primaryKey"]

  /// How generated methods read a property: `self.index` when a parameter has its name.
  static func reference(_ name: String) -> String {
    parameterNames.contains(name) ? "self.\(swiftName(name))" : swiftName(name)
  }

  /// A Swift string literal spelling `text`, for any Unicode text (see `SwiftLiteral`).
  static func swiftLiteral(_ text: String) -> String {
    SwiftLiteral.string(text)
  }
}
