import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a database file could not be opened, in words: SQLite says only "unable to open database
/// file", which names neither the file nor the cause.
///
/// The cause is found by looking at the file system after the failure (the path's length, the
/// file, its folder, the medium), so the same words come whichever SQLite call failed.
///
/// Related SQLite documentation: <https://sqlite.org/rescode.html#cantopen>,
/// <https://sqlite.org/wal.html#readonly>
enum OpenFailure {
  /// The longest file name most file systems accept, in bytes (`NAME_MAX`).
  static let longestName = 255
  /// The longest path the system accepts, in bytes, with its final NUL (`PATH_MAX`).
  static let longestPath = 4096

  /// `error` (thrown while opening `path`) with a message that names the path and the cause;
  /// errors that are not about the file (a lock held past the timeout) come back unchanged.
  static func explained(_ error: SQLiteError, path: String, readOnly: Bool) -> SQLiteError {
    let aboutTheFile: Set<Int32> = [
      SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_IOERR, SQLITE_NOTADB, SQLITE_AUTH,
    ]
    // An error already explained (``openedReadOnly(path:)``) passes through.
    guard aboutTheFile.contains(error.code), !error.message.hasPrefix("cannot open '") else {
      return error
    }
    let cause = Self.cause(path: path, readOnly: readOnly) ?? error.message
    return SQLiteError(
      code: error.code, extendedCode: error.extendedCode,
      message: "cannot open '\(path)': \(cause)", sql: error.sql)
  }

  /// The error for a file that SQLite opened read-only although `Database` asked to write:
  /// SQLite does that silently when the file cannot be written, and every write would fail.
  static func openedReadOnly(path: String) -> SQLiteError {
    let cause = Self.cause(path: path, readOnly: false) ?? "the file is not writable"
    return SQLiteError(
      code: SQLITE_READONLY,
      message: "cannot open '\(path)' for writing: \(cause); pass 'readOnly: true' to read it")
  }

  /// What is wrong with `path`, or nil when nothing visible explains the failure.
  static func cause(path: String, readOnly: Bool) -> String? {
    if let name = path.split(separator: "/").first(where: { $0.utf8.count > longestName }) {
      return "the file name '\(name.prefix(16))…' is \(name.utf8.count) bytes long, "
        + "more than the \(longestName) a file system allows"
    }
    if path.utf8.count >= longestPath {
      return "the path is \(path.utf8.count) bytes long, more than the \(longestPath - 1) "
        + "the system allows"
    }
    var status = stat()
    guard stat(path, &status) == 0 else { return causeForMissingFile(path, readOnly: readOnly) }
    if status.st_mode & S_IFMT == S_IFDIR { return "it is a directory, not a database file" }
    if !readOnly {
      if isOnReadOnlyMedium(path) { return "the file system is read-only" }
      if access(path, W_OK) != 0 { return "the file is not writable (\(describe(errno)))" }
    }
    if access(path, R_OK) != 0 { return "the file is not readable (\(describe(errno)))" }
    if readOnly, let cause = causeForReadOnlyWAL(path) { return cause }
    return nil
  }

  /// Why a file that does not exist (or whose path cannot be followed) could not be opened.
  private static func causeForMissingFile(_ path: String, readOnly: Bool) -> String? {
    let error = errno
    guard error == ENOENT else {
      if error == ENOTDIR { return "a folder in the path is a file" }
      return describe(error)
    }
    let folder = (path as NSString).deletingLastPathComponent
    let shownFolder = folder.isEmpty ? "." : folder
    var status = stat()
    guard stat(folder.isEmpty ? "." : folder, &status) == 0 else {
      return "the folder '\(shownFolder)' does not exist"
    }
    if readOnly { return "the file does not exist (a read-only open does not create it)" }
    if isOnReadOnlyMedium(shownFolder) {
      return "the file does not exist, and the file system is read-only"
    }
    if access(shownFolder, W_OK) != 0 {
      return "the file does not exist, and the folder '\(shownFolder)' is not writable"
    }
    return nil
  }

  /// Why a read-only open of a WAL database fails: SQLite must create the missing `-shm` file
  /// (the WAL index) beside it, which a read-only folder or medium does not allow.
  private static func causeForReadOnlyWAL(_ path: String) -> String? {
    guard isInWALMode(path), access(path + "-shm", F_OK) != 0 else { return nil }
    let folder = (path as NSString).deletingLastPathComponent
    let shownFolder = folder.isEmpty ? "." : folder
    guard isOnReadOnlyMedium(shownFolder) || access(shownFolder, W_OK) != 0 else { return nil }
    return "the database is in WAL mode and its '-shm' file is missing, which a read-only "
      + "open cannot create here; open it read-write once where it can be written (which "
      + "folds the WAL into the file), or copy it with its '-wal' to a writable folder"
  }

  /// Whether the file's header says WAL mode (bytes 18 and 19 are 2).
  private static func isInWALMode(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
    return header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
  }

  /// Whether `path` lies on a file system mounted read-only.
  private static func isOnReadOnlyMedium(_ path: String) -> Bool {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return false }
    return info.f_flag & UInt(ST_RDONLY) != 0
  }

  /// The system's words for `error`, lowercase as Quarry's messages are.
  private static func describe(_ error: Int32) -> String {
    String(cString: strerror(error)).lowercased()
  }
}
