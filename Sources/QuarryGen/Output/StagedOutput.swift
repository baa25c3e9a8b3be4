import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output files written to their temporary names while a run renders, then all renamed into
/// place once every file is rendered and every check has passed, or all removed.
///
/// This is how `quarry generate` writes without holding every generated file in memory: each
/// file is compared with the disk and, when it differs, staged as soon as it is rendered, then
/// dropped. Nothing in the folder changes before the run commits, as when the whole plan was
/// compared first and written after (see `FileWriter`); a failure or a template error leaves
/// the folder as it was, folders this run created included.
///
/// ```swift
/// let staged = StagedOutput(writer: FileWriter(directory: output))
/// try staged.stage(contents, as: "Bird+Quarry.swift")
/// try staged.commit(removing: stale, manifest: manifest)   // or staged.discard()
/// ```
final class StagedOutput {
  let writer: FileWriter
  /// The path of every file staged, relative to the folder: its target and its temporary file
  /// (`FileWriter.temporaryPath`) follow from it, and a run of 65,000 files holds 65,000.
  private var staged: [String] = []
  /// Folders that did not exist and were created for staged files, outermost first.
  private var createdFolders: [String] = []
  private var existingFolders: Set<String> = []

  init(writer: FileWriter) {
    self.writer = writer
  }

  /// Creates the folders `relativePaths` go into when missing, remembering which it created.
  func prepareFolders(for relativePaths: [String]) throws {
    for relativePath in relativePaths {
      let folder = FileWriter.parent(of: writer.path(of: relativePath))
      if existingFolders.contains(folder) { continue }
      try createFolder(folder)
    }
  }

  private func createFolder(_ folder: String) throws {
    if existingFolders.contains(folder) { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw OutputError(.createFolder, path: folder, errno: EEXIST)
      }
      existingFolders.insert(folder)
      return
    }
    let parentFolder = FileWriter.parent(of: folder)
    if parentFolder != folder { try createFolder(parentFolder) }
    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
      throw OutputError(.createFolder, path: folder, errno: errno)
    }
    createdFolders.append(folder)
    existingFolders.insert(folder)
  }

  /// Records files written to their temporary names (`FileWriter.writeTemporary`), by their
  /// paths relative to the folder.
  func record(_ paths: [String]) {
    staged += paths
  }

  private func target(_ path: String) -> String { writer.path(of: path) }
  private func temporary(_ path: String) -> String {
    FileWriter.temporaryPath(for: writer.path(of: path))
  }

  /// Renames every staged file into place (in path order), removes `removals` and writes the
  /// manifest: what `FileWriter.apply` does after its writes.
  func commit(removing removals: [FileChange], manifest: OutputManifest) throws {
    staged.sort()
    for (index, path) in staged.enumerated() where rename(temporary(path), target(path)) != 0 {
      let failure = errno
      // What is not yet in place stays as it was.
      for rest in staged[index...] { unlink(temporary(rest)) }
      staged = []
      throw OutputError(.write, path: target(path), errno: failure)
    }
    staged = []
    createdFolders = []
    for change in removals {
      let target = writer.path(of: change.path)
      guard unlink(target) == 0 || errno == ENOENT else {
        throw OutputError(.remove, path: target, errno: errno)
      }
    }
    try writer.writeManifest(manifest)
  }

  /// Removes every staged file and the folders this run created, leaving the folder as it was.
  func discard() {
    for path in staged { unlink(temporary(path)) }
    staged = []
    for folder in createdFolders.reversed() { rmdir(folder) }
    createdFolders = []
  }
}
