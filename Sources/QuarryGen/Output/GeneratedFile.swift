/// One file the generator wants on disk, with its path relative to the output directory.
///
/// ```swift
/// let file = GeneratedFile(path: "Bird+Quarry.swift", contents: text)
/// // A migration: written when missing, then never rewritten or removed by quarry.
/// let migration = GeneratedFile(
///   path: "Migrations/0002_rename.swift", contents: text, sources: ["Models/Book.swift"],
///   isWrittenOnce: true)
/// ```
public struct GeneratedFile: Sendable, Hashable {
  public var path: String
  public var contents: String
  /// The source files it was generated from, as its header names them; recorded in the
  /// output folder's `OutputManifest`.
  public var sources: [String]
  /// Written only when missing: once on disk, later runs neither compare, rewrite nor remove
  /// it (generated migrations, which must keep meaning what they meant when first written).
  public var isWrittenOnce: Bool

  public init(
    path: String, contents: String, sources: [String] = [], isWrittenOnce: Bool = false
  ) {
    self.path = path
    self.contents = contents
    self.sources = sources
    self.isWrittenOnce = isWrittenOnce
  }
}
