/// Maps a property's written type to a column, or reports why it cannot be stored.
///
/// Catches tuples, functions, existentials, metatypes, nested and implicitly
/// unwrapped optionals, enums without raw values, and persisted structs used as values.
enum ColumnTypeCheck {
  static func map(
    _ property: PropertyDeclaration, isJSON: Bool, in table: StructDeclaration,
    index: DeclarationIndex, diagnostics: inout [Diagnostic]
  ) -> TypeMapping? {
    // The scanner already reported a property whose type it could not tell; one error is enough.
    guard let written = property.typeName else { return nil }
    func unsupported(_ reason: String) -> TypeMapping? {
      diagnostics.append(
        .error(
          .unsupportedType(property: property.name, type: written, reason: reason),
          at: property.location))
      return nil
    }
    let split = OptionalSplit(written)
    if split.isImplicitlyUnwrapped {
      return unsupported("declare it as '\(split.wrapped)?' instead")
    }
    let inner = split.wrapped
    if OptionalSplit(inner).isOptional { return unsupported("nested optionals cannot be stored") }
    if containsArrow(inner) { return unsupported("functions cannot be stored") }
    if inner.hasPrefix("(") {
      return unsupported("store a 'Codable' struct annotated with 'json' instead")
    }
    // Bytes, not `contains("&")`: with Foundation imported that is a locale-aware search.
    if inner.hasPrefix("some ") || inner.hasPrefix("any ")
      || inner.utf8.contains(UInt8(ascii: "&"))
    {
      return unsupported("existential types cannot be stored; use a concrete type")
    }
    if inner.hasSuffix(".Type") || inner.hasSuffix(".Protocol") {
      return unsupported("metatypes cannot be stored")
    }
    let scope = table.name
    var mapping = TypeMapping(
      swiftType: index.qualify(written, from: scope),
      unwrappedSwiftType: index.qualify(inner, from: scope), isOptional: split.isOptional,
      sqlType: .text, storage: .json, enumName: nil)
    if isCollection(inner) { return mapping }
    let baseName = inner.split(separator: "<").first.map(String.init) ?? inner
    let resolvedName = index.resolve(baseName, from: scope)
    if isJSON {
      // A scanned struct or enum must be both halves of Codable for `init(json:)` to compile.
      guard let resolvedName else { return mapping }
      switch index.codability(of: resolvedName) {
      case .codable: return mapping
      case .partly(let has, let lacks):
        diagnostics.append(
          .error(
            .partlyCodable(
              property: property.name, type: resolvedName, has: has, lacks: lacks, isJSON: true),
            at: property.location))
      case .none:
        diagnostics.append(
          .error(
            .notCodableJSON(property: property.name, type: resolvedName), at: property.location))
      }
      return nil
    }
    mapping.storage = .value
    if let builtin = TypeMapping.builtins[TypeMapping.builtinName(inner)] {
      mapping.sqlType = builtin
      return mapping
    }
    mapping.sqlType = .blob
    func unconvertible(isCodable: Bool) -> TypeMapping {
      diagnostics.append(
        .warning(
          .unconvertibleType(property: property.name, type: inner, isCodable: isCodable),
          at: property.location))
      return mapping
    }
    guard let resolved = resolvedName else {
      if index.conformsToDatabaseValue(baseName) { return mapping }
      let isFoundation = TypeMapping.codableFoundationTypes.contains(
        TypeMapping.builtinName(baseName))
      return unconvertible(isCodable: isFoundation || index.isCodable(baseName))
    }
    if let declaration = index.enums[resolved] {
      guard let rawType = declaration.rawType else {
        diagnostics.append(
          .error(.enumWithoutRawValue(property: property.name, type: inner), at: property.location))
        return nil
      }
      let builtin = TypeMapping.builtinName(rawType)
      mapping.sqlType = TypeMapping.builtins[builtin] ?? (builtin == "Character" ? .text : .blob)
      mapping.enumName = resolved
      return mapping
    }
    if index.persisted.contains(resolved) {
      diagnostics.append(
        .error(.persistedStructType(property: property.name, type: inner), at: property.location))
      return nil
    }
    // A conformance the user wrote wins over the JSON rule: a `Codable` date type that is
    // also `DatabaseValueConvertible` is stored as its value, so it sorts as the user made it.
    if index.conformsToDatabaseValue(resolved) { return mapping }
    switch index.codability(of: resolved) {
    case .codable:
      mapping.storage = .json
      mapping.sqlType = .text
      return mapping
    case .partly(let has, let lacks):
      // Declared in the scanned sources: the generated code would not compile, so this is an
      // error at the property, never a warning followed by errors inside Generated/.
      diagnostics.append(
        .error(
          .partlyCodable(
            property: property.name, type: resolved, has: has, lacks: lacks, isJSON: false),
          at: property.location))
      return nil
    case .none:
      diagnostics.append(
        .warning(
          .unconvertibleType(property: property.name, type: resolved, isCodable: false),
          at: property.location))
      return mapping
    }
  }

  /// Whether `type` contains `->`, without Foundation's locale-aware `contains`.
  private static func containsArrow(_ type: String) -> Bool {
    var previous: UInt8 = 0
    for byte in type.utf8 {
      if previous == UInt8(ascii: "-") && byte == UInt8(ascii: ">") { return true }
      previous = byte
    }
    return false
  }

  private static func isCollection(_ written: String) -> Bool {
    // `Swift.Set<T>` is `Set<T>`.
    let type = written.hasPrefix("Swift.") ? written.dropFirst("Swift.".count) : written[...]
    return type.hasPrefix("[") || type.hasPrefix("Array<") || type.hasPrefix("Set<")
      || type.hasPrefix("Dictionary<") || type.hasPrefix("ContiguousArray<")
  }
}
