/// One file the generator wants on disk, with its path relative to the output directory.
///
/// ```swift
/// let file = GeneratedFile(path: "Bird+Quarry.swift", contents: text)
/// ```
public struct GeneratedFile: Sendable, Hashable {
  public var path: String
  public var contents: String

  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}
