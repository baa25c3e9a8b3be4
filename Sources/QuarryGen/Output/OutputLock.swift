#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes runs into one output folder take turns: a write run holds the folder exclusively
/// from comparing the plan with the disk until its manifest is written, so two runs never
/// mix their files, and a `--check` or `--dry-run` never reads a half-updated folder.
///
/// The lock is `flock(2)` on the folder itself: nothing is added to the folder, and the
/// kernel drops the lock when the process ends, however it ends, so a killed run leaves no
/// stale lock. A second run waits for the first to finish (it then compares against what
/// the first one wrote).
///
/// ```swift
/// try OutputLock.withLock(onFolder: "Generated", exclusive: true) {
///   try FileWriter(directory: "Generated").apply(plan)
/// }
/// ```
enum OutputLock {
  /// Runs `body` holding the folder's lock. An exclusive lock creates the folder first (and
  /// removes it again when `body` left it empty, so a run that fails before writing leaves
  /// nothing behind); a shared lock on a folder that does not exist is no lock (there is
  /// nothing to read).
  ///
  /// - Throws: `OutputError` when the folder cannot be created, opened or locked, or what
  ///   `body` throws.
  static func withLock<T>(
    onFolder folder: String, exclusive: Bool, waiting: () -> Void = {},
    _ body: () throws -> T
  ) throws -> T {
    var entry = stat()
    let exists = stat(folder, &entry) == 0 && entry.st_mode & S_IFMT == S_IFDIR
    if !exists {
      guard exclusive else { return try body() }
      try FileWriter.createFolder(folder)
    }
    // rmdir(2) removes only an empty folder: never anything written into it.
    defer { if !exists { rmdir(folder) } }
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    guard descriptor >= 0 else { throw OutputError(.lock, path: folder, errno: errno) }
    defer { close(descriptor) }
    let mode = exclusive ? LOCK_EX : LOCK_SH
    if flock(descriptor, mode | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else { throw OutputError(.lock, path: folder, errno: errno) }
      waiting()
      while flock(descriptor, mode) != 0 {
        guard errno == EINTR else { throw OutputError(.lock, path: folder, errno: errno) }
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
