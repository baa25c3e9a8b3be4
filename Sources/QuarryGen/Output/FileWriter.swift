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
/// - Only a file quarry wrote may be replaced or removed: the folder's `OutputManifest` lists
///   them. A file directly in the directory that the plan no longer holds is removed when the
///   manifest lists it, it still starts with the quarry header and it still holds what quarry
///   wrote (its `ContentDigest`; one edited since is kept, see `FileChange.Kind.keep`). In a
///   folder without a manifest, written by an older quarry, it must instead have a name quarry
///   produces (see `OutputManifest.isProducedName`). Anything else is never touched, and
///   neither are subfolders.
/// - A file the plan marks `isWrittenOnce` (a generated migration) is written when missing and
///   otherwise left exactly as it is, whatever it holds.
/// - Nothing that is not a regular file is ever opened (a FIFO would block forever), and every
///   planned name is checked (no `..`, no `/` at the start, short enough for the file system)
///   before anything is written.
public struct FileWriter: Sendable {
  /// Why a plan cannot be applied.
  public struct Conflict: Error, Sendable, Hashable {
    /// A planned path holds a file that quarry did not generate.
    public var path: String
    /// What is there when it is not a regular file (`a FIFO`, `a symbolic link`); nil for a
    /// regular file without the header.
    public var kind: String? = nil
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
    for file in plan.files { try checkName(file.path) }
    let comparisons = plan.files.concurrentMap { [self] file -> ExistingFile.Comparison in
      if file.isWrittenOnce {
        var entry = stat()
        return lstat(path(of: file.path), &entry) == 0 ? .identical : .missing
      }
      return ExistingFile.compare(atPath: path(of: file.path), with: file.contents)
    }
    var changes: [FileChange] = []
    changes.reserveCapacity(plan.files.count)
    for (file, comparison) in zip(plan.files, comparisons) {
      switch comparison {
      case .missing: changes.append(FileChange(.create, file.path))
      case .identical: changes.append(FileChange(.unchanged, file.path))
      case .different(isGenerated: true): changes.append(FileChange(.update, file.path))
      case .different(isGenerated: false): throw Conflict(path: file.path)
      case .notRegular(let kind): throw Conflict(path: file.path, kind: kind)
      }
    }
    changes += try staleFiles(planned: Set(plan.files.map(\.path)))
    return changes.sorted()
  }

  /// The removals of a run that writes `planned`: files directly in the directory that it does
  /// not plan, that quarry wrote (see the type's documentation) and that still have the header;
  /// those among them edited since quarry wrote them come back as `keep`, not `remove`.
  func staleFiles(planned: Set<String>) throws -> [FileChange] {
    let manifest = self.manifest()
    var removals: [FileChange] = []
    for name in try visibleNames() where !planned.contains(name) {
      let listed = manifest.map { $0.files[name] != nil } ?? OutputManifest.isProducedName(name)
      guard listed && ExistingFile.isGenerated(atPath: path(of: name)) else { continue }
      if let written = manifest?.digests[name],
        ExistingFile.contents(atPath: path(of: name)).map({ ContentDigest.of($0) }) != written
      {
        removals.append(FileChange(.keep, name))
      } else {
        removals.append(FileChange(.remove, name))
      }
    }
    return removals
  }

  /// The folder's manifest, nil when there is none or it cannot be read as one.
  public func manifest() -> OutputManifest? {
    guard let bytes = ExistingFile.contents(atPath: path(of: OutputManifest.fileName)) else {
      return nil
    }
    return OutputManifest.parse(String(decoding: bytes, as: UTF8.self))
  }

  /// The longest file name a plan may hold: the temporary file beside it, `.<name>.quarry-tmp`,
  /// must fit in the 255 bytes file systems allow.
  public static let maximumNameLength = 255 - 1 - temporarySuffix.utf8.count

  /// Throws when `relativePath` would leave the directory, hide the file or not fit the file
  /// system, so a bad name stops the run before any file is written.
  func checkName(_ relativePath: String) throws {
    let target = path(of: relativePath)
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    if relativePath.hasPrefix("/") || relativePath.utf8.contains(0)
      || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    {
      throw OutputError(
        .write, path: target,
        reason: "the name '\(SwiftLiteral.oneLine(relativePath))' is not a file name inside "
          + "the output folder; generated files are written only inside '--output'")
    }
    if let hidden = components.first(where: { $0.hasPrefix(".") }) {
      throw OutputError(
        .write, path: target,
        reason: "the name '\(SwiftLiteral.oneLine(String(hidden)))' starts with '.', which "
          + "hides the file; quarry writes no hidden files")
    }
    if let long = components.first(where: { $0.utf8.count > Self.maximumNameLength }) {
      throw OutputError(
        .write, path: target,
        reason: "the file name is \(long.utf8.count) bytes long, over the "
          + "\(Self.maximumNameLength) a generated file name may have; shorten the type's or "
          + "the template's name")
    }
    if target.utf8.count + 1 + Self.temporarySuffix.utf8.count >= Int(PATH_MAX) {
      throw OutputError(.write, path: target, errno: ENAMETOOLONG)
    }
  }

