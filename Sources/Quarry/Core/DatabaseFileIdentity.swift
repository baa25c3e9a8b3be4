#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity (device and inode) of a database's files when it was opened, compared with what
/// the paths name now at the start of every transaction.
///
/// Checks the database file and, in WAL mode, its `-wal` and `-shm` files: each that existed at
/// open must still be the same file. One `stat` per file, about a microsecond a transaction;
/// queries inside a transaction cost nothing more. Paths, not descriptors: a descriptor of our
/// own on the database file would drop SQLite's POSIX locks when closed.
///
/// Related SQLite documentation: <https://sqlite.org/howtocorrupt.html#_unlinking_or_renaming_a_database_file_while_in_use>
struct DatabaseFileIdentity: Sendable {
  private struct Identity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
  }

  private struct WatchedFile: Sendable {
    var path: String
    /// "", "-wal" or "-shm".
    var suffix: String
    var identity: Identity
  }

  /// The database file, then its `-wal` and `-shm` when they existed at open.
  private let files: [WatchedFile]

  /// Records the identity of `path` and of its WAL companions that exist now.
  init(path: String) {
    files = ["", "-wal", "-shm"].compactMap { suffix in
      Self.identity(of: path + suffix).map {
        WatchedFile(path: path + suffix, suffix: suffix, identity: $0)
      }
    }
  }

  /// The first file that is gone or is another file now (by its suffix: "" for the database
  /// file, "-wal", "-shm"), and what happened to it.
  func firstChange() -> (suffix: String, change: DatabaseFileChangedError.Change)? {
    for file in files {
      guard let now = Self.identity(of: file.path) else { return (file.suffix, .deleted) }
      if now != file.identity { return (file.suffix, .replaced) }
    }
    return nil
  }

  /// Deletes the `-wal` and `-shm` files at the paths when they are still the ones opened:
  /// once the database file was replaced or deleted, they belong to a file nobody can open
  /// again, and SQLite would apply that old WAL to the new file at the path (a restore's rows
  /// would read as the old ones, and a checkpoint would write old pages into it).
  func removeOrphanedWALFiles() {
    for file in files.dropFirst() where Self.identity(of: file.path) == file.identity {
      unlink(file.path)
    }
  }

  private static func identity(of path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}
