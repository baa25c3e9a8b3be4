/// Rejects structs generated code cannot extend: private (or nested in a private or
/// fileprivate declaration), generic or conditional ones, and a non-internal struct that does
/// not declare `Sendable`: the generated `TableRecord` conformance (which requires it) lives in
/// another file, where "conformance to 'Sendable' must occur in the same source file" would stop
/// the build, and Swift never makes a public type `Sendable` by itself.
///
/// An internal struct that declares no `Sendable` (Swift infers it, but accepts the
/// conformance only in the struct's own file) gets it from the generated file instead, as
/// `@unchecked Sendable` with a `checkSendable()` naming every stored property's type, so that
/// the compiler still checks each one (`sendableCheckTypes`).
enum StructShapeCheck {
  static func run(
    _ declaration: StructDeclaration, declaresSendable: Bool, diagnostics: inout [Diagnostic]
  ) {
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
    if declaration.access > .internal && !declaresSendable {
      diagnostics.append(
        .error(
          .notSendable(
            structName: declaration.name, localName: declaration.localName,
            access: declaration.access, declaredAccess: declaration.declaredAccess,
            inherited: declaration.inheritedTypes),
          at: location))
    }
  }

  /// The stored property types of an internal struct that declares no `Sendable`, each once
  /// and in declaration order, written as type expressions (`[String: Int]?`, `(any P)`) for
  /// the generated `checkSendable()`; empty when the struct declares `Sendable` or is not
  /// internal. A property whose stored type the generated code cannot name (no type written,
  /// a property wrapper, an `#if` branch) is an error that asks for `Sendable` instead.
  static func sendableCheckTypes(
    _ declaration: StructDeclaration, declaresSendable: Bool, diagnostics: inout [Diagnostic]
  ) -> [String] {
    guard declaration.access == .internal, !declaresSendable else { return [] }
    var types: [String] = []
    for property in declaration.properties {
      let reason: String
      if let wrapper = PropertyWrapperCheck.wrapper(of: property) {
        reason = "'\(property.name)' is stored through '@\(wrapper)'"
      } else if let type = property.typeName, property.conditions.isEmpty {
        let expression = typeExpression(type)
        if !types.contains(expression) { types.append(expression) }
        continue
      } else if !property.annotations.contains(where: { $0.key == "ignore" }) {
        // A column without a type or under `#if` is an error of its own already.
        return []
      } else if let condition = property.conditions.first {
        reason = "'\(property.name)' is declared under '#if \(condition)'"
      } else {
        reason = "the type of '\(property.name)' is not written"
      }
      diagnostics.append(
        .error(
          .uncheckableSendable(
            structName: declaration.name, localName: declaration.localName, reason: reason,
            inherited: declaration.inheritedTypes),
          at: declaration.location))
      return []
    }
    // A struct with no stored property still needs the conformance; `Never` is checked for
    // nothing, so the function is never empty.
    return types.isEmpty ? ["Never"] : types
  }

  /// `type` as it can stand before `.self`: function types, compositions and `any` in
  /// parentheses, and an implicitly unwrapped `T!` as the optional it stores.
  static func typeExpression(_ type: String) -> String {
    var text = type
    if text.hasSuffix("!") { text = String(text.dropLast()) + "?" }
    // Only at the top level: `(() -> Void)?` and `[any P]` already stand as written.
    var depth = 0
    var previous: Character = " "
    var needsParentheses = text.hasPrefix("any ") || text.hasPrefix("@")
    for character in text {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      case ">", "&": needsParentheses = needsParentheses || depth == 0
      default: break
      }
      previous = character
    }
    return needsParentheses ? "(\(text))" : text
  }
}
