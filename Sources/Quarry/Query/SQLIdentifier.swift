/// Quoting of SQL identifiers: the only way names enter Quarry's SQL.
enum SQLIdentifier {
  /// `name` in double quotes, with inner double quotes doubled: `a"b` becomes `"a""b"`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_keywords.html>
  static func quote(_ name: String) -> String {
    SQLDialect.sqlite.quote(name)
  }

  /// `name` with ASCII letters in lower case: the key under which SQLite compares identifiers.
  ///
  /// SQLite matches table, column and index names without regard to ASCII case (`ITEM` and
  /// `item` are one table) but compares other characters exactly (`É` and `é` are two), so
  /// Quarry compares names by this key wherever it matches them.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_keywords.html>
  static func comparisonKey(_ name: String) -> String {
    guard name.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return name }
    return String(
      decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}
