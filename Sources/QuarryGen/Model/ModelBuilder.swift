/// Turns scanned declarations and their `// quarry:` annotations into tables and columns.
///
/// A struct is persisted when it carries at least one `quarry:` annotation (`// quarry:
/// persist` when nothing else is needed). The builder never throws for user mistakes: every
/// problem becomes a diagnostic and the build goes on, so one run reports them all.
///
/// ```swift
/// let result = ModelBuilder().build(scannedFiles)
/// if result.diagnostics.contains(where: \.isError) { /* print them, exit 1 */ }
/// print(result.model.tables.map(\.name))   // ["birds", "nests"]
/// ```
public struct ModelBuilder: Sendable {
  /// The model and every problem found, errors and warnings, in no particular order.
  public struct Result: Sendable {
    public var model: SchemaModel
    public var diagnostics: [Diagnostic]
  }

  public init() {}

  public func build(_ files: [ScannedFile]) -> Result {
    var diagnostics: [Diagnostic] = []
    var index = DeclarationIndex(files: files) { !$0.annotations.isEmpty }
    // A struct that owned properties hold is a child, not a table of its own, unless it says
    // `persist` (which OwnedPropertyCheck then reports); `table = "…"` names its child table.
    let childNames = index.ownedChildNames
    for name in childNames
    where index.structs[name]?.annotations.contains(where: { $0.key == "persist" }) == false {
      index.persisted.remove(name)
    }
    // The first declaration of each persisted name, as the index keeps it. The same name in
    // another file (two folders, two modules) would silently become one table.
    // Where each is, not the declaration: held together, they were most of the stage's memory.
    var persisted: [(file: Int, index: Int)] = []
    for fileIndex in files.indices {
      for (structIndex, name) in index.structs.names(inList: fileIndex).enumerated()
      where index.persisted.contains(name) {
        guard let first = index.structs.firstPosition(of: name),
          first != (fileIndex, structIndex)
        else {
          persisted.append((fileIndex, structIndex))
          continue
        }
        let declaration = index.structs.declaration(inList: fileIndex, at: structIndex)
        let other = index.structs.declaration(inList: first.list, at: first.index).location.path
        if other != declaration.location.path {
          diagnostics.append(
            .error(
              .persistedStructDeclaredTwice(name, otherPath: other), at: declaration.location))
        }
      }
    }
    // A table depends only on its struct and the index, so tables build on all cores, a
    // chunk at a time so that only a chunk is ever held as Swift values; their diagnostics
    // are gathered in declaration order, as a sequential run would.
    var built = CompactArray<TableModel>()
    built.reserveCapacity(persisted.count)
    var typeNames: [String] = []
    typeNames.reserveCapacity(persisted.count)
    var pending: [(table: Int, references: [Reference])] = []
    var start = 0
    while start < persisted.count {
      let chunk = persisted[start..<min(start + Self.chunkSize, persisted.count)].map {
        files[$0.file].structs[$0.index]
      }
      start += chunk.count
      let drafts = chunk.concurrentMap { [index] declaration in
        var references: [Reference] = []
        var found: [Diagnostic] = []
        let table = buildTable(
          declaration, index: index, references: &references, diagnostics: &found)
        return Draft(table: table, references: references, diagnostics: found)
      }
      for draft in drafts {
        diagnostics += draft.diagnostics
        if !draft.references.isEmpty { pending.append((built.count, draft.references)) }
        typeNames.append(draft.table.typeName)
        built.append(draft.table)
      }
    }
    persisted = []
    index.setTables(built, typeNames: typeNames)
    // References need every table's key, so they are resolved once all tables exist.
    var resolved: [AssociationBuilder.Reference] = []
    for (position, references) in pending {
      var table = built[position]
      for reference in references {
        let column = table.columns[reference.column]
        var foreignKey = ReferenceCheck.foreignKey(
          reference.name, at: reference.location, from: table.typeName,
          column: column, index: index, diagnostics: &diagnostics)
        for (key, action) in [("onDelete", reference.onDelete), ("onUpdate", reference.onUpdate)] {
          guard let action, action.action == "setNull", !column.isOptional else { continue }
          diagnostics.append(
            .error(
              .setNullOnNonOptional(
                key: key, property: column.propertyName, type: column.swiftType),
              at: action.location))
        }
        foreignKey?.onDelete = reference.onDelete?.action
        foreignKey?.onUpdate = reference.onUpdate?.action
        table.columns[reference.column].references = foreignKey
        resolved.append(
          AssociationBuilder.Reference(
            table: table.typeName, column: reference.column, inverse: reference.inverse,
            location: reference.location))
      }
      built[position] = table
    }
    // By type name, moving bytes only.
    var tables = built
    built = []
    tables.reorder(typeNames.indices.sorted { typeNames[$0] < typeNames[$1] })
    typeNames = []
    AssociationBuilder.build(
      &tables, references: resolved, declarations: index.structs, diagnostics: &diagnostics)
    var children: [String: ChildModel] = [:]
    for name in childNames.sorted() where !index.persisted.contains(name) {
      guard let declaration = index.structs[name] else { continue }
      children[name] = buildChild(declaration, index: index, diagnostics: &diagnostics)
    }
    var reportedCycles: Set<SourceLocation> = []
    var usedChildren: Set<String> = []
    for position in tables.indices {
      var table = tables[position]
      guard !table.relations.isEmpty else { continue }
      table.ownedTables = OwnedTableBuilder.tables(
        of: table, children: children, reportedCycles: &reportedCycles,
        diagnostics: &diagnostics)
      for owned in table.ownedTables {
        usedChildren.insert(owned.relation.childTypeName)
      }
      tables[position] = table
    }
    TableNameCheck.run(tables, diagnostics: &diagnostics)
    let childModels = usedChildren.sorted().compactMap { children[$0] }
    let pathEnums = JSONPathBuilder.build(&tables, index: index, diagnostics: &diagnostics)
    let enums = usedEnums(
      tables, children: childModels, pathEnums: pathEnums, index: index,
      diagnostics: &diagnostics)
    EnumRawTypeCheck.run(enums, declarations: index.enums, diagnostics: &diagnostics)
    return Result(
      model: SchemaModel(tables: tables, enums: enums, children: childModels),
      diagnostics: diagnostics)
  }

