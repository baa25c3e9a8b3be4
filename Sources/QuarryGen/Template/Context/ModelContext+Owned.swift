/// Template values of owned children: a table's `relations` and `ownedTables`, and the
/// `children` (each struct an owned property holds).
///
/// On a table: `hasOwnedTables`, `ownedTablesName` (`RecipeOwnedTables`), `relations` (each
/// with `propertyName`, `swiftName`, `swiftType`, `emptyValue`, `savedName`, `functionSuffix`,
/// `isMany`, `isOptional`, `isOne`, `access`), `ownedTables`, and the key expressions
/// `valueKey`, `valueKeyIsOptional`, `rowKey`, `insertKeyStatement`, `recordKeyStatement`.
///
/// An owned table: `constant`, `functionSuffix`, `childType`, `parameterType`, `isMany`,
/// `isOptional`, `isOne`, `ancestors` (`name`, `parameter`, `offset`, `column`, `guard`),
/// `positionParameter`, `positionOffset`, `childParameter`, `childOffset`, `loadTarget`,
/// `nested` (`functionSuffix`, `swiftName`, `arguments`), `parameters`, `columns` (as
/// `definitionArguments`), `foreignKey` (one line; its parts `foreignKeyColumns`,
/// `foreignKeyTable`, `foreignKeyOwnerColumns`), `rootKeyCount`, `ownerKeyCount`, `createTableSQL`.
extension ModelContext {
  static func ownedValues(_ table: TableModel) -> [String: TemplateValue] {
    let key = table.primaryKeyColumns
    let names = key.map { swiftName($0.propertyName) }
    let isAutoincrement = key.count == 1 && key[0].isOptional
    var valueKey = "value." + (names.first ?? "id")
    var rowKey = "row.decode(at: 0)"
    var insertKey = "let key = \(names.first ?? "id")" + (isAutoincrement ? " ?? rowID" : "")
    var recordKey =
      isAutoincrement
      ? "guard let key = \(names[0]) else { return }" : "let key = \(names.first ?? "id")"
    if key.count > 1 {
      let parts = zip(key, names).map { "\($0.0.propertyName): \($0.1)" }
      valueKey =
        "PrimaryKey("
        + zip(key, names).map { "\($0.0.propertyName): value.\($0.1)" }
        .joined(separator: ", ") + ")"
      rowKey =
        "PrimaryKey("
        + key.enumerated().map { "\($0.element.propertyName): row.decode(at: \($0.offset))" }
        .joined(separator: ", ") + ")"
      insertKey = "let key = PrimaryKey(" + parts.joined(separator: ", ") + ")"
      // The record class is declared outside the struct: its `PrimaryKey` is `Value`'s.
      recordKey = "let key = Value.PrimaryKey(" + parts.joined(separator: ", ") + ")"
    }
    let relations = table.relations.map { relation in
      TemplateValue.dictionary(relationValue(relation, in: table))
    }
    return [
      "hasOwnedTables": .bool(!table.ownedTables.isEmpty),
      "ownedTablesName": .string(table.baseName + "OwnedTables"),
      "relations": .array(relations),
      "ownedTables": .array(table.ownedTables.map { ownedTableValue($0, in: table) }),
      "valueKey": .string(valueKey),
      "valueKeyIsOptional": .bool(isAutoincrement),
      "rowKey": .string(rowKey),
      "insertKeyStatement": .string(insertKey),
      "recordKeyStatement": .string(recordKey),
      "associations": .array(table.associations.map(associationValue)),
    ]
  }

  /// An association: `kind` (`belongsTo`, `optionalBelongsTo`, `hasMany`, `hasOne`,
  /// `hasManyThrough`),
  /// `typeName` (`BelongsTo`…), `swiftName`, `ownerType`, `targetType`, `linkType`,
  /// `columnLiteral`, `targetColumnLiteral`, `property`, `access`.
  static func associationValue(_ association: AssociationModel) -> TemplateValue {
    let typeName: String
    switch association.kind {
    case .belongsTo: typeName = "BelongsTo"
    case .optionalBelongsTo: typeName = "OptionalBelongsTo"
    case .hasMany: typeName = "HasMany"
    case .hasOne: typeName = "HasOne"
    case .hasManyThrough: typeName = "HasManyThrough"
    }
    return .dictionary([
      "kind": .string(association.kind.rawValue),
      "typeName": .string(typeName),
      "swiftName": .string(swiftName(association.name)),
      "ownerType": .string(association.ownerType),
      "targetType": .string(association.targetType),
      "linkType": association.linkType.map(TemplateValue.string) ?? .null,
      "columnLiteral": .string(swiftLiteral(association.column)),
      "targetColumnLiteral": association.targetColumn.map { .string(swiftLiteral($0)) } ?? .null,
      "property": .string(swiftName(association.property)),
      "access": .string(prefix(association.access)),
    ])
  }

