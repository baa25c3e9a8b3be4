/// Every file one run wants in the output directory, sorted by path.
///
/// The plan is pure data: `FileWriter` compares it with the disk, and writes it unless
/// checking or dry-running.
///
/// ```swift
/// let plan = OutputPlan(files: [GeneratedFile(path: "Schema.sql", contents: sql)])
/// let changes = try FileWriter(directory: "Generated").apply(plan)
/// ```
public struct OutputPlan: Sendable, Hashable {
  public private(set) var files: [GeneratedFile]

  /// A plan of `files`, sorted once here: build the whole list first rather than adding
  /// files one by one.
  public init(files: [GeneratedFile] = []) {
    self.files = files.sorted { $0.path < $1.path }
  }
}
