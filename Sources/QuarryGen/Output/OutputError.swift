#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An I/O failure while writing the output folder, worded for the user: the path, what went
/// wrong and what to do, never a Foundation dump.
///
/// ```text
/// Generated: error: cannot create the output folder: a file is in its place; remove the file or choose another '--output'
/// Generated/Bird+Quarry.swift: error: cannot write the file: the disk is full; free some space and run again
/// ```
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The absolute path that failed.
  public var path: String
  /// What quarry was doing (`cannot write the file`) and why, with what to do.
  public var message: String

  public var description: String { "\(path): error: \(message)" }

  /// What quarry was doing when the call failed.
  enum Operation: String, Sendable {
    case createFolder = "cannot create the output folder"
    case write = "cannot write the file"
    case remove = "cannot remove the stale file"
    case readFolder = "cannot read the output folder"
    case lock = "cannot lock the output folder"
  }

  init(_ operation: Operation, path: String, errno code: Int32) {
    self.path = path
    self.message = operation.rawValue + ": " + Self.reason(code, operation)
  }

  init(_ operation: Operation, path: String, reason: String) {
    self.path = path
    self.message = operation.rawValue + ": " + reason
  }

  /// A failure's cause and remedy, by `errno`.
  static func reason(_ code: Int32, _ operation: Operation) -> String {
    switch code {
    case ENOSPC, EDQUOT:
      return "the disk is full (no space left on the device); free some space and run again"
    case EROFS:
      return "the file system is read-only; choose another '--output' or make it writable"
    case EACCES, EPERM:
      return "permission denied; make the folder writable or choose another '--output'"
    case ENOTDIR:
      return "a file is in place of one of its folders; remove that file or choose another "
        + "'--output'"
    case EEXIST where operation == .createFolder:
      return "a file is in its place; remove the file or choose another '--output'"
    case EISDIR:
      return "a folder is in its place; remove the folder or choose another '--output'"
    case ENAMETOOLONG:
      return "the path is too long; choose a shorter '--output'"
    case EIO:
      return "an input/output error on the device; check the disk and run again"
    default:
      return String(cString: strerror(code)) + " (errno \(code))"
    }
  }
}
