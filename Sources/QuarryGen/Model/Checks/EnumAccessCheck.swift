/// Rejects a column's enum that the generated conformance, in another file, cannot see: one
/// that is private or fileprivate, or nested in such a declaration.
enum EnumAccessCheck {
  static func run(_ declaration: EnumDeclaration, diagnostics: inout [Diagnostic]) {
    guard declaration.access <= .fileprivate else { return }
    diagnostics.append(
      .error(
        .inaccessibleEnum(enumName: declaration.name, access: declaration.access),
        at: declaration.location))
  }
}
