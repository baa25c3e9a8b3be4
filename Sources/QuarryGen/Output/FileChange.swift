/// What writing an `OutputPlan` does, or would do, to one file.
public struct FileChange: Sendable, Hashable, Comparable {
  public enum Kind: String, Sendable, Hashable {
    /// The file is missing and gets written.
    case create
    /// The file exists with other contents and gets rewritten.
    case update
    /// A generated file no struct produces any more; it gets removed.
    case remove
    /// The file already holds exactly the planned bytes; it is not touched.
    case unchanged
    /// A file quarry wrote that no struct produces any more, but that someone edited since
    /// (its bytes no longer match the manifest's digest): removing it would lose their work, so
    /// it is left in place, no longer listed, and the run warns about it by name.
    case keep
  }

  public var kind: Kind
  /// The path relative to the output directory.
  public var path: String

  public init(_ kind: Kind, _ path: String) {
    self.kind = kind
    self.path = path
  }

  public static func < (lhs: FileChange, rhs: FileChange) -> Bool { lhs.path < rhs.path }

  /// How `--check` words a file that is out of date.
  public var checkDescription: String {
    switch kind {
    case .create: "missing"
    case .update: "stale"
    case .remove: "extra"
    case .unchanged: "up to date"
    case .keep: "kept"
    }
  }
}
