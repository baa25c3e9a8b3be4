/// Derives the associations of resolved references: `Book.author` and its inverse
/// `Author.books` for each `references = Author`, and `Book.tags` / `Tag.books` for a struct
/// whose composite key is two references (`BookTag { bookID, tagID }`).
///
/// A name that clashes with a member the struct declares, or an `inverse = "…"` that clashes
/// with another association, is an error with the fix. A default inverse name that another
/// reference to the same struct already took (`writerID` and `editorID`, both `references =
/// Author`, would both give `Author.books`) is a warning: the first keeps it, the other is not
/// generated until it is named. A reference whose property has no `ID`/`Id` suffix (`var
/// writer: UUID`) gets no to-one association, since its name would be the property's own.
enum AssociationBuilder {
  /// A reference as written, with its `inverse` override.
  struct Reference {
    var table: String
    var column: Int
    var inverse: (name: String, location: SourceLocation)?
    var location: SourceLocation
  }

  static func build(
    _ tables: inout CompactArray<TableModel>, references: [Reference],
    declarations: DeclarationTable<StructDeclaration>,
    diagnostics: inout [Diagnostic]
  ) {
    // Every association comes from a reference; without any, nothing needs a table read.
    guard !references.isEmpty else { return }
    var position: [String: Int] = [:]
    for (offset, table) in tables.enumerated() { position[table.typeName] = offset }
    var taken: [String: [String: SourceLocation]] = [:]
    func add(
      _ association: AssociationModel, at location: SourceLocation, fix: String?,
      isDefaultInverse: Bool = false
    ) {
      guard let owner = position[association.ownerType] else { return }
      let declaration = declarations[association.ownerType]
      let declared = Set(
        (declaration?.properties.map(\.name) ?? []) + (declaration?.staticMemberNames ?? []))
      if isDefaultInverse, !declared.contains(association.name),
        taken[association.ownerType]?[association.name] != nil
      {
        diagnostics.append(
          .warning(
            .inverseNameTaken(
              name: association.name, structName: association.ownerType, fix: fix ?? ""),
            at: location))
        return
      }
      if declared.contains(association.name)
        || taken[association.ownerType]?[association.name] != nil
      {
        diagnostics.append(
          .error(
            .associationNameClash(
              name: association.name, structName: association.ownerType, fix: fix),
            at: location))
        return
      }
      taken[association.ownerType, default: [:]][association.name] = location
      tables[owner].associations.append(association)
    }
    for reference in references {
      guard let owner = position[reference.table] else { continue }
      let table = tables[owner]
      let column = table.columns[reference.column]
      guard let foreignKey = column.references, let targetPosition = position[foreignKey.typeName]
      else { continue }
      let target = tables[targetPosition]
      guard let targetKey = target.primaryKeyColumns.first,
        target.primaryKeyColumns.count == 1,
        TypeMapping.builtinName(targetKey.unwrappedSwiftType)
          == TypeMapping.builtinName(column.unwrappedSwiftType)
      else { continue }  // `ReferenceCheck` warned: the types differ
      let toOneName = associationName(column.propertyName)
      if toOneName != column.propertyName {
        add(
          AssociationModel(
            kind: column.isOptional ? .optionalBelongsTo : .belongsTo,
            name: toOneName, ownerType: table.typeName,
            targetType: target.typeName, column: column.name, property: column.propertyName,
            access: min(table.access, target.access, column.access)),
          at: reference.location, fix: nil)
      }
      // A unique reference (`references = Book, unique`) has at most one row per target: the
      // inverse is a to-one `HasOne`, named in the singular (`Book.cover`).
      let isUnique =
        column.isUnique
        || table.indexes.contains { $0.isUnique && $0.columns == [column.name] }
      let defaultInverse = lowerCamel(localName(table.typeName))
      let inverse = reference.inverse?.name ?? (isUnique ? defaultInverse : plural(defaultInverse))
      add(
        AssociationModel(
          kind: isUnique ? .hasOne : .hasMany, name: inverse, ownerType: target.typeName,
          targetType: table.typeName,
          column: column.name, property: targetKey.propertyName,
          access: min(table.access, target.access)),
        at: reference.inverse?.location ?? reference.location,
        fix: "name it with inverse = \"…\" on '\(table.typeName).\(column.propertyName)'",
        isDefaultInverse: reference.inverse == nil)
    }
    // Many-to-many: a key of exactly two references.
    for table in tables where table.primaryKeyColumns.count == 2 {
      let key = table.primaryKeyColumns
      guard let first = key[0].references, let second = key[1].references,
        let firstTable = position[first.typeName].map({ tables[$0] }),
        let secondTable = position[second.typeName].map({ tables[$0] }),
        firstTable.primaryKeyColumns.count == 1, secondTable.primaryKeyColumns.count == 1
      else { continue }
      let access = min(table.access, firstTable.access, secondTable.access)
      for (owner, ownerColumn, target, targetColumn) in [
        (firstTable, key[0], secondTable, key[1]), (secondTable, key[1], firstTable, key[0]),
      ] {
        add(
          AssociationModel(
            kind: .hasManyThrough, name: plural(lowerCamel(localName(target.typeName))),
            ownerType: owner.typeName, targetType: target.typeName, linkType: table.typeName,
            column: ownerColumn.name, targetColumn: targetColumn.name,
            property: owner.primaryKeyColumns[0].propertyName, access: access),
          at: table.location, fix: nil)
      }
    }
  }

  /// `authorID` gives `author`; a name without the suffix stays as it is.
  static func associationName(_ property: String) -> String {
    for suffix in ["ID", "Id"] where property.hasSuffix(suffix) && property.count > suffix.count {
      return String(property.dropLast(suffix.count))
    }
    return property
  }

  static func localName(_ typeName: String) -> String {
    typeName.split(separator: ".").last.map(String.init) ?? typeName
  }

  /// `BookTag` gives `bookTag`, `URLEntry` gives `urlEntry`.
  static func lowerCamel(_ name: String) -> String {
    let characters = Array(name)
    var upper = 0
    while upper < characters.count && characters[upper].isUppercase { upper += 1 }
    // Keep the capital that starts the next word: `URLEntry` → `url` + `Entry`.
    let lowered = upper > 1 && upper < characters.count ? upper - 1 : upper
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
  }

  /// English plural of a lower-camel name: `book` → `books`, `box` → `boxes`,
  /// `category` → `categories`, `day` → `days`.
  static func plural(_ name: String) -> String {
    let lower = name.lowercased()
    if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
      return name.dropLast() + "ies"
    }
    for suffix in ["s", "x", "z", "ch", "sh"] where lower.hasSuffix(suffix) {
      return name + "es"
    }
    return name + "s"
  }
}
