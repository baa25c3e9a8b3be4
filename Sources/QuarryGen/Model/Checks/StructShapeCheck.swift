/// Rejects structs generated code cannot extend: private, generic or conditional ones; warns
/// when a non-internal struct does not declare `Sendable` (Swift only infers it internally).
enum StructShapeCheck {
  static func run(_ declaration: StructDeclaration, diagnostics: inout [Diagnostic]) {
    let location = declaration.location
    if declaration.access <= .fileprivate {
      diagnostics.append(
        .error(
          .inaccessibleStruct(structName: declaration.name, access: declaration.access),
          at: location))
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