  private static func relationValue(_ relation: OwnedRelationModel, in table: TableModel)
    -> [String: TemplateValue]
  {
    let child = relation.childTypeName
    let swiftType: String
    let emptyValue: TemplateValue
    switch relation.cardinality {
    case .many: (swiftType, emptyValue) = ("[\(child)]", .string("[]"))
    case .optional: (swiftType, emptyValue) = ("\(child)?", .string("nil"))
    case .one: (swiftType, emptyValue) = (child, .null)
    }
    return [
      "propertyName": .string(relation.propertyName),
      "swiftName": .string(swiftName(relation.propertyName)),
      "swiftType": .string(swiftType),
      "childType": .string(child),
      "emptyValue": emptyValue,
      "savedName": .string("saved" + upperFirst(relation.propertyName)),
      "constant": .string(lowerCamel(relation.propertyName)),
      "functionSuffix": .string(upperFirst(relation.propertyName)),
      "isMany": .bool(relation.cardinality == .many),
      "isOptional": .bool(relation.cardinality == .optional),
      "isOne": .bool(relation.cardinality == .one),
      "access": .string(prefix(min(relation.access, table.access))),
    ]
  }

  static func ownedTableValue(_ owned: OwnedTableModel, in table: TableModel) -> TemplateValue {
    let isMany = owned.relation.cardinality == .many
    let ancestorNames = owned.keyColumns[owned.rootKeyCount..<owned.ownerKeyCount].map {
      lowerCamel($0.name)
    }
    // The path from `values[owner]` down to this relation, through array ancestors by their
    // decoded positions and optional ancestors by optional chaining.
    var target = "values[owner]"
    var ancestors: [TemplateValue] = []
    var ancestorIndex = 0
    var chain: [OwnedTableModel] = []
    var parent = owned.parent
    while let position = parent {
      chain.insert(table.ownedTables[position], at: 0)
      parent = table.ownedTables[position].parent
    }
    for ancestor in chain {
      target += "." + swiftName(ancestor.relation.propertyName)
      switch ancestor.relation.cardinality {
      case .many:
        let name = ancestorNames[ancestorIndex]
        let column = owned.rootKeyCount + ancestorIndex
        let isChained = target.contains("?")
        let condition =
          "\(target).indices.contains(\(name))" + (isChained ? " == true" : "")
        ancestors.append(
          .dictionary([
            "name": .string(name),
            "parameter": .number(Double(column + 1)),
            "offset": .number(Double(column)),
            "column": .number(Double(column)),
            "guard": .string(condition),
          ]))
        target += "[\(name)]"
        ancestorIndex += 1
      case .optional: target += "?"
      case .one: break
      }
    }
    let loadOwner = target
    target += "." + swiftName(owned.relation.propertyName)
    let child = owned.relation.childTypeName
    let parameterType: String
    switch owned.relation.cardinality {
    case .many: parameterType = "ArraySlice<\(child)>"
    case .optional: parameterType = "\(child)?"
    case .one: parameterType = child
    }
    let ownNames =
      ancestorNames
      + (isMany ? [lowerCamel(snakeName(owned.relation.propertyName) + "_position")] : [])
    let nested = table.ownedTables.enumerated().filter {
      $0.element.parent == table.ownedTables.firstIndex(of: owned)
    }
    .map { _, next in
      var arguments = ancestorNames.map { ", \($0): \($0)" }.joined()
      if isMany, let last = ownNames.last { arguments += ", \(last): position" }
      return TemplateValue.dictionary([
        "functionSuffix": .string(functionSuffix(next)),
        "swiftName": .string(swiftName(next.relation.propertyName)),
        "arguments": .string(arguments),
        "isMany": .bool(next.relation.cardinality == .many),
      ])
    }
    let pseudo = pseudoTable(owned, in: table)
    let keyCount = owned.keyColumns.count
    return .dictionary([
      "constant": .string(lowerCamel(owned.path.joined(separator: "_"))),
      "functionSuffix": .string(functionSuffix(owned)),
      "childType": .string(child),
      "parameterType": .string(parameterType),
      "isMany": .bool(isMany),
      "isOptional": .bool(owned.relation.cardinality == .optional),
      "isOne": .bool(owned.relation.cardinality == .one),
      "ancestors": .array(ancestors),
      "parameters": .string(ancestorNames.map { ", \($0): Int" }.joined()),
      "forwardArguments": .string(ancestorNames.map { ", \($0): \($0)" }.joined()),
      "positionParameter": .number(Double(owned.ownerKeyCount + 1)),
      "positionOffset": .string(" + \(owned.ownerKeyCount)"),
      "childParameter": .number(Double(keyCount + 1)),
      "childOffset": .number(Double(keyCount)),
      "loadTarget": .string(target),
      "loadOwner": .string(loadOwner),
      "swiftName": .string(swiftName(owned.relation.propertyName)),
      "nested": .array(nested),
      "columns": .array(
        pseudo.columns.map { .string(definitionArguments($0, in: pseudo)) }),
      "nameLiteral": .string(swiftLiteral(owned.name)),
      "foreignKey": .string(foreignKeyLiteral(owned)),
      "foreignKeyColumns": .array(
        owned.keyColumns.prefix(owned.ownerKeyCount).map { .string(swiftLiteral($0.name)) }),
      "foreignKeyTable": .string(swiftLiteral(owned.ownerTable)),
      "foreignKeyOwnerColumns": .array(owned.ownerKeyColumnNames.map { .string(swiftLiteral($0)) }),
      "rootKeyCount": .number(Double(owned.rootKeyCount)),
      "ownerKeyCount": .number(Double(owned.ownerKeyCount)),
      "createTableSQL": .string(owned.createTableSQL(in: table)),
    ])
  }

