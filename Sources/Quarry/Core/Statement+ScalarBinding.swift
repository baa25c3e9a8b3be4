import CSQLite
import Foundation

// Concrete `bind` overloads for the column types generated code binds most: Swift picks them
// over the generic `bind(_:at:)`, so an insert binds each column with one SQLite call instead of
// a protocol call that builds a `DatabaseValue` and switches over it again (about a third of the
// Swift time of a generated insert). Each stores exactly what the type's
// `DatabaseValueConvertible` conformance stores, and refuses what it refuses (NaN) through it,
// so the rules and their messages keep one home.

extension Statement {
  /// Binds a `String` as TEXT to the parameter at `index` (1-based).
  ///
  /// ```swift
  /// try statement.bind(bird.name, at: 2)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: String, at index: Int32) throws {
    if let postgres { return try postgres.bind(text: value, at: index) }
    let resultCode =
      value.utf8.withContiguousStorageIfAvailable { bindText($0, at: index) }
      ?? {
        var copy = value
        return copy.withUTF8 { bindText($0, at: index) }
      }()
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds a `String?` as TEXT, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(bird.nickname, at: 5)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: String?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  /// Binds a `Double` as REAL; NaN is refused, as ``DatabaseValueConvertible`` refuses it.
  ///
  /// ```swift
  /// try statement.bind(bird.wingspan, at: 3)
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` for NaN, ``SQLiteError`` when SQLite refuses the
  ///   binding.
  public func bind(_ value: Double, at index: Int32) throws {
    // float8 holds NaN exactly, where SQLite would store NULL.
    if let postgres { return try postgres.bind(double: value, at: index) }
    // NaN takes the conversion's path, which refuses it with its reason.
    guard !value.isNaN else { return try bind(databaseValue: value.databaseValue(), at: index) }
    let resultCode = sqlite3_bind_double(handle, index, value)
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds a `Double?` as REAL, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(bird.weight, at: 4)
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` for NaN, ``SQLiteError`` when SQLite refuses the
  ///   binding.
  public func bind(_ value: Double?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  /// Binds a `Date` as REAL seconds since 2001; a NaN date is refused.
  ///
  /// ```swift
  /// try statement.bind(sighting.seenAt, at: 3)
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` for a NaN date, ``SQLiteError`` when SQLite refuses
  ///   the binding.
  public func bind(_ value: Date, at index: Int32) throws {
    let seconds = value.timeIntervalSinceReferenceDate
    if let postgres {
      // float8 would hold NaN, but no moment has it: refused as on SQLite, in neutral words.
      guard !seconds.isNaN else { throw ValueConversionError(Date.postgresNaNRefusal) }
      return try postgres.bind(double: seconds, at: index)
    }
    guard !seconds.isNaN else { return try bind(databaseValue: value.databaseValue(), at: index) }
    let resultCode = sqlite3_bind_double(handle, index, seconds)
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds a `Date?` as REAL seconds since 2001, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(sighting.confirmedAt, at: 4)
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` for a NaN date, ``SQLiteError`` when SQLite refuses
  ///   the binding.
  public func bind(_ value: Date?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  /// Binds `Data` as a BLOB (an empty one stays an empty BLOB, never NULL).
  ///
  /// ```swift
  /// try statement.bind(bird.photo, at: 6)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: Data, at index: Int32) throws {
    if let postgres { return try postgres.bind(bytes: value, type: PostgresType.bytea, at: index) }
    let resultCode = value.withUnsafeBytes { bindBlob($0, at: index) }
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds `Data?` as a BLOB, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(bird.thumbnail, at: 7)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: Data?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  /// Binds an `Int64?` as INTEGER, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(bird.nestID, at: 6)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: Int64?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  /// Binds an `Int?` as INTEGER, or NULL when it is nil.
  ///
  /// ```swift
  /// try statement.bind(bird.age, at: 4)
  /// ```
  ///
  /// - Throws: ``SQLiteError`` when SQLite refuses the binding.
  public func bind(_ value: Int?, at index: Int32) throws {
    guard let value else { return try bindNull(at: index) }
    try bind(value, at: index)
  }

  private func bindNull(at index: Int32) throws {
    if let postgres { return try postgres.bind(.null, at: index) }
    let resultCode = sqlite3_bind_null(handle, index)
    guard resultCode == SQLITE_OK else { throw bindingError(resultCode) }
  }

  /// Binds UTF-8 `bytes` as TEXT, copied by SQLite; the result code.
  func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
    // An empty buffer may have no address, and a NULL pointer would bind NULL, not ''.
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return sqlite3_bind_text(handle, index, "", 0, quarry_sqlite_transient())
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
      sqlite3_bind_text64(
        handle, index, characters, UInt64(bytes.count), quarry_sqlite_transient(),
        UInt8(SQLITE_UTF8))
    }
  }

  /// Binds `bytes` as a BLOB, copied by SQLite; the result code.
  func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return sqlite3_bind_zeroblob(handle, index, 0)
    }
    return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), quarry_sqlite_transient())
  }
}
