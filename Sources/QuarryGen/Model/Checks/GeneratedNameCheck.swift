/// A stored property cannot share its name with a type the generated code nests in the
/// struct or its record: `Columns`, `PrimaryKey` and the record's `Value` would make every
/// use ambiguous, and `Type` and `Protocol` cannot name a member of `Columns` at all (they
/// mean the metatype); a property named `` `self` `` would be what `self` means in generated
/// initializers. Found by the hostile-model property test (HostileModelTests).
///
/// ```swift
/// var Columns: Int   // error: property 'Columns' has the name of a type quarry generates…
/// ```
enum GeneratedNameCheck {
  static let reservedNames: Set<String> = [
    "Columns", "PrimaryKey", "Value", "Type", "Protocol", "self", "Self",
  ]

  static func run(_ declaration: StructDeclaration, diagnostics: inout [Diagnostic]) {
    for property in declaration.properties where reservedNames.contains(property.name) {
      diagnostics.append(
        .error(
          .generatedTypeName(property: property.name, structName: declaration.name),
          at: property.location))
    }
  }
}
