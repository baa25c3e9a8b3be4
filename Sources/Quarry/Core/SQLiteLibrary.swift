import CSQLite

/// Facts about the SQLite library Quarry is linked against.
///
/// ```swift
/// print(SQLiteLibrary.version)   // "3.40.1"
/// ```
public enum SQLiteLibrary {
  /// The version string of the SQLite library in use at run time.
  public static var version: String {
    String(cString: sqlite3_libversion())
  }
}