  /// Structs whose tables are built together, on all cores, before they are made compact.
  static let chunkSize = 256

  /// One struct's table before references are resolved, with what building it reported.
  struct Draft: Sendable {
    var table: TableModel
    var references: [Reference]
    var diagnostics: [Diagnostic]
  }

  /// A `references = Type` waiting for every table to be known.
  struct Reference: Sendable {
    var column: Int
    var name: String
    var location: SourceLocation
    var onDelete: (action: String, location: SourceLocation)?
    var onUpdate: (action: String, location: SourceLocation)?
    var inverse: (name: String, location: SourceLocation)?
  }

  private func buildTable(
    _ declaration: StructDeclaration, index: DeclarationIndex, references: inout [Reference],
    diagnostics: inout [Diagnostic]
  ) -> TableModel {
    let declaresSendable = index.declaresSendable(declaration.name)
    StructShapeCheck.run(
      declaration, declaresSendable: declaresSendable, diagnostics: &diagnostics)
    GeneratedNameCheck.run(declaration, diagnostics: &diagnostics)
    let options = AnnotationKeyCheck.structOptions(
      declaration.annotations, diagnostics: &diagnostics)
    let built = buildColumns(
      declaration, index: index, isChild: false, dateStorage: options.dateStorage,
      references: &references, diagnostics: &diagnostics)
    var columns = built.columns
    var columnProperties = built.properties
    let rejectedAutoincrement = built.rejectedAutoincrement
    ColumnNameCheck.run(columns, diagnostics: &diagnostics)
    let key = PrimaryKeyCheck.run(
      &columns, structKey: options.primaryKey, rejectedAutoincrement: rejectedAutoincrement,
      declaration: declaration, diagnostics: &diagnostics)
    // The runtime orders a composite key's parts by column (PRIMARY KEY (...), PrimaryKey's
    // members, the bound parameters), so the key's columns trade places among themselves to
    // follow the order written in `primaryKey = [...]`; other columns keep theirs.
    var order = Array(columns.indices)
    if key.count > 1 {
      for (slot, position) in zip(key.sorted(), key) { order[slot] = position }
    }
    // Generated initializers assign a property-wrapped column through its setter, which Swift
    // allows only once every plain property is set: wrapped columns outside the key go last.
    let isMovedLast = { (position: Int) in
      !columns[position].isPrimaryKey
        && PropertyWrapperCheck.wrapper(of: columnProperties[position]) != nil
    }
    order = order.filter { !isMovedLast($0) } + order.filter(isMovedLast)
    var newPosition = Array(columns.indices)
    for (slot, position) in order.enumerated() { newPosition[position] = slot }
    columns = order.map { columns[$0] }
    columnProperties = order.map { columnProperties[$0] }
    for index in references.indices {
      references[index].column = newPosition[references[index].column]
    }
    PropertyWrapperCheck.run(columnProperties, diagnostics: &diagnostics)
    let tableName = options.table ?? Self.snakeCase(declaration.localName)
    var indexes: [IndexModel] = []
    for (list, isUnique) in options.indexes {
      let key = isUnique ? "unique" : "index"
      guard
        let positions = PropertyListCheck.columns(
          list, key: key, in: columns, declaration: declaration, diagnostics: &diagnostics)
      else { continue }
      let names = positions.map { columns[$0].name }
      let name = "\(tableName)_on_\(names.joined(separator: "_"))"
      // Index names come from the columns, so the same columns indexed twice (a column's
      // 'index' and 'index = [it]', or 'index' and 'unique' over one list) would make
      // 'migrate' fail with "index already exists".
      let taken =
        indexes.contains { $0.name == name }
        || (names.count == 1 && positions.contains { columns[$0].isIndexed })
      if taken {
        diagnostics.append(.error(.duplicateIndex(name), at: list.location))
        continue
      }
      indexes.append(IndexModel(name: name, columns: names, isUnique: isUnique))
    }
    var table = TableModel(
      typeName: declaration.name, access: declaration.access, name: tableName, columns: columns,
      indexes: indexes, sourcePath: declaration.location.path, location: declaration.location)
    if let list = options.fullText,
      let positions = PropertyListCheck.columns(
        list, key: "fullText", in: columns, declaration: declaration, diagnostics: &diagnostics)
    {
      table.fullTextColumns = positions.map { columns[$0].name }
    }
    table.relations = built.relations
    table.memberwiseInitializerProperties = MemberwiseInitializer.properties(
      of: declaration, columns: columns, relations: built.relations)
    table.renamedFrom = options.renamedFrom
    table.dropped = options.dropped?.names ?? []
    table.decodesRowsConcurrently =
      built.convertsOnlyWithQuarry
      && ConcurrentDecodingDecision.initializesOnlyWithQuarry(
        declaration, columnProperties: columnProperties)
    table.sendableCheckTypes = StructShapeCheck.sendableCheckTypes(
      declaration, declaresSendable: declaresSendable, diagnostics: &diagnostics)
    SQLiteNameCheck.run(table, declaration: declaration, diagnostics: &diagnostics)
    // SQLite refuses a table of more than SQLITE_MAX_COLUMN (2000 by default) columns, and
    // would say so only when the app first migrates.
    if table.columns.count > 2000 {
      diagnostics.append(
        .error(
          .tooManyColumns(structName: declaration.name, count: table.columns.count),
          at: declaration.location))
    }
    return table
  }

