/// The database file, or its `-wal` or `-shm` companion, was deleted or replaced while a
/// `Database` had it open.
///
/// SQLite keeps using the files it opened, so without this error every later write would say
/// ok and go to a file nobody will read again: a `-wal` deleted takes the commits since the
/// last checkpoint with it, and a database file replaced by a restored copy loses the rows
/// written after the restore. Quarry compares each file's identity (device and inode) with the
/// one it had at open, at the start of every `read` and `write`, and throws this error instead.
///
/// ```swift
/// do {
///   try db.write { try $0.insert(bird) }
/// } catch let error as DatabaseFileChangedError {
///   print(error)   // the file '/data/birds.sqlite-wal' was deleted while the database was open…
///   db = try Database(path: error.path)   // open the file now at the path
/// }
/// ```
///
/// The `Database` value that threw keeps throwing it; a new `Database` opens what the path now
/// names. When only `-wal` or `-shm` went away, the changes already committed are copied into
/// the database file first (a checkpoint through the connection that still has them open), so
/// they survive.
///
/// Related SQLite documentation: <https://sqlite.org/howtocorrupt.html#_unlinking_or_renaming_a_database_file_while_in_use>
public struct DatabaseFileChangedError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What happened to the file.
  public enum Change: String, Sendable {
    /// Nothing is at the path any more.
    case deleted
    /// Another file is at the path (a restore, a `mv` over it).
    case replaced
  }

  /// The path of the database, as given to `Database(path:)`.
  public let path: String
  /// The file that changed: the database file itself, or its `-wal` or `-shm` file.
  public let file: String
  /// Whether it was deleted or replaced.
  public let change: Change
  /// Whether the commits held in a deleted or replaced `-wal` were copied into the database
  /// file before the error was thrown.
  public let committedChangesWereSaved: Bool

  /// Creates the error; Quarry builds it when a file's identity check fails.
  public init(path: String, file: String, change: Change, committedChangesWereSaved: Bool) {
    self.path = path
    self.file = file
    self.change = change
    self.committedChangesWereSaved = committedChangesWereSaved
  }

  public var description: String {
    var text = "the file '\(file)' was \(change.rawValue) while the database was open"
    if file == path {
      text +=
        "; this Database still has the old file, so nothing more is read or written: "
        + "open a new Database on '\(path)' to use the file now there"
    } else {
      text +=
        committedChangesWereSaved
        ? "; the changes committed so far were copied into '\(path)'" : ""
      text += "; nothing more is read or written: open a new Database on '\(path)'"
    }
    return text
  }
}
