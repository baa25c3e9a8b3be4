/// Reports an enum stored by a column whose raw type differs between its declarations (one
/// per `#if` branch): the generator used the first one, so rows written by a build of the
/// other branch could never be read back.
///
/// ```swift
/// #if os(Linux)
/// enum Kind: String { case a }
/// #else
/// enum Kind: Int { case a }   // error: enum 'Kind' has raw type 'Int' here but 'String' …
/// #endif
/// ```
enum EnumRawTypeCheck {
  static func run(
    _ enums: [EnumModel], declarations: DeclarationTable<EnumDeclaration>,
    diagnostics: inout [Diagnostic]
  ) {
    guard !enums.isEmpty else { return }
    let used = Set(enums.map(\.name))
    // Only what the message needs of each first declaration, not a copy of every enum.
    var first: [String: (rawType: String?, location: SourceLocation)] = [:]
    for list in declarations.listIndices {
      for (position, name) in declarations.names(inList: list).enumerated()
      where used.contains(name) {
        let declaration = declarations.declaration(inList: list, at: position)
        guard let original = first[declaration.name] else {
          first[declaration.name] = (declaration.rawType, declaration.location)
          continue
        }
        guard declaration.rawType != original.rawType else { continue }
        diagnostics.append(
          .error(
            .enumRawTypeDiffers(
              enumName: declaration.name, rawType: declaration.rawType ?? "none",
              otherType: original.rawType ?? "none"),
            at: declaration.location,
            notes: [.init(ModelMessage.firstDeclaredHere.text, at: original.location)]))
      }
    }
  }
}
