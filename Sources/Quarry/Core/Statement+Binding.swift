import CSQLite
import Foundation

extension Statement {
  /// Binds a value to the parameter at `index` (1-based, as `?1` in the SQL).
  ///
  /// ```swift
  /// try statement.bind(bird.name, at: 2)
  /// try statement.bind(bird.wingspan, at: 3)   // nil binds NULL
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` when the value has no SQLite form (a `UInt64` above
  ///   `Int64.max`), ``SQLiteError`` when SQLite refuses the binding.
  ///
  /// Related SQLite documentation: <https://sqlite.org/c3ref/bind_blob.html>
  public func bind<V: DatabaseValueConvertible>(_ value: V, at index: Int32) throws {
    try value.bind(to: self, at: index)
  }

  /// Binds an `Int64` to the parameter at `index` (1-based).
  ///
  /// ```swift
  /// try statement.bind(bird.nestID, at: 6)
  /// ```
  ///
  /// Swift picks this overload over the generic one for `Int64` values, so generated code
  /// binds keys without building a ``DatabaseValue``.
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  @inlinable
  public func bind(_ value: Int64, at index: Int32) throws {
    if _slowPath(isPostgres) { return try bindPostgres(int64: value, at: index) }
    let resultCode = sqlite3_bind_int64(handle, index, value)
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds an `Int` to the parameter at `index` (1-based).
  ///
  /// ```swift
  /// try statement.bind(bird.age, at: 4)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  @inlinable
  public func bind(_ value: Int, at index: Int32) throws {
    if _slowPath(isPostgres) { return try bindPostgres(int64: Int64(value), at: index) }
    let resultCode = sqlite3_bind_int64(handle, index, Int64(value))
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// The error for a refused binding.
  @usableFromInline
  func bindingError(_ resultCode: Int32) -> SQLiteError {
    SQLiteError(resultCode: resultCode, connection: connectionHandle, sql: sql)
  }

  /// Binds a Codable value as JSON text: how collections and nested structs are stored.
  ///
  /// ```swift
  /// try statement.bindJSON(bird.tags, at: 5)   // ["a","b"]
  /// ```
  ///
  /// Keys are sorted so the same value always produces the same text.
  ///
  /// - Throws: ``ValueConversionError`` when encoding fails, ``SQLiteError`` when binding does.
  public func bindJSON<V: Encodable>(_ value: V, at index: Int32) throws {
    let data: Data
    do {
      data = try JSONCoding.encoder.encode(value)
    } catch {
      throw ValueConversionError("cannot encode \(V.self) as JSON: \(error)")
    }
    if let postgres { return try postgres.bindJSON(data, at: index) }
    try bind(databaseValue: .text(String(decoding: data, as: UTF8.self)), at: index)
  }

  /// Binds an optional Codable value as JSON text, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bindJSON(bird.nickname, at: 6)   // NULL or JSON
  /// ```
  public func bindJSON<V: Encodable>(_ value: V?, at index: Int32) throws {
    guard let value else {
      try bind(databaseValue: .null, at: index)
      return
    }
    try bindJSON(value, at: index)
  }

  /// Binds an SQLite value to the parameter at `index` (1-based).
  ///
  /// ```swift
  /// try statement.bind(databaseValue: .integer(42), at: 1)
  /// ```
  public func bind(databaseValue value: DatabaseValue, at index: Int32) throws {
    if postgres != nil { return try bindPostgres(value, at: index) }
    let resultCode: Int32
    switch value {
    case .null:
      resultCode = sqlite3_bind_null(handle, index)
    case .integer(let integer):
      resultCode = sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      resultCode = sqlite3_bind_double(handle, index, real)
    case .text(var text):
      resultCode = text.withUTF8 { bindText($0, at: index) }
    case .blob(let data):
      resultCode = data.withUnsafeBytes { bindBlob($0, at: index) }
    }
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }
}

extension Statement {
  /// Binds `value` on PostgreSQL, in the type its storage class maps to (see
  /// ``PostgresStatement/bind(_:at:)``).
  @usableFromInline
  func bindPostgres(_ value: DatabaseValue, at index: Int32) throws {
    try postgres?.bind(value, at: index)
  }

  /// Binds an integer on PostgreSQL as `int8`, without building a ``DatabaseValue`` (keys are
  /// bound once per lookup).
  @usableFromInline
  func bindPostgres(int64 value: Int64, at index: Int32) throws {
    try postgres?.bind(int64: value, at: index)
  }
}

/// The JSON coders Quarry uses for Codable columns.
enum JSONCoding {
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  static var decoder: JSONDecoder { JSONDecoder() }
}