  /// The columns and owned relations of a struct's stored properties, as far as each property
  /// alone decides (keys and order come after).
  struct BuiltColumns {
    var columns: [ColumnModel] = []
    var properties: [PropertyDeclaration] = []
    var rejectedAutoincrement: Set<Int> = []
    var relations: [OwnedRelationModel] = []
    /// Whether every column converts through Quarry's own code (see
    /// `ConcurrentDecodingDecision`).
    var convertsOnlyWithQuarry = true
  }

  func buildColumns(
    _ declaration: StructDeclaration, index: DeclarationIndex, isChild: Bool,
    dateStorage: ColumnModel.DateStorage?, references: inout [Reference],
    diagnostics: inout [Diagnostic]
  ) -> BuiltColumns {
    var built = BuiltColumns()
    for property in declaration.properties {
      let propertyOptions = AnnotationKeyCheck.propertyOptions(
        property.annotations, diagnostics: &diagnostics)
      if propertyOptions.isIgnored {
        IgnoredPropertyCheck.run(property, in: declaration, diagnostics: &diagnostics)
        continue
      }
      if propertyOptions.isOwned {
        if let relation = OwnedPropertyCheck.relation(
          property, in: declaration, index: index, diagnostics: &diagnostics)
        {
          built.relations.append(relation)
        }
        continue
      }
      if isChild {
        let keys = [
          ("primaryKey", propertyOptions.isPrimaryKey),
          ("autoincrement", propertyOptions.isAutoincrement),
          ("unique", propertyOptions.isUnique), ("index", propertyOptions.isIndexed),
          ("references", propertyOptions.references != nil),
        ]
        if let (key, _) = keys.first(where: \.1) {
          diagnostics.append(
            .error(.ownedChildKey(property: property.name, key: key), at: property.location))
          continue
        }
      }
      guard PropertyShapeCheck.run(property, in: declaration, diagnostics: &diagnostics),
        var mapping = ColumnTypeCheck.map(
          property, isJSON: propertyOptions.isJSON, in: declaration, index: index,
          diagnostics: &diagnostics)
      else { continue }
      DateStorageCheck.apply(
        propertyOptions.dateStorage, structDefault: dateStorage, to: &mapping,
        property: property, diagnostics: &diagnostics)
      var column = ColumnModel(
        propertyName: property.name, access: property.access,
        name: propertyOptions.column ?? property.name,
        swiftType: mapping.swiftType, unwrappedSwiftType: mapping.unwrappedSwiftType,
        isOptional: mapping.isOptional, sqlType: mapping.sqlType, storage: mapping.storage,
        isPrimaryKey: propertyOptions.isPrimaryKey, isUnique: propertyOptions.isUnique,
        isIndexed: propertyOptions.isIndexed, location: property.location)
      column.renamedFrom = propertyOptions.renamedFrom
      if propertyOptions.isAutoincrement {
        if PrimaryKeyCheck.checkAutoincrement(column, diagnostics: &diagnostics) {
          column.isAutoincrement = true
        } else {
          built.rejectedAutoincrement.insert(built.columns.count)
        }
      }
      if let (key, location) = propertyOptions.timestamp,
        TimestampCheck.run(column, key: key, at: location, diagnostics: &diagnostics)
      {
        column.timestamp = key
      }
      if let (value, location) = propertyOptions.defaultValue {
        column.defaultSQL = DefaultValueCheck.sql(
          value, column: column, at: location, diagnostics: &diagnostics)
      } else {
        // A literal Swift default of the column's type is also its SQL DEFAULT, and so is a
        // case of its raw-value enum (the raw value).
        if let enumName = mapping.enumName, let declaration = index.enums[enumName] {
          column.defaultSQL = EnumCaseDefaultCheck.sql(
            property.defaultValue, column: column, enum: declaration)
        } else {
          column.defaultSQL = LiteralDefaultCheck.sql(property.defaultValue, column: column)
        }
      }
      let defaultLocation = propertyOptions.defaultValue?.location ?? property.location
      if !IntegerDefaultCheck.run(column, at: defaultLocation, diagnostics: &diagnostics) {
        column.defaultSQL = nil
      }
      if propertyOptions.references == nil {
        for (key, action) in [
          ("onDelete", propertyOptions.onDelete), ("onUpdate", propertyOptions.onUpdate),
        ] {
          if let action {
            diagnostics.append(.error(.actionWithoutReference(key: key), at: action.location))
          }
        }
        if let inverse = propertyOptions.inverse {
          diagnostics.append(.error(.actionWithoutReference(key: "inverse"), at: inverse.location))
        }
      }
      if let (name, location) = propertyOptions.references {
        references.append(
          Reference(
            column: built.columns.count, name: name, location: location,
            onDelete: propertyOptions.onDelete, onUpdate: propertyOptions.onUpdate,
            inverse: propertyOptions.inverse))
      }
      built.columns.append(column)
      built.properties.append(property)
      if !ConcurrentDecodingDecision.convertsWithQuarry(mapping) {
        built.convertsOnlyWithQuarry = false
      }
    }
    return built
  }

