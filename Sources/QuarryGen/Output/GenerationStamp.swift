import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a clean run saw on disk, so the next run can tell, from `stat` alone, that nothing it
/// reads or writes has changed since, and skip scanning, modelling and rendering.
///
/// A file's signature is its device, inode, size, and modification and change times in
/// nanoseconds: an edit, a rename over it or a `touch` changes it, and the change time cannot
/// be set back. Inputs are every source file and template file; outputs are the output folder
/// itself (adding or removing any file in it changes its times), its `OutputManifest` (an edit
/// in place, or a checkout, changes no folder time but decides what a later run may remove)
/// and every generated file.
/// The key holds the tool version, the running binary's signature and the options.
///
/// A stamp is written only after a write-mode run that reported no diagnostic at all, and not
/// when an input changed within the last two seconds (a second edit in the same clock tick
/// could keep its signature). It lives in the user's cache folder, never beside the output.
/// `--check` never uses it: CI compares bytes.
struct GenerationStamp: Equatable {
  var key: String
  var inputs: [String]
  var outputs: [String]
  var outputFiles: [String]
  var scannedFileCount: Int
  var tableCount: Int

  /// `path`'s signature, or nil when it cannot be read.
  static func signature(of path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = status.st_mtimespec
      let changed = status.st_ctimespec
    #else
      let modified = status.st_mtim
      let changed = status.st_ctim
    #endif
    return "\(status.st_dev):\(status.st_ino):\(status.st_size):"
      + "\(modified.tv_sec).\(modified.tv_nsec):\(changed.tv_sec).\(changed.tv_nsec)"
  }

  /// Signature lines for `paths`; nil when one cannot be read.
  static func signatures(of paths: [String]) -> [String]? {
    var lines: [String] = []
    lines.reserveCapacity(paths.count)
    for path in paths {
      guard let signature = signature(of: path) else { return nil }
      lines.append(signature + " " + path)
    }
    return lines
  }

  /// The paths whose signatures are a stamp's outputs: the folder `output`, its manifest and
  /// each of `files`, named relative to it. Saving and checking both go through here, so the
  /// two can never list different files.
  static func outputPaths(folder output: String, files: [String]) -> [String] {
    [output, output + "/" + OutputManifest.fileName] + files.map { output + "/" + $0 }
  }

  /// Whether any of `paths` was modified less than `seconds` ago (or in the future).
  static func isRecentlyModified(_ paths: [String], seconds: Int = 2) -> Bool {
    let now = time(nil)
    return paths.contains { path in
      var status = stat()
      guard stat(path, &status) == 0 else { return true }
      #if canImport(Darwin)
        let modified = status.st_mtimespec.tv_sec
      #else
        let modified = status.st_mtim.tv_sec
      #endif
      return Int(now) - Int(modified) < seconds
    }
  }

  /// Where the stamp of the output folder `output` lives; nil without a cache folder.
  static func location(forOutput output: String) -> String? {
    guard
      let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
    else { return nil }
    return caches.appendingPathComponent("quarry/stamps/\(digest(output)).stamp").path
  }

  /// A stable digest of `text` (`hashValue` changes per process): see `ContentDigest`.
  static func digest(_ text: String) -> String {
    ContentDigest.of(text)
  }

  // MARK: Text form

  static func load(from path: String) -> GenerationStamp? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var stamp = GenerationStamp(
      key: "", inputs: [], outputs: [], outputFiles: [], scannedFileCount: 0, tableCount: 0)
    var isValid = false
    // Bytes, not Characters: a stamp holds thousands of lines and is read on every run.
    for line in [UInt8](data).split(separator: UInt8(ascii: "\n")) {
      guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
      let value = String(decoding: line[(space + 1)...], as: UTF8.self)
      switch String(decoding: line[..<space], as: UTF8.self) {
      case "stamp": isValid = value == "1"
      case "key": stamp.key = value
      case "scanned": stamp.scannedFileCount = Int(value) ?? 0
      case "tables": stamp.tableCount = Int(value) ?? 0
      case "input": stamp.inputs.append(value)
      case "output": stamp.outputs.append(value)
      case "file": stamp.outputFiles.append(value)
      default: return nil
      }
    }
    return isValid ? stamp : nil
  }

  /// Saves the stamp; a failure (a read-only or sandboxed cache folder) only costs speed.
  func save(to path: String) {
    var text = "stamp 1\nkey \(key)\nscanned \(scannedFileCount)\ntables \(tableCount)\n"
    for line in inputs { text += "input \(line)\n" }
    for line in outputs { text += "output \(line)\n" }
    for name in outputFiles { text += "file \(name)\n" }
    let url = URL(fileURLWithPath: path)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url, options: .atomic)
  }
}
