/// Chooses the primary key: the struct's `primaryKey = [...]`, else the properties annotated
/// `primaryKey` (or `autoincrement`), else a property named `id`; reports a missing key, a key
/// declared twice, optional keys, and misused `autoincrement`.
enum PrimaryKeyCheck {
  static func run(
    _ columns: inout [ColumnModel], structKey: AnnotationKeyCheck.NameList?,
    declaration: StructDeclaration, diagnostics: inout [Diagnostic]
  ) {
    let annotated = columns.indices.filter { columns[$0].isPrimaryKey }
    let key: [Int]
    if let structKey {
      if let first = annotated.first {
        diagnostics.append(
          .error(
            .primaryKeyDeclaredTwice(
              structName: declaration.name, property: columns[first].propertyName),
            at: columns[first].location))
      }
      guard
        let listed = PropertyListCheck.columns(
          structKey, key: "primaryKey", in: columns, diagnostics: &diagnostics)
      else { return }
      key = listed
    } else if let autoincrement = columns.indices.first(where: { columns[$0].isAutoincrement }) {
      key = annotated.isEmpty ? [autoincrement] : annotated
    } else if !annotated.isEmpty {
      key = annotated
    } else if let id = columns.firstIndex(where: { $0.propertyName == "id" }) {
      key = [id]
    } else {
      diagnostics.append(
        .error(.noPrimaryKey(structName: declaration.name), at: declaration.location))
      return
    }
    for index in columns.indices { columns[index].isPrimaryKey = key.contains(index) }
    for index in key {
      let column = columns[index]
      if column.isAutoincrement {
        if key.count > 1 {
          diagnostics.append(
            .error(
              .autoincrementInCompositeKey(property: column.propertyName),
              at: column.location))
        }
      } else if column.isOptional {
        diagnostics.append(
          .error(
            .optionalPrimaryKey(property: column.propertyName, type: column.swiftType),
            at: column.location))
      }
    }
  }

  /// `autoincrement` needs an optional integer; it also makes the property the key.
  static func checkAutoincrement(_ column: ColumnModel, diagnostics: inout [Diagnostic]) -> Bool {
    guard TypeMapping.isInteger(column.unwrappedSwiftType), column.storage == .value else {
      diagnostics.append(
        .error(
          .autoincrementNotInteger(property: column.propertyName, type: column.swiftType),
          at: column.location))
      return false
    }
    guard column.isOptional else {
      diagnostics.append(
        .error(
          .autoincrementNotOptional(property: column.propertyName, type: column.swiftType),
          at: column.location))
      return false
    }
    return true
  }
}
