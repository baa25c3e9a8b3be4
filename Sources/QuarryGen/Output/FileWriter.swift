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
  /// Planned files are compared on all cores, by size first and then byte by byte (see
  /// `ExistingFile`); only the directory's other files are opened to look for stale output.
  ///
  /// - Throws: `Conflict` when a planned file would replace a file without the header, or an
  ///   I/O error from reading the directory.
  public func changes(for plan: OutputPlan) throws -> [FileChange] {
    let comparisons = plan.files.concurrentMap { [self] file in
      ExistingFile.compare(atPath: path(of: file.path), with: file.contents)
    }
    var changes: [FileChange] = []
    changes.reserveCapacity(plan.files.count)
    for (file, comparison) in zip(plan.files, comparisons) {
      switch comparison {
      case .missing: changes.append(FileChange(.create, file.path))
      case .identical: changes.append(FileChange(.unchanged, file.path))
      case .different(isGenerated: true): changes.append(FileChange(.update, file.path))
      case .different(isGenerated: false): throw Conflict(path: file.path)
      }
    }
    let planned = Set(plan.files.map(\.path))
    for name in try visibleNames() where !planned.contains(name) {
      if ExistingFile.isGenerated(atPath: path(of: name)) {
        changes.append(FileChange(.remove, name))
      }
    }
    return changes.sorted()
  }

  /// Writes and removes what `changes(for:)` lists, and returns those changes.
  ///
  /// Files are written on all cores; the first failure, in path order, is thrown.
  @discardableResult
  public func apply(_ plan: OutputPlan) throws -> [FileChange] {
    let changes = try changes(for: plan)
    let contents = Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.contents) })
    let writes = changes.filter { $0.kind == .create || $0.kind == .update }
    let folders = Set(
      writes.map { URL(fileURLWithPath: path(of: $0.path)).deletingLastPathComponent() })
    for folder in folders.sorted(by: { $0.path < $1.path }) {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let failures = writes.concurrentMap { [self] change -> (any Error)? in
      do {
        try writeAtomically(contents[change.path] ?? "", to: path(of: change.path))
        return nil
      } catch {
        return error
      }
    }
    if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    for change in changes where change.kind == .remove {
      try FileManager.default.removeItem(atPath: path(of: change.path))
    }
    return changes
  }

  private func path(of relativePath: String) -> String {
    directory.isEmpty ? relativePath : directory + "/" + relativePath
  }

  /// Names of the non-hidden entries directly in the directory; none when it does not exist.
  ///
  /// Only the top level: quarry writes no subfolders, and looking deeper could mistake another
  /// target's Generated folder (say, with `--output Sources`) for stale output. Folders are
  /// listed too; `ExistingFile.isGenerated` cannot read them and so never counts them.
  private func visibleNames() throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { !$0.hasPrefix(".") }
  }

  private func writeAtomically(_ text: String, to target: String) throws {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent()
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
