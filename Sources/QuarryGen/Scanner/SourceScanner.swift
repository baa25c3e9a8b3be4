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
    guard keepsTypes else { return scanCompact(file) }
    var scanner = DeclarationScanner(file: file)
    var result = scanner.scan()
    var types = scanner.types
    SourceryAnnotationReader.reader(of: file.bytes)?.apply(
      structs: &result.structs, enums: &result.enums, types: &types)
    var scanned = ScannedFile(
      file: file, structs: result.structs, enums: result.enums, diagnostics: result.diagnostics)
    scanned.conformances = scanner.conformances
    scanned.types = types
    return scanned
  }

  /// Scans `file` without `types`, making each run of finished structs and enums compact as
  /// soon as the scanner hands it off, so a file that is declarations from end to end never
  /// holds them all as Swift values (issue 20).
  private func scanCompact(_ file: SourceFile) -> ScannedFile {
    let reader = SourceryAnnotationReader.reader(of: file.bytes)
    let collected = CompactDeclarations()
    let handoff = DeclarationHandoff(
      receive: { structs, enums in
        var structs = structs
        var enums = enums
        var types: [TypeDeclaration] = []
        reader?.apply(structs: &structs, enums: &enums, types: &types)
        collected.structs.append(contentsOf: structs)
        collected.enums.append(contentsOf: enums)
      },
      restart: {
        collected.structs = []
        collected.enums = []
      })
    var scanned = scan(file, handingOffTo: handoff)
    scanned.structs = collected.structs
    scanned.enums = collected.enums
    return scanned
  }

  /// What `scanCompact`'s handoff has received so far.
  private final class CompactDeclarations {
    var structs = CompactArray<StructDeclaration>()
    var enums = CompactArray<EnumDeclaration>()
  }

  /// Scans `file` handing its structs and enums to `handoff` as they are finished (without
  /// their `// sourcery:` annotations); the result holds only the file, its conformances and
  /// its diagnostics.
  func scan(_ file: SourceFile, handingOffTo handoff: DeclarationHandoff) -> ScannedFile {
    var scanner = DeclarationScanner(file: file)
    scanner.handoff = handoff
    // Neither the dump nor the model reads the members of classes, protocols or extensions:
    // they would only pile up.
    scanner.keepsTypeMembers = false
    var scanned = ScannedFile(file: file, diagnostics: scanner.scan().diagnostics)
    scanned.conformances = scanner.conformances
    return scanned
  }
}
