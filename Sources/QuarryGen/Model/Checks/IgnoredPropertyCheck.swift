/// An ignored property is left to its default when a row is read, so it needs one; an
/// optional `var` has the implicit default `nil`.
enum IgnoredPropertyCheck {
  static func run(
    _ property: PropertyDeclaration, in declaration: StructDeclaration,
    diagnostics: inout [Diagnostic]
  ) {
    if property.defaultValue != nil { return }
    if !property.isLet, let type = property.typeName, OptionalSplit(type).isOptional { return }
    diagnostics.append(
      .error(
        .ignoredPropertyWithoutDefault(property: property.name, structName: declaration.name),
        at: property.location))
  }
}
