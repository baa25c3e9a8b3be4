/// Chooses the primary key: the struct's `primaryKey = [...]`, else the properties annotated
/// `primaryKey` (or `autoincrement`), else a property named `id`; reports a missing key, a key
/// declared twice, optional keys, and misused `autoincrement`.
enum PrimaryKeyCheck {
  /// Returns the key's columns in key order (as written in `primaryKey = [...]`), empty when
  /// there is none. `rejectedAutoincrement`: columns whose `autoincrement` was already reported
  /// as misused; they are not reported again for being optional.
  @discardableResult
  static func run(
    _ columns: inout [ColumnModel], structKey: AnnotationKeyCheck.NameList?,
    rejectedAutoincrement: Set<Int> = [], declaration: StructDeclaration,
    diagnostics: inout [Diagnostic]
  ) -> [Int] {
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
          structKey, key: "primaryKey", in: columns, declaration: declaration,
          diagnostics: &diagnostics)
      else { return [] }
      key = listed.reduce(into: []) { unique, index in
        if !unique.contains(index) { unique.append(index) }
      }
    } else if let autoincrement = columns.indices.first(where: { columns[$0].isAutoincrement }) {
      key = annotated.isEmpty ? [autoincrement] : annotated
    } else if !annotated.isEmpty {
      key = annotated
    } else if let id = columns.firstIndex(where: { $0.propertyName == "id" }) {
      key = [id]
    } else {
      // A key property that is not a column was rejected above (its type, its access): that
      // error says what to fix, and "no primary key; add an 'id'" would only mislead.
      let keyKeys: Set<String> = ["primaryKey", "autoincrement"]
      let rejectedKey = declaration.properties.contains { property in
        let keys = property.annotations.map(\.key)
        return !keys.contains("ignore")
          && (property.name == "id" || keys.contains(where: keyKeys.contains))
      }
      if let computed = declaration.members.variables.first(where: {
        $0.name == "id" && $0.isComputed && !$0.isStatic
      }) {
        diagnostics.append(
          .error(.computedPrimaryKey(structName: declaration.name), at: computed.location))
      } else if !rejectedKey {
        diagnostics.append(
          .error(.noPrimaryKey(structName: declaration.name), at: declaration.location))
      }
      return []
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
      } else if column.isOptional && !rejectedAutoincrement.contains(index) {
        diagnostics.append(
          .error(
            .optionalPrimaryKey(property: column.propertyName, type: column.swiftType),
            at: column.location))
      }
    }
    return key
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
