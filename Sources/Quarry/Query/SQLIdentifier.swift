/// Quoting of SQL identifiers: the only way names enter Quarry's SQL.
enum SQLIdentifier {
  /// `name` in double quotes, with inner double quotes doubled: `a"b` becomes `"a""b"`.
  ///
  /// Related SQLite documentation: <https://sqlite.org/lang_keywords.html>
  static func quote(_ name: String) -> String {
    SQLDialect.sqlite.quote(name)
  }
}
