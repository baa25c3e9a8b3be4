import Foundation

/// The checks that keep a run from writing where it would destroy something: an output
/// folder that is (or holds) a scanned folder, a `--single-file` name that is a path, and an
/// output folder another run's sources fill.
///
/// ```text
/// $ quarry generate Models --output Models
/// Models: error: the output folder is the scanned folder 'Models': its sources would be skipped as output and its generated files read as sources; choose an '--output' outside it, such as 'Generated'
/// $ quarry generate B --output Gen        # after 'quarry generate A --output Gen'
/// Gen/Bird+Quarry.swift: error: 'Gen' holds files generated from 'A/Bird.swift', which this run does not scan; generate every source folder in one run ('quarry generate A B --output Gen'), choose another '--output', or pass '--force' to replace them
/// ```
enum OutputFolderCheck {
  /// The error for an output folder that overlaps a source, or nil.
  ///
  /// The output may lie inside a scanned folder (`quarry generate Sources/App --output
  /// Sources/App/Generated`, the command plugin's layout: its files are left out of the scan),
  /// but it may not be a scanned folder, hold one or a scanned file, or be a symbolic link to
  /// either: then the scan would skip the sources (everything is "output") and the run would
  /// write an empty model and remove the previous files.
  ///
  /// - Parameters:
  ///   - output, sources: absolute and standardized, symbolic links not yet resolved.
  static func overlap(
    output: String, outputDisplay: String, sources: [(given: String, absolute: String)]
  ) -> Generator.Failure? {
    let outputReal = realPath(output)
    for source in sources {
      var entry = stat()
      guard stat(source.absolute, &entry) == 0 else { continue }
      let sourceReal = realPath(source.absolute)
      let link =
        outputReal != realPath(FileWriter.parent(of: output)) + "/" + lastComponent(output)
        || sourceReal != realPath(FileWriter.parent(of: source.absolute)) + "/"
          + lastComponent(source.absolute)
      let through = link ? " (through a symbolic link)" : ""
      let given = SwiftLiteral.oneLine(source.given)
      if outputReal == sourceReal {
        return Generator.Failure(
          description: "the output folder is the scanned folder '\(given)'\(through): its "
            + "sources would be skipped as output and its files removed as stale; choose an "
            + "'--output' outside it, such as a 'Generated' folder beside it",
          path: outputDisplay)
      }
      if sourceReal.hasPrefix(outputReal == "/" ? "/" : outputReal + "/") {
        return Generator.Failure(
          description: "the output folder holds the scanned "
            + (entry.st_mode & S_IFMT == S_IFDIR ? "folder" : "file") + " '\(given)'\(through): "
            + "its sources would be skipped as output; choose an '--output' that does not "
            + "contain the sources, such as a 'Generated' folder beside them",
          path: outputDisplay)
      }
    }
    return nil
  }

  /// The error for a `--single-file` value that is not a plain file name, or nil: the file
  /// is written inside `--output`, never elsewhere.
  static func singleFileName(_ name: String) -> Generator.Failure? {
    let shown = SwiftLiteral.oneLine(name)
    if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
      return Generator.Failure(
        description: "'--single-file' takes a file name, not a path: '\(shown)'; the file is "
          + "written inside '--output' (choose the folder with '--output')")
    }
    if name.hasPrefix(".") {
      return Generator.Failure(
        description: "'--single-file' name '\(shown)' starts with '.', which hides the file; "
          + "choose a name such as 'Quarry.swift'")
    }
    return nil
  }

  /// The error for changes that would replace or remove another run's files, or nil: a file
  /// the manifest says came from sources that still exist but that this run does not scan.
  /// Sources that are gone (a deleted or moved model file) are no obstacle.
  static func foreignSources(
    _ changes: [FileChange], manifest: OutputManifest?, scanned: Set<String>, root: String,
    outputDisplay: String, givenSources: [String]
  ) -> Generator.Failure? {
    guard let manifest else { return nil }
    let scanned = Set(scanned.map(SwiftLiteral.oneLine))
    for change in changes where change.kind == .update || change.kind == .remove {
      guard let sources = manifest.files[change.path] else { continue }
      let foreign = sources.filter { source in
        guard !scanned.contains(source) else { return false }
        let absolute = source.hasPrefix("/") ? source : root + "/" + source
        return FileManager.default.fileExists(atPath: absolute)
      }
      guard !foreign.isEmpty else { continue }
      let names = foreign.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
      let more = foreign.count > 3 ? " and \(foreign.count - 3) more" : ""
      let verb = change.kind == .remove ? "remove" : "replace"
      return Generator.Failure(
        description: "'\(outputDisplay)' holds files generated from \(names)\(more), which "
          + "this run does not scan (it would \(verb) them); generate all the sources in one "
          + "run ('quarry generate \(givenSources.joined(separator: " ")) <the other sources> "
          + "--output \(outputDisplay)'), choose another '--output', or pass '--force' to "
          + "\(verb) them",
        path: outputDisplay + "/" + change.path)
    }
    return nil
  }

  private static func lastComponent(_ path: String) -> String {
    String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
  }

  /// An absolute, standardized `path` (`.` and `..` removed), links not resolved.
  static func standardized(_ path: String, base: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
    return url.standardizedFileURL.path
  }

  /// `path` with every symbolic link resolved; for a path that does not exist yet, its
  /// nearest existing ancestor's real path with the rest appended.
  static func realPath(_ path: String) -> String {
    var head = path
    var tail: [String] = []
    while head != "/" && !head.isEmpty {
      if let resolved = realpath(head, nil) {
        defer { free(resolved) }
        let real = String(cString: resolved)
        return ([real == "/" ? "" : real] + tail.reversed()).joined(separator: "/")
      }
      let parent = FileWriter.parent(of: head)
      tail.append(String(head[head.index(after: head.lastIndex(of: "/") ?? head.startIndex)...]))
      if parent == head { break }
      head = parent
    }
    return "/" + tail.reversed().joined(separator: "/")
  }
}
