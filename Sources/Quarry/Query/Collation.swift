/// How text compares and sorts: `Book.Columns.title.collating(.noCase).asc`.
///
/// ```swift
/// let titles = Book.all().order(Book.Columns.title.collating(.noCase).asc)
/// let dune = Book.all().filter(Book.Columns.title.collating(.noCase) == "dune")
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html#collation>
public struct Collation: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case binary, noCase, trailingSpaceInsensitive
    case named(String)
  }

  let kind: Kind

  /// Byte by byte (SQLite's default).
  public static let binary = Collation(kind: .binary)
  /// Ignoring the case of ASCII letters only (SQLite's `NOCASE`): `"é"` and `"É"` still differ.
  /// Compare `lowercased` values to ignore the case of every letter.
  public static let noCase = Collation(kind: .noCase)
  /// Ignoring trailing spaces (SQLite's `RTRIM`).
  public static let trailingSpaceInsensitive = Collation(kind: .trailingSpaceInsensitive)

  /// A collation registered on the connection under `name`.
  public static func named(_ name: String) -> Collation { Collation(kind: .named(name)) }

  /// A collation added with ``Database/add(collation:)``.
  ///
  /// ```swift
  /// let byLength = DatabaseCollation("byLength") { a, b in
  ///   a.count < b.count ? .orderedAscending : a.count > b.count ? .orderedDescending : .orderedSame
  /// }
  /// try db.add(collation: byLength)
  /// let shortFirst = Book.all().order(Book.Columns.title.collating(.custom(byLength)).asc)
  /// ```
  public static func custom(_ collation: DatabaseCollation) -> Collation {
    Collation(kind: .named(collation.name))
  }
}
