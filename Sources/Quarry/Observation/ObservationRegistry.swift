import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide map from database files to their ``ObservedFile``, so that a write through
/// any `Database` value reaches the observers of every other `Database` value on the same file.
///
/// Files are identified by device and inode (two paths to one file, through a symbolic link or
/// `..`, are the same file), or by their standardized path when `stat` fails (URI filenames).
enum ObservationRegistry {
  private struct FileKey: Hashable {
    var device: UInt64
    var inode: UInt64
    var path: String
  }

  private final class WeakFile {
    weak var file: ObservedFile?
    init(_ file: ObservedFile) { self.file = file }
  }

  private final class Storage: @unchecked Sendable {
    let lock = NSLock()
    var files: [FileKey: WeakFile] = [:]
  }

  private static let storage = Storage()

  /// The observed file shared by every `Database` open on `path` in this process.
  static func file(forPath path: String) -> ObservedFile {
    let key = fileKey(path)
    storage.lock.lock()
    defer { storage.lock.unlock() }
    if let existing = storage.files[key]?.file { return existing }
    let file = ObservedFile(isShared: true)
    // Forget entries of files whose databases all closed.
    storage.files = storage.files.filter { $0.value.file != nil }
    storage.files[key] = WeakFile(file)
    return file
  }

  private static func fileKey(_ path: String) -> FileKey {
    var status = stat()
    if stat(path, &status) == 0 {
      return FileKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), path: "")
    }
    return FileKey(device: 0, inode: 0, path: (path as NSString).standardizingPath)
  }
}