  /// `TableForeignKey(["recipe_id"], references: "recipe", columns: ["id"], onDelete: .cascade)`.
  /// The one-line `TableForeignKey(…)` to the owner's table; the template wraps it.
  private static func foreignKeyLiteral(_ owned: OwnedTableModel) -> String {
    let own = owned.keyColumns.prefix(owned.ownerKeyCount).map { swiftLiteral($0.name) }
    let other = owned.ownerKeyColumnNames.map(swiftLiteral)
    return "TableForeignKey([\(own.joined(separator: ", "))], references: "
      + "\(swiftLiteral(owned.ownerTable)), columns: [\(other.joined(separator: ", "))], "
      + "onDelete: .cascade)"
  }

  static func functionSuffix(_ owned: OwnedTableModel) -> String {
    owned.path.map(upperFirst).joined()
  }

  /// The child table as a table model, for column definitions and DDL.
  static func pseudoTable(_ owned: OwnedTableModel, in table: TableModel) -> TableModel {
    TableModel(
      typeName: table.typeName, access: table.access, name: owned.name, columns: owned.columns,
      indexes: [], sourcePath: table.sourcePath, location: owned.relation.location)
  }

  static func upperFirst(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }

  /// `steps_position` gives `stepsPosition`.
  static func lowerCamel(_ name: String) -> String {
    let parts = name.split(separator: "_")
    guard let first = parts.first else { return name }
    return String(first) + parts.dropFirst().map { upperFirst(String($0)) }.joined()
  }

  private static func snakeName(_ name: String) -> String { ModelBuilder.snakeCase(name) }

  /// A child struct: `typeName`, `access`, `columns` (with `offset`, `parameterOffset`,
  /// `same`: `same` or `sameJSON`), `relations`, `hasColumns`.
  static func childValue(_ child: ChildModel) -> TemplateValue {
    let pseudo = TableModel(
      typeName: child.typeName, access: child.access, name: child.typeName,
      columns: child.columns, indexes: [], sourcePath: child.sourcePath, location: child.location)
    let columns = child.columns.enumerated().map { index, column in
      guard
        case .dictionary(var value) = columnValue(
          column, index: index, keyPosition: nil, in: pseudo)
      else { return TemplateValue.null }
      value["offset"] = .string(index == 0 ? "" : " + \(index)")
      value["same"] = .string(column.storage == .json ? "sameJSON" : "same")
      return .dictionary(value)
    }
    return .dictionary([
      "typeName": .string(child.typeName),
      "access": .string(prefix(child.access)),
      "columns": .array(columns),
      "hasColumns": .bool(!child.columns.isEmpty),
      "relations": .array(
        child.relations.map { .dictionary(relationValue($0, in: pseudo)) }),
      "sourcePath": .string(child.sourcePath),
    ])
  }
}

extension OwnedTableModel {
  /// `CREATE TABLE …` as the runtime writes it: columns, the key, then the foreign key.
  func createTableSQL(in table: TableModel) -> String {
    let base = ModelContext.pseudoTable(self, in: table).createTableSQL
    let own = keyColumns.prefix(ownerKeyCount).map { TableModel.quote($0.name) }
    let other = ownerKeyColumnNames.map(TableModel.quote)
    let constraint =
      "  FOREIGN KEY (\(own.joined(separator: ", "))) REFERENCES "
      + "\(TableModel.quote(ownerTable)) (\(other.joined(separator: ", "))) ON DELETE CASCADE"
    return String(base.dropLast(3)) + ",\n" + constraint + "\n);"
  }
}
