/// Rejects structs generated code cannot extend: private (or nested in a private or
/// fileprivate declaration), generic or conditional ones, and a non-internal struct that does
/// not declare `Sendable`: Swift infers `Sendable` only for internal types, and the generated
/// `TableRecord` conformance (which requires it) lives in another file, where "conformance to
/// 'Sendable' must occur in the same source file" would stop the build.
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
    if declaration.access > .internal && !declaration.inheritedTypes.contains(where: isSendable) {
      diagnostics.append(
        .error(
          .notSendable(
            structName: declaration.name, localName: declaration.localName,
            access: declaration.access, declaredAccess: declaration.declaredAccess,
            inherited: declaration.inheritedTypes),
          at: location))
    }
  }

  /// `Sendable`, `Swift.Sendable` or `@unchecked Sendable`.
  private static func isSendable(_ inherited: String) -> Bool {
    var name = Substring(inherited)
    if name.hasPrefix("@unchecked ") { name = name.dropFirst("@unchecked ".count) }
    if name.hasPrefix("Swift.") { name = name.dropFirst("Swift.".count) }
    return name == "Sendable"
  }
}