  /// Writes and removes what `changes(for:)` lists, and returns those changes.
  ///
  /// Files are written on all cores; the first failure, in path order, is thrown.
  ///
  /// - Throws: `Conflict`, or `OutputError` naming the path and the cause (disk full, a file
  ///   where the folder should be, a read-only file system…). A failed write leaves no
  ///   temporary file behind.
  @discardableResult
  public func apply(_ plan: OutputPlan) throws -> [FileChange] {
    try apply(plan, changes: changes(for: plan))
  }

  /// Applies `changes`, which `changes(for: plan)` returned, so a caller that inspects them
  /// first (see `RemovalGuard`) does not compare every file twice.
  @discardableResult
  public func apply(_ plan: OutputPlan, changes: [FileChange]) throws -> [FileChange] {
    let contents = Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.contents) })
    let writes = changes.filter { $0.kind == .create || $0.kind == .update }
    let folders = Set(writes.map { Self.parent(of: path(of: $0.path)) })
    for folder in folders.sorted() {
      try Self.createFolder(folder)
    }
    removeLeftoverTemporaryFiles()
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
      let target = path(of: change.path)
      guard unlink(target) == 0 || errno == ENOENT else {
        throw OutputError(.remove, path: target, errno: errno)
      }
    }
    try writeManifest(OutputManifest(plan))
    return changes
  }

  /// Records what `plan` wrote, when that differs from the manifest on disk. An empty plan
  /// into a folder that does not exist leaves no folder behind.
  func writeManifest(_ manifest: OutputManifest) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return }
    let target = path(of: OutputManifest.fileName)
    let text = manifest.text
    if ExistingFile.compare(atPath: target, with: text) == .identical { return }
    try writeAtomically(text, to: target)
  }

  func path(of relativePath: String) -> String {
    directory.isEmpty ? relativePath : directory + "/" + relativePath
  }

  /// Names of the non-hidden entries directly in the directory; none when it does not exist.
  ///
  /// Only the top level: quarry writes no subfolders, and looking deeper could mistake another
  /// target's Generated folder (say, with `--output Sources`) for stale output. Folders are
  /// listed too; `ExistingFile.isGenerated` cannot read them and so never counts them.
  private func visibleNames() throws -> [String] {
    try names().filter { !$0.hasPrefix(".") }
  }

  /// Every entry directly in the directory; none when it does not exist or is not a folder
  /// (creating it then reports what is in the way).
  private func names() throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    guard let stream = opendir(directory) else {
      throw OutputError(.readFolder, path: directory, errno: errno)
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The suffix of the temporary file each write goes through.
  static let temporarySuffix = ".quarry-tmp"

  /// Removes `.<name>.quarry-tmp` files a killed run left behind (a run that fails removes
  /// its own).
  func removeLeftoverTemporaryFiles() {
    for name in (try? names()) ?? []
    where name.hasPrefix(".") && name.hasSuffix(Self.temporarySuffix) {
      unlink(path(of: name))
    }
  }

  /// Creates `folder` and its missing parents, reporting what is in the way.
  static func createFolder(_ folder: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return }
      throw OutputError(.createFolder, path: folder, errno: EEXIST)
    }
    let parentFolder = parent(of: folder)
    if parentFolder != folder { try createFolder(parentFolder) }
    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
      throw OutputError(.createFolder, path: folder, errno: errno)
    }
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Writes `text` to a temporary file beside `target` (rename(2) is atomic only within a file
  /// system), then renames it over `target`; on any failure the temporary file is removed.
  private func writeAtomically(_ text: String, to target: String) throws {
    let temporary = try writeTemporary(text, for: target)
    if rename(temporary, target) != 0 {
      let failure = errno
      unlink(temporary)
      throw OutputError(.write, path: target, errno: failure)
    }
  }

  /// The temporary file a write of `target` goes through: `.<name>.quarry-tmp` beside it.
  static func temporaryPath(for target: String) -> String {
    let folder = parent(of: target)
    let name = target[target.index(after: target.lastIndex(of: "/") ?? target.startIndex)...]
    return folder + "/." + name + temporarySuffix
  }

  /// Writes `text` to the temporary file beside `target` and returns its path; on any failure
  /// the temporary file is removed and the error names `target`.
  func writeTemporary(_ text: String, for target: String) throws -> String {
    let temporary = Self.temporaryPath(for: target)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError(.write, path: target, errno: errno) }
    var failure: Int32 = 0
    var bytes = text
    bytes.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count, let start = buffer.baseAddress {
        let written = write(descriptor, start + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          failure = written < 0 ? errno : ENOSPC
          return
        }
        offset += written
      }
    }
    // close(2) can report a deferred write error (NFS, quota): it counts too.
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw OutputError(.write, path: target, errno: failure)
    }
    return temporary
  }
}
