import Dispatch
import Foundation

/// Finds the Swift files under some paths, reads each once and scans them in parallel.
///
/// Folders are searched recursively for `*.swift` files, skipping hidden folders (`.build`,
/// `.git`) and files; the result is sorted by display path, so output never depends on the
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
    let results = ResultSlots(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let file = files[index]
      results.store(scanFile(absolutePath: file.absolute, displayPath: file.display), at: index)
    }
    var scanned = results.values + missing
    scanned.sort { $0.file.path < $1.file.path }
    return scanned
  }

  /// Reads and scans one file; an unreadable file yields an empty result with an error.
  public static func scanFile(absolutePath: String, displayPath: String) -> ScannedFile {
    guard let data = FileManager.default.contents(atPath: absolutePath) else {
      let file = SourceFile(path: displayPath, bytes: [])
      let reason =
        FileManager.default.fileExists(atPath: absolutePath)
        ? "permission denied or not a regular file" : "no such file or directory"
      return ScannedFile(
        file: file,
        diagnostics: [
          .error(
            ScannerMessage.unreadableFile(reason).text,
            at: SourceLocation(path: displayPath, offset: 0))
        ])
    }
    return SourceScanner().scan(SourceFile(path: displayPath, bytes: [UInt8](data)))
  }

  /// The Swift files under `paths` (absolute path, display path), sorted by display path and
  /// without duplicates, plus results carrying an error for paths that do not exist.
  public static func swiftFiles(in paths: [String], relativeTo base: String)
    -> (files: [(absolute: String, display: String)], missing: [ScannedFile])
  {
    let fileManager = FileManager.default
    let baseURL = URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL
    var found: [String: String] = [:]
    var missing: [ScannedFile] = []
    for path in paths {
      let url = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        missing.append(scanFile(absolutePath: url.path, displayPath: path))
        continue
      }
      if !isDirectory.boolValue {
        found[url.path] = displayPath(of: url, base: baseURL, given: path)
        continue
      }
      guard
        let enumerator = fileManager.enumerator(
          at: url, includingPropertiesForKeys: [.isRegularFileKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let fileURL as URL in enumerator where fileURL.pathExtension == "swift" {
        let standardized = fileURL.standardizedFileURL
        found[standardized.path] = displayPath(of: standardized, base: baseURL, given: nil)
      }
    }
    let files = found.map { (absolute: $0.key, display: $0.value) }
      .sorted { ($0.display, $0.absolute) < ($1.display, $1.absolute) }
    return (files, missing)
  }

  private static func displayPath(of url: URL, base: URL, given: String?) -> String {
    let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
    if url.path.hasPrefix(basePath) { return String(url.path.dropFirst(basePath.count)) }
    return given ?? url.path
  }
}

/// Per-index result storage filled from `concurrentPerform`; each index is written once, by
/// one iteration, under a lock.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [ScannedFile?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: ScannedFile, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [ScannedFile] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
