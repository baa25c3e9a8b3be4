/// An `owned` property must hold a struct found in the sources (`[Child]`, `Child?`, or
/// `Child` with a default value), be a `var` (loading assigns it after the row is read), and
/// that struct must not be persisted on its own (a struct with a key is referenced instead).
enum OwnedPropertyCheck {
  /// The element type written in an owned property's type (`Step` in `[Step]`, `Step?`,
  /// `Array<Step>`), with the cardinality it implies; nil for anything else.
  static func elementType(_ written: String) -> (name: String, cardinality: OwnedRelationModel.Cardinality)? {
    let split = OptionalSplit(written)
    if split.isImplicitlyUnwrapped { return nil }
    let inner = split.wrapped
    var element: String?
    if inner.hasPrefix("[") && inner.hasSuffix("]") && !inner.contains(":") {
      element = String(inner.dropFirst().dropLast())
    } else if inner.hasPrefix("Array<") && inner.hasSuffix(">") {
      element = String(inner.dropFirst("Array<".count).dropLast())
    }
    if let element {
      if split.isOptional || !isPlainName(element) { return nil }
      return (element, .many)
    }
    guard isPlainName(inner) else { return nil }
    return (inner, split.isOptional ? .optional : .one)
  }

  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty
      && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  }

  /// The relation of `property`, or nil after reporting why it cannot be owned.
  static func relation(
    _ property: PropertyDeclaration, in declaration: StructDeclaration, index: DeclarationIndex,
    diagnostics: inout [Diagnostic]
  ) -> OwnedRelationModel? {
    guard let written = property.typeName else { return nil }
    let location = property.location
    guard let (element, cardinality) = elementType(written),
      let resolved = index.resolve(element, from: declaration.name),
      index.structs[resolved] != nil
    else {
      diagnostics.append(
        .error(.ownedNotStruct(property: property.name, type: written), at: location))
      return nil
    }
    if index.persisted.contains(resolved) {
      diagnostics.append(
        .error(.ownedPersistedStruct(property: property.name, type: resolved), at: location))
      return nil
    }
    guard PropertyShapeCheck.run(property, in: declaration, diagnostics: &diagnostics) else {
      return nil
    }
    if property.isLet {
      diagnostics.append(.error(.ownedLet(property: property.name), at: location))
      return nil
    }
    if cardinality == .one && property.defaultValue == nil {
      diagnostics.append(
        .error(.ownedWithoutDefault(property: property.name, type: written), at: location))
      return nil
    }
    return OwnedRelationModel(
      propertyName: property.name, childTypeName: resolved, cardinality: cardinality,
      access: property.access, location: location)
  }
}
