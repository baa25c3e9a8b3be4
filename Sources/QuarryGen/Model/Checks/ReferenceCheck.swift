/// `references = Type` must name a persisted struct with a single-column key of the
/// referencing column's Swift type (optional or not); the foreign key then points at that
/// struct's table and key column.
///
/// An `Int` cannot match a `UUID` key: every insert would fail the foreign key (an error). An
/// `Int` column for an `Int64` key, or a `String` for a `String`-backed enum, is stored alike, so
/// the foreign key is made; but `Book.author` reads the column as the key's type, so it gets no
/// association, and a warning names the type to declare (`Swift.Int` and `Int` are one type).
/// Types of your own (`BLOB`, any storage class) are not compared in SQL.
enum ReferenceCheck {
  static func foreignKey(
    _ name: String, at location: SourceLocation, from scope: String, column: ColumnModel,
    index: DeclarationIndex, diagnostics: inout [Diagnostic]
  ) -> ForeignKeyModel? {
    guard let resolved = index.resolve(name, from: scope), let table = index.table(resolved)
    else {
      let candidates = index.persisted.sorted()
      let suggestion = EditDistance.suggestion(for: name, among: candidates)
      diagnostics.append(.error(.unknownReference(name, suggestion: suggestion), at: location))
      return nil
    }
    let key = table.primaryKeyColumns
    guard key.count == 1 else {
      if key.count > 1 {
        diagnostics.append(.error(.referenceToCompositeKey(name), at: location))
      }
      return nil
    }
    let types = [column.sqlType, key[0].sqlType]
    if types[0] != types[1] && !types.contains(.blob) {
      diagnostics.append(
        .error(
          .referenceTypeMismatch(
            property: column.propertyName, type: column.swiftType, target: resolved,
            keyType: key[0].unwrappedSwiftType),
          at: location))
      return nil
    }
    let keyType = TypeMapping.builtinName(key[0].unwrappedSwiftType)
    if TypeMapping.builtinName(column.unwrappedSwiftType) != keyType {
      diagnostics.append(
        .warning(
          .referenceWithoutAssociation(
            property: column.propertyName, type: column.swiftType, target: resolved,
            keyType: keyType, fix: column.isOptional ? keyType + "?" : keyType),
          at: location))
    }
    return ForeignKeyModel(typeName: resolved, table: table.name, column: key[0].name)
  }
}