  /// The model of a struct that owned properties hold: its columns and its own owned
  /// properties; it has no key, and only `table = "…"` applies to it.
  private func buildChild(
    _ declaration: StructDeclaration, index: DeclarationIndex, diagnostics: inout [Diagnostic]
  ) -> ChildModel {
    StructShapeCheck.run(
      declaration, declaresSendable: index.declaresSendable(declaration.name),
      diagnostics: &diagnostics)
    let childKeys: Set<String> = ["table", "renamedFrom", "dropped", "dateStorage"]
    for annotation in declaration.annotations where !childKeys.contains(annotation.key) {
      diagnostics.append(
        .error(
          .ownedChildStructKey(structName: declaration.name, key: annotation.key),
          at: annotation.location))
    }
    let tableAnnotations = declaration.annotations.filter { childKeys.contains($0.key) }
    let options = AnnotationKeyCheck.structOptions(tableAnnotations, diagnostics: &diagnostics)
    var references: [Reference] = []
    let built = buildColumns(
      declaration, index: index, isChild: true, dateStorage: options.dateStorage,
      references: &references, diagnostics: &diagnostics)
    ColumnNameCheck.run(built.columns, diagnostics: &diagnostics)
    var child = ChildModel(
      typeName: declaration.name, access: declaration.access, tableName: options.table,
      columns: built.columns, relations: built.relations, sourcePath: declaration.location.path,
      location: declaration.location)
    child.renamedFrom = options.renamedFrom
    child.dropped = options.dropped?.names ?? []
    return child
  }

