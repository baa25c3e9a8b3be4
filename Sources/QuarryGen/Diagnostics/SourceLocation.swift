/// A place in an input file: the file's display path and a byte offset into it.
///
/// Locations stay cheap to carry through every stage; `SourceFile.lineAndColumn(at:)` turns
/// them into line and column numbers only when a diagnostic is printed.
public struct SourceLocation: Sendable, Hashable, Comparable, Codable {
  public var path: String
  public var offset: Int

  public init(path: String, offset: Int) {
    self.path = path
    self.offset = offset
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.path, lhs.offset) < (rhs.path, rhs.offset)
  }
}
