import Foundation

/// Finds the Swift files under some paths, reads each once and scans them in parallel.
///
/// Folders are searched recursively for `*.swift` files (a folder named `X.swift` is walked like
/// any other), skipping hidden folders (`.build`, `.git`) and files; the result is sorted by display path, so output never depends on the
/// file system's order or on thread timing. A path that does not exist or cannot be read
/// becomes a `ScannedFile` with an error, never a thrown error.
///
/// ```swift
/// let files = ProjectScanner.scanFiles(paths: ["Sources/Models"], relativeTo: cwd)
/// print(ScanDump.json(files))
/// ```
public enum ProjectScanner {
  /// Scans every Swift file under `paths`.
  ///
  /// - Parameters:
  ///   - paths: files or folders, absolute or relative to `base`.
  ///   - base: the directory display paths are made relative to (usually the working
  ///     directory); paths outside it are shown as given.
  public static func scanFiles(paths: [String], relativeTo base: String) -> [ScannedFile] {
    let (files, missing) = swiftFiles(in: paths, relativeTo: base)
    var scanned = scan(files).compactMap { $0 } + missing
    scanned.sort { $0.file.path < $1.file.path }
    return scanned
  }

  /// Reads and scans `files` on all cores; the results keep the order of `files`.
  ///
  /// - Parameters:
  ///   - keepsTypes: whether the results hold `types` (see `SourceScanner.keepsTypes`).
  ///   - skip: sees each file's bytes before it is scanned; a file it accepts is not scanned
  ///     and its result is nil (the generator skips the files it wrote itself).
  public static func scan(
    _ files: [(absolute: String, display: String)], keepsTypes: Bool = true,
    skipping skip: @Sendable ([UInt8]) -> Bool = { _ in false }
  ) -> [ScannedFile?] {
    let scanner = SourceScanner(keepsTypes: keepsTypes)
    return files.concurrentMap { file -> ScannedFile? in
      // Read straight into the scanner's bytes (no `Data` copy beside them), and never from
      // a FIFO or device, which would block.
      guard let bytes = ExistingFile.contents(atPath: file.absolute, followingLinks: true) else {
        return unreadable(absolutePath: file.absolute, displayPath: file.display)
      }
      if skip(bytes) { return nil }
      return scanner.scan(SourceFile(path: file.display, bytes: bytes))
    }
  }

  /// Reads and scans one file; an unreadable file yields an empty result with an error.
  public static func scanFile(absolutePath: String, displayPath: String) -> ScannedFile {
    guard let bytes = ExistingFile.contents(atPath: absolutePath, followingLinks: true) else {
      return unreadable(absolutePath: absolutePath, displayPath: displayPath)
    }
    return SourceScanner().scan(SourceFile(path: displayPath, bytes: bytes))
  }

  /// An empty result with the error saying why `absolutePath` cannot be read.
  private static func unreadable(absolutePath: String, displayPath: String) -> ScannedFile {
    var entry = stat()
    let reason =
      stat(absolutePath, &entry) != 0
      ? "no such file or directory"
      : entry.st_mode & S_IFMT == S_IFREG
        ? "permission denied" : "it is \(ExistingFile.kind(of: entry)), not a regular file"
    return ScannedFile(
      file: SourceFile(path: displayPath, bytes: []),
      diagnostics: [
        .error(
          ScannerMessage.unreadableFile(reason).text,
          at: SourceLocation(path: displayPath, offset: 0))
      ])
  }

  /// The Swift files under `paths` (absolute path, display path), sorted by display path and
  /// without duplicates, plus results carrying an error for paths that do not exist.
  public static func swiftFiles(in paths: [String], relativeTo base: String)
    -> (files: [(absolute: String, display: String)], missing: [ScannedFile])
  {
    let baseURL = URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL
    let prefix = baseURL.path.hasSuffix("/") ? baseURL.path : baseURL.path + "/"
    let (files, missing) = swiftFiles(in: paths, relativeTo: base) { absolute, given in
      absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : given ?? absolute
    }
    let unreadableFiles = missing.map { path in
      let url = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL
      return unreadable(absolutePath: url.path, displayPath: path)
    }
    return (files, unreadableFiles)
  }

  /// The Swift files under `paths`, sorted by display path and without duplicates, and the
  /// paths that do not exist, as given.
  ///
  /// - Parameters:
  ///   - paths: files or folders, absolute or relative to `base`.
  ///   - excluded: absolute folders whose files are left out (the generator's output folder,
  ///     so generated code never feeds back).
  ///   - display: how to show a file, from its absolute path and, for a file named in
  ///     `paths` rather than found in a folder, its spelling there.
  public static func swiftFiles(
    in paths: [String], relativeTo base: String, excluding excluded: [String] = [],
    display: (_ absolute: String, _ given: String?) -> String
  ) -> (files: [(absolute: String, display: String)], missing: [String]) {
    let fileManager = FileManager.default
    let baseURL = URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL
    var found: [String: String] = [:]
    var missing: [String] = []
    for path in paths {
      let url = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        missing.append(path)
        continue
      }
      if !isDirectory.boolValue {
        found[url.path] = display(url.path, path)
        continue
      }
      guard
        let enumerator = fileManager.enumerator(
          at: url, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let fileURL as URL in enumerator {
        let absolute = fileURL.standardizedFileURL.path
        if excluded.contains(where: { absolute == $0 || absolute.hasPrefix($0 + "/") }) {
          enumerator.skipDescendants()
        } else if fileURL.pathExtension == "swift" {
          // A folder can be named like a file (a checkout called `Charts.swift`): the
          // enumerator walks into it; only files are sources.
          var isFolder: ObjCBool = false
          if fileManager.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue {
            continue
          }
          found[absolute] = display(absolute, nil)
        }
      }
    }
    let files = found.map { (absolute: $0.key, display: $0.value) }
      .sorted { ($0.display, $0.absolute) < ($1.display, $1.absolute) }
    return (files, missing)
  }
}
