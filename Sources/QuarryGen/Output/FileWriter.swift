import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Brings an output directory in line with an `OutputPlan`, touching as little as possible.
///
/// - A file is written only when its bytes differ, so a no-op run changes no modification time.
/// - Writes go to a temporary file in the same directory, then `rename(2)` over the target, so a
///   reader never sees half a file.
/// - Generated files (those starting with the quarry header) directly in the directory that
///   the plan no longer holds are removed; files without the header are never touched, even in
///   the output directory, and neither are subfolders.
///
/// ```swift
/// let writer = FileWriter(directory: "Sources/App/Generated")
/// let stale = try writer.changes(for: plan).filter { $0.kind != .unchanged }   // --check
/// try writer.apply(plan)
/// ```
public struct FileWriter: Sendable {
  /// Why a plan cannot be applied.
  public struct Conflict: Error, Sendable, Hashable {
    /// A planned path holds a file that quarry did not generate.
    public var path: String
  }

  public let directory: String

  public init(directory: String) {
    self.directory = directory
  }

  /// What `apply` would do, file by file, sorted by path; `unchanged` entries included.
  ///
  /// - Throws: `Conflict` when a planned file would replace a file without the header, or an
  ///   I/O error from reading the directory.
  public func changes(for plan: OutputPlan) throws -> [FileChange] {
    var changes: [FileChange] = []
    var conflicts: [String] = []
    let planned = Set(plan.files.map(\.path))
    for file in plan.files {
      guard let existing = FileManager.default.contents(atPath: path(of: file.path)) else {
        changes.append(FileChange(.create, file.path))
        continue
      }
      if !GeneratedHeader.isGenerated(existing) {
        conflicts.append(file.path)
      } else if existing == Data(file.contents.utf8) {
        changes.append(FileChange(.unchanged, file.path))
      } else {
        changes.append(FileChange(.update, file.path))
      }
    }
    if let first = conflicts.first { throw Conflict(path: first) }
    for existing in try generatedFiles() where !planned.contains(existing) {
      changes.append(FileChange(.remove, existing))
    }
    return changes.sorted()
  }

  /// Writes and removes what `changes(for:)` lists, and returns those changes.
  @discardableResult
  public func apply(_ plan: OutputPlan) throws -> [FileChange] {
    let changes = try changes(for: plan)
    let contents = Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.contents) })
    for change in changes {
      switch change.kind {
      case .create, .update:
        try writeAtomically(contents[change.path] ?? "", to: path(of: change.path))
      case .remove:
        try FileManager.default.removeItem(atPath: path(of: change.path))
      case .unchanged:
        continue
      }
    }
    return changes
  }

  private func path(of relativePath: String) -> String {
    directory.isEmpty ? relativePath : directory + "/" + relativePath
  }

  /// Names of the non-hidden files directly in the directory that carry the header.
  ///
  /// Only the top level: quarry writes no subfolders, and looking deeper could mistake another
  /// target's Generated folder (say, with `--output Sources`) for stale output.
  private func generatedFiles() throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    var found: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: directory)
    where !name.hasPrefix(".") {
      let full = path(of: name)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder),
        !isFolder.boolValue, let handle = FileHandle(forReadingAtPath: full)
      else { continue }
      let head = try handle.read(upToCount: 200) ?? Data()
      try handle.close()
      if GeneratedHeader.isGenerated(head) { found.append(name) }
    }
    return found.sorted()
  }

  private func writeAtomically(_ text: String, to target: String) throws {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The temporary file sits beside the target: rename(2) is atomic only within a file system.
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).quarry-tmp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, target) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [NSFilePathErrorKey: target, "errno": String(cString: strerror(code))])
    }
  }
}
