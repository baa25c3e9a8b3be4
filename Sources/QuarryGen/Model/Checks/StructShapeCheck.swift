/// Rejects structs generated code cannot extend: private (or nested in a private or
/// fileprivate declaration), generic or conditional ones; warns
/// when a non-internal struct does not declare `Sendable` (Swift only infers it internally).
enum StructShapeCheck {
  static func run(_ declaration: StructDeclaration, diagnostics: inout [Diagnostic]) {
    let location = declaration.location
    if declaration.access <= .fileprivate {
      // Written wider than it is (or not written): an enclosing declaration narrows it.
      let isNarrowed = declaration.declaredAccess.map { $0 > declaration.access } ?? true
      let message: ModelMessage =
        isNarrowed && declaration.name.contains(".")
        ? .unreachableNestedStruct(structName: declaration.name, access: declaration.access)
        : .inaccessibleStruct(structName: declaration.name, access: declaration.access)
      diagnostics.append(.error(message, at: location))
    }
    if declaration.genericParameters != nil {
      diagnostics.append(.error(.genericStruct(structName: declaration.name), at: location))
    }
    if let condition = declaration.conditions.first {
      diagnostics.append(
        .error(
          .conditionalStruct(structName: declaration.name, condition: condition), at: location))
    }
    if declaration.access > .internal && !declaration.inheritedTypes.contains("Sendable") {
      diagnostics.append(.warning(.notSendable(structName: declaration.name), at: location))
    }
  }
}