  private func usedEnums(
    _ tables: CompactArray<TableModel>, children: [ChildModel], pathEnums: Set<String>,
    index: DeclarationIndex, diagnostics: inout [Diagnostic]
  ) -> [EnumModel] {
    var names: Set<String> = []
    func consider(_ base: String) {
      guard !names.contains(base), index.enums[base]?.rawType != nil else { return }
      // An enum that already conforms, in its declaration or an extension, needs no
      // generated conformance (it would be redundant).
      if !index.conformsToDatabaseValue(base) { names.insert(base) }
    }
    // Columns are read in place: a flattened copy of every column of a large model was the
    // model stage's peak.
    func consider(_ columns: [ColumnModel]) {
      for column in columns where column.storage == .value { consider(column.unwrappedSwiftType) }
    }
    for table in tables { consider(table.columns) }
    for child in children { consider(child.columns) }
    // Enums that JSON paths compare by raw value need the conformance as much as columns do.
    for base in pathEnums.sorted() { consider(base) }
    return names.sorted().compactMap { name in
      guard let declaration = index.enums[name], let rawType = declaration.rawType else {
        return nil
      }
      EnumAccessCheck.run(declaration, diagnostics: &diagnostics)
      return EnumModel(
        name: name, rawType: rawType, access: declaration.access,
        sourcePath: declaration.location.path,
        declaresSendable: index.declaresSendable(name))
    }
  }

  /// `BirdSighting` gives `bird_sighting`, `URLCache` gives `url_cache`.
  public static func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var output = ""
    for (offset, character) in characters.enumerated() {
      if character.isUppercase && offset > 0 {
        let previous = characters[offset - 1]
        let next = offset + 1 < characters.count ? characters[offset + 1] : nil
        if previous.isLowercase || previous.isNumber
          || (previous.isUppercase && next?.isLowercase == true)
        {
          output.append("_")
        }
      }
      output += character.lowercased()
    }
    return output
  }
}
