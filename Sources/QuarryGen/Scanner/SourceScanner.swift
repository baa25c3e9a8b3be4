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
  /// Whether the result holds `types` (classes, actors, protocols and extensions with their
  /// members). Only Sourcery-style templates read them, and in app code they are most of what a
  /// scan holds: without them, a file keeps its structs, enums and conformances, which is all
  /// the persistence model reads (the diagnostics are the same either way).
  public var keepsTypes: Bool

  /// A scanner; `keepsTypes: false` leaves `ScannedFile.types` empty.
  ///
  /// ```swift
  /// let scanned = SourceScanner(keepsTypes: false).scan(file)  // structs, enums, conformances
  /// ```
  public init(keepsTypes: Bool = true) {
    self.keepsTypes = keepsTypes
  }

  public func scan(_ file: SourceFile) -> ScannedFile {
    var scanner = DeclarationScanner(file: file)
    scanner.keepsTypeMembers = keepsTypes
    let result = scanner.scan()
    var scanned = ScannedFile(
      file: file, structs: result.structs, enums: result.enums, diagnostics: result.diagnostics)
    scanned.conformances = scanner.conformances
    if keepsTypes { scanned.types = scanner.types }
    SourceryAnnotationReader.apply(to: &scanned)
    return scanned
  }

  /// Scans `file` handing its structs and enums to `handoff` as they are finished (without
  /// their `// sourcery:` annotations); the result holds only the file and its diagnostics.
  func scan(_ file: SourceFile, handingOffTo handoff: DeclarationHandoff) -> ScannedFile {
    var scanner = DeclarationScanner(file: file)
    scanner.handoff = handoff
    // The dump has no classes, protocols or extensions: their members would only pile up.
    scanner.keepsTypeMembers = false
    return ScannedFile(file: file, diagnostics: scanner.scan().diagnostics)
  }
}
