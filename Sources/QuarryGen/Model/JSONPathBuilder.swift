/// Finds the `Codable` structs that JSON columns store, and the stored properties of each that
/// become typed JSON paths (`Book.Columns.meta.pages`, `Book.Columns.meta.author.name`).
///
/// A property is a path when SQL can compare it as JSONEncoder wrote it, with the key the
/// encoder uses (its `CodingKeys` raw value; a property left out of `CodingKeys` is not
/// encoded, so it has none):
///
/// | property type | path |
/// | --- | --- |
/// | integers, `Double`, `Bool`, `String`, `Character`, `UUID`, `URL`, `Date`, raw-value enums | compared and read as the SQL value SQLite extracts (`Date`: seconds since 2001, as the encoder's default strategy writes it and a `Date` binds) |
/// | scanned `Codable` structs, collections, other `Codable` types | read back as JSON; a struct's own properties are paths again |
/// | `Data` (base64 text in JSON, a BLOB when bound), `Float`, `CGFloat` (their JSON text is not the `Double` they bind), `Decimal` (JSON numbers are read as 15-digit reals), other types conformed to `DatabaseValueConvertible` | none: a comparison could never match |
///
/// A struct gets no paths when it is generic, `private`/`fileprivate`, inside `#if`, or
/// encodes itself (`encode(to:)`), since the keys are then its own business.
enum JSONPathBuilder {
  /// Types whose JSON form SQLite extracts as exactly the value Quarry binds for them.
  static let scalarTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float64", "TimeInterval", "Bool", "String", "Character", "UUID", "URL", "Date",
  ]

  /// Types whose JSON form never equals what they bind.
  static let excludedTypes: Set<String> = [
    "Data", "Float", "Float32", "Float16", "Float80", "CGFloat", "Decimal",
  ]

  /// Raw types of enums whose raw value, as JSON writes it, compares as it binds.
  static let scalarRawTypes: Set<String> = scalarTypes.subtracting(["Date", "UUID", "URL"])

  /// Members of every column and every path (`SQLExpressible`'s), which a property of the same
  /// name cannot be reached past with a dot.
  static let expressionMembers: Set<String> = [
    "abs", "asc", "avg", "collating", "count", "desc", "distinctCount", "expression", "ifNull",
    "in", "isNotNull", "isNull", "length", "like", "lowercased", "max", "min", "sum", "trimmed",
    "uppercased",
  ]
  /// Members of `Column` besides those: they hide the properties of a column's own struct.
  static let columnMembers: Set<String> = ["name", "outer", "set"]
  /// Members of `JSONPath` besides those: they hide the properties of a nested struct.
  static let pathMembers: Set<String> = ["keys"]

  /// Sets `jsonPaths` of each of `tables` (sorted by type name) and returns the raw-value enums
  /// that paths compare, which need a `DatabaseValueConvertible` conformance.
  static func build(
    _ tables: inout CompactArray<TableModel>, index: DeclarationIndex,
    diagnostics: inout [Diagnostic]
  ) -> Set<String> {
    var assigned: Set<String> = []
    var enums: Set<String> = []
    // Which structs a column stores (their paths follow a `Column`) and which a path reaches
    // (they follow a `JSONPath`), for the members that hide a property's path.
    var roots: Set<String> = []
    var nested: Set<String> = []
    for position in tables.indices {
      var table = tables[position]
      var queue: [(name: String, example: String)] = []
      for column in table.columns where column.storage == .json {
        let name = column.unwrappedSwiftType
        roots.insert(name)
        if isEligible(name, index: index), assigned.insert(name).inserted {
          queue.append((name, table.typeName + ".Columns." + column.propertyName))
        }
      }
      guard !queue.isEmpty else { continue }
      var models: [JSONPathModel] = []
      var next = 0
      while next < queue.count {
        let (name, example) = queue[next]
        next += 1
        guard let declaration = index.structs[name] else { continue }
        let fields = self.fields(of: declaration, index: index, enums: &enums)
        for field in fields where field.isJSON {
          let reached = OptionalSplit(field.swiftType).wrapped
          nested.insert(reached)
          if isEligible(reached, index: index), assigned.insert(reached).inserted {
            queue.append((reached, example + "." + field.propertyName))
          }
        }
        guard !fields.isEmpty else { continue }
        models.append(
          JSONPathModel(
            typeName: name, access: declaration.access, example: example, fields: fields))
      }
      table.jsonPaths = models
      tables[position] = table
    }
    for table in tables where !table.jsonPaths.isEmpty {
      for model in table.jsonPaths {
        for field in model.fields {
          let owner: String?
          if expressionMembers.contains(field.propertyName) {
            owner = "column and JSON path"
          } else if roots.contains(model.typeName), columnMembers.contains(field.propertyName) {
            owner = "column"
          } else if nested.contains(model.typeName), pathMembers.contains(field.propertyName) {
            owner = "JSON path"
          } else {
            owner = nil
          }
          guard let owner else { continue }
          diagnostics.append(
            .warning(
              .shadowedJSONPath(
                property: field.propertyName, structName: model.typeName, owner: owner),
              at: field.location))
        }
      }
    }
    return enums
  }

  /// Whether the scanned struct `name` (qualified) gets paths.
  static func isEligible(_ name: String, index: DeclarationIndex) -> Bool {
    guard let declaration = index.structs[name], index.isCodableStruct(name),
      declaration.genericParameters == nil, declaration.access >= .internal,
      declaration.conditions.isEmpty
    else { return false }
    let encodesItself = declaration.members.methods.contains { method in
      method.name == "encode" && !method.isStatic
        && method.parameters.first?.argumentLabel == "to"
    }
    return !encodesItself
  }

  /// The paths of `declaration`'s stored properties, in declaration order.
  static func fields(
    of declaration: StructDeclaration, index: DeclarationIndex, enums: inout Set<String>
  ) -> [JSONFieldModel] {
    let keys = codingKeys(of: declaration, index: index)
    var fields: [JSONFieldModel] = []
    for property in declaration.properties
    where property.conditions.count == declaration.conditions.count
      && property.access >= .internal
    {
      guard let written = property.typeName,
        let key = keys == nil ? property.name : keys?[property.name], isReachable(key)
      else { continue }
      let swiftType = index.qualify(written, from: declaration.name)
      let split = OptionalSplit(swiftType)
      guard !split.isImplicitlyUnwrapped else { continue }
      let base = TypeMapping.builtinName(split.wrapped)
      let isJSON: Bool
      if scalarTypes.contains(base) {
        isJSON = false
      } else if let rawType = index.enums[split.wrapped]?.rawType {
        // By raw value, which JSON holds and the conformance binds (the generated one, or the
        // sources' own, whose default implementation does the same).
        guard scalarRawTypes.contains(TypeMapping.builtinName(rawType)) else { continue }
        enums.insert(split.wrapped)
        isJSON = false
      } else if excludedTypes.contains(base) || index.conformsToDatabaseValue(split.wrapped) {
        continue
      } else {
        isJSON = true
      }
      fields.append(
        JSONFieldModel(
          propertyName: property.name, access: property.access, swiftType: swiftType, key: key,
          isJSON: isJSON, location: property.location))
    }
    return fields
  }

  /// Property name to JSON key from the struct's `CodingKeys` enum, or nil without one (every
  /// property is then encoded under its own name).
  static func codingKeys(of declaration: StructDeclaration, index: DeclarationIndex)
    -> [String: String]?
  {
    guard let keys = index.enums[declaration.name + ".CodingKeys"] else { return nil }
    let usesRawValues = keys.rawType.map { TypeMapping.builtinName($0) == "String" } ?? false
    var names: [String: String] = [:]
    for detail in keys.caseDetails {
      guard usesRawValues, let raw = detail.rawValue else {
        names[detail.name] = detail.name
        continue
      }
      // A plain string literal; one with escapes or interpolation is left without a path.
      guard raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\""), !raw.hasPrefix("\"\"\""),
        !raw.dropFirst().dropLast().contains(where: { $0 == "\\" || $0 == "\"" })
      else { continue }
      names[detail.name] = String(raw.dropFirst().dropLast())
    }
    return names
  }

  /// Whether a JSON path can name `key`: SQLite's quoted path keys end at the next `"` and are
  /// compared with the key as the encoder wrote it, so a key holding a quote, a backslash or a
  /// control character (which the encoder escapes) cannot be reached.
  static func isReachable(_ key: String) -> Bool {
    !key.isEmpty && !key.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
  }
}
