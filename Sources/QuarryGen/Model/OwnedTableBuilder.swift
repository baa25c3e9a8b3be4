/// Expands a persisted struct's owned properties, nested ones included, into child tables.
///
/// `Recipe.steps` (`[Step]`) gives `recipe_steps` keyed by (`recipe_id`, `position`) with a
/// foreign key to `recipe` (`id`); `Step.substeps` below it gives `recipe_steps_substeps`
/// keyed by (`recipe_id`, `steps_position`, `position`) pointing at `recipe_steps`. Every child
/// table starts with the top-level key, so one query per table loads any set of owners.
enum OwnedTableBuilder {
  static func tables(
    of table: TableModel, children: [String: ChildModel],
    reportedCycles: inout Set<SourceLocation>, diagnostics: inout [Diagnostic]
  ) -> [OwnedTableModel] {
    guard !table.relations.isEmpty else { return [] }
    let localName = table.typeName.split(separator: ".").last.map(String.init) ?? table.typeName
    let prefix = ModelBuilder.snakeCase(localName)
    let rootKey = table.primaryKeyColumns.map { column in
      keyColumn(prefix + "_" + column.name, like: column)
    }
    var result: [OwnedTableModel] = []
    var reportedClashes: Set<SourceLocation> = []

    func visit(
      _ relations: [OwnedRelationModel], ownerTable: String, ownerKeyNames: [String],
      ownerKey: [ColumnModel], parent: Int?, path: [String], types: [String]
    ) {
      for relation in relations {
        if let start = types.firstIndex(of: relation.childTypeName) {
          if reportedCycles.insert(relation.location).inserted {
            diagnostics.append(
              .error(
                .ownedCycle(
                  property: relation.propertyName,
                  cycle: Array(types[start...]) + [relation.childTypeName]),
                at: relation.location))
          }
          continue
        }
        guard let child = children[relation.childTypeName] else { continue }
        let name = child.tableName ?? ownerTable + "_" + ModelBuilder.snakeCase(relation.propertyName)
        let isMany = relation.cardinality == .many
        let keyColumns = ownerKey + (isMany ? [positionColumn("position", at: relation)] : [])
        let keyNames = Set(keyColumns.map { $0.name.lowercased() })
        for column in child.columns where keyNames.contains(column.name.lowercased()) {
          if reportedClashes.insert(column.location).inserted {
            diagnostics.append(
              .error(.ownedKeyColumnClash(column: column.name, table: name), at: column.location))
          }
        }
        let position = result.count
        result.append(
          OwnedTableModel(
            path: path + [relation.propertyName], relation: relation, name: name,
            keyColumns: keyColumns, rootKeyCount: rootKey.count, ownerKeyCount: ownerKey.count,
            ownerTable: ownerTable, ownerKeyColumnNames: ownerKeyNames,
            childColumns: child.columns, parent: parent))
        let nextOwnerKey =
          ownerKey
          + (isMany
            ? [positionColumn(ModelBuilder.snakeCase(relation.propertyName) + "_position", at: relation)]
            : [])
        visit(
          child.relations, ownerTable: name, ownerKeyNames: keyColumns.map(\.name),
          ownerKey: nextOwnerKey, parent: position, path: path + [relation.propertyName],
          types: types + [relation.childTypeName])
      }
    }
    visit(
      table.relations, ownerTable: table.name, ownerKeyNames: table.primaryKeyColumns.map(\.name),
      ownerKey: rootKey, parent: nil, path: [], types: [table.typeName])
    return result
  }

  /// A key column of a child table holding the owner's key column `column`.
  private static func keyColumn(_ name: String, like column: ColumnModel) -> ColumnModel {
    ColumnModel(
      propertyName: name, access: column.access, name: name, swiftType: column.unwrappedSwiftType,
      unwrappedSwiftType: column.unwrappedSwiftType, isOptional: false, sqlType: column.sqlType,
      storage: column.storage, isPrimaryKey: true, location: column.location)
  }

  private static func positionColumn(_ name: String, at relation: OwnedRelationModel)
    -> ColumnModel
  {
    ColumnModel(
      propertyName: name, name: name, swiftType: "Int", unwrappedSwiftType: "Int",
      isOptional: false, sqlType: .integer, isPrimaryKey: true, location: relation.location)
  }
}
