import CSQLite

/// `quarry_lower` and `quarry_upper`: SQLite's `LOWER` and `UPPER` with Swift's Unicode case
/// mapping, installed on every connection, so that typed queries' `lowercased` and
/// `uppercased` agree with `String.lowercased()` and `String.uppercased()`.
///
/// SQLite's own functions (without the ICU extension) change ASCII letters only:
/// `LOWER('ÉMILE')` is `'Émile'`, so `name.lowercased == "émile zola"` would find nothing.
/// Swift's mapping is the locale-independent one of the Unicode standard (`"ß".uppercased()` is
/// `"SS"`, `"İ".lowercased()` is `"i̇"`). NULL stays NULL; a number or a BLOB is read as text
/// first, as `LOWER` does. Raw SQL can call them too:
///
/// ```swift
/// let zola = try db.read {
///   try $0.fetchAll(Author.self, literal: "SELECT * FROM authors WHERE quarry_lower(name) = \("émile zola")")
/// }
/// ```
///
/// Other programs reading the file do not have these functions, which is why Quarry never
/// writes them into the schema (views, triggers, indexes).
///
/// Related SQLite documentation: <https://sqlite.org/lang_corefunc.html#lower>
enum UnicodeCaseFunctions {
  /// The SQL name of the lower-casing function.
  static let lowerName = "quarry_lower"
  /// The SQL name of the upper-casing function.
  static let upperName = "quarry_upper"

  static func install(on connection: OpaquePointer) throws {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    for (name, function) in [
      (lowerName, { (text: String) in text.lowercased() }),
      (upperName, { (text: String) in text.uppercased() }),
    ] {
      // The mapping travels as the function's user data: a thin, non-capturing closure would
      // need one C callback per function otherwise.
      let box = Unmanaged.passRetained(CaseMapping(function)).toOpaque()
      let resultCode = sqlite3_create_function_v2(
        connection, name, 1, flags, box,
        { context, _, values in
          guard let context else { return }
          let mapping = Unmanaged<CaseMapping>.fromOpaque(sqlite3_user_data(context))
            .takeUnretainedValue()
          let value = values?[0]
          guard sqlite3_value_type(value) != SQLITE_NULL else {
            sqlite3_result_null(context)
            return
          }
          let text = Row.withUnsafeText(of: value) { String(decoding: $0, as: UTF8.self) }
          SQLiteValue.setResult(of: context, to: .text(mapping.map(text)))
        }, nil, nil,
        { box in
          guard let box else { return }
          Unmanaged<CaseMapping>.fromOpaque(box).release()
        })
      guard resultCode == SQLITE_OK else {
        throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
      }
    }
  }
}

/// One case mapping, as the object SQLite holds a pointer to.
private final class CaseMapping {
  let map: (String) -> String

  init(_ map: @escaping (String) -> String) {
    self.map = map
  }
}
