/// Reads one Swift file into the declarations the generator needs.
///
/// Extracts every `struct` and `enum` (qualified through nesting in types and extensions),
/// their attributes, modifiers, generic parameters, inheritance, doc comments and
/// `// quarry:` annotations; the stored instance properties of structs; the cases and raw type
/// of enums; every class, actor, protocol and extension; and in every type body the
/// signatures of its other members (computed and static properties, methods, initializers,
/// subscripts, associated types), in `members`. Never throws: what it cannot read becomes a diagnostic in
/// `ScannedFile.diagnostics`, and scanning resumes at the next declaration.
///
/// ```swift
/// let file = SourceFile(path: "Models/Bird.swift", text: "struct Bird { var id: UUID }")
/// let scanned = SourceScanner().scan(file)
/// scanned.structs[0].properties[0].typeName   // "UUID"
/// ```
///
/// - Complexity: O(n) in the file's size; memory proportional to its nesting depth at most.
public struct SourceScanner: Sendable {
  public init() {}

  public func scan(_ file: SourceFile) -> ScannedFile {
    var scanner = DeclarationScanner(file: file)
    let result = scanner.scan()
    var scanned = ScannedFile(
      file: file, structs: result.structs, enums: result.enums, diagnostics: result.diagnostics)
    scanned.conformances = scanner.conformances
    scanned.types = scanner.types
    SourceryAnnotationReader.apply(to: &scanned)
    return scanned
  }

  /// Scans `file` handing its structs and enums to `handoff` as they are finished (without
  /// their `// sourcery:` annotations); the result holds only the file and its diagnostics.
  func scan(_ file: SourceFile, handingOffTo handoff: DeclarationHandoff) -> ScannedFile {
    var scanner = DeclarationScanner(file: file)
    scanner.handoff = handoff
    return ScannedFile(file: file, diagnostics: scanner.scan().diagnostics)
  }
}
