import CSQLite
import Foundation

/// The current row of a query, read by column index.
///
/// Generated `init(row:)` reads each column at its position in the table definition (0-based,
/// as in SQLite):
///
/// ```swift
/// public init(row: Row) throws {
///   id = try row.decode(at: 0)
///   wingspan = try row.decode(at: 2)      // Double?: NULL becomes nil
///   tags = try row.decodeJSON(at: 4)      // [String] stored as JSON text
/// }
/// ```
///
/// A row is only valid inside the call that hands it to you.
///
/// Related SQLite documentation: <https://sqlite.org/c3ref/column_blob.html>
public struct Row {
  // Unowned: whoever hands out a row keeps its statement alive for the call (the connection's
  // cache, a cursor), and a row is valid only during that call. A strong reference cost a
  // retain and a release per row, since every `init(row:)` takes the row as its own.
  @usableFromInline unowned(unsafe) let statement: Statement
  /// The 1-based position of the row in the result, for error messages.
  @usableFromInline let number: Int

  @usableFromInline
  init(statement: Statement, number: Int) {
    self.statement = statement
    self.number = number
  }

  /// The number of columns in the row.
  public var count: Int { Int(statement.columnCount) }

  /// Decodes column `index` (0-based) as `V`.
  ///
  /// ```swift
  /// let name: String = try row.decode(at: 1)
  /// ```
  ///
  /// - Throws: ``RowDecodingError`` naming table, column, row and type when the stored value
  ///   does not fit `V` (NULL into a non-optional, wrong storage class, out of range).
  // Inlinable so generated `init(row:)` calls each column type's reader directly: profiles of
  // `fetchAll` showed generic dispatch per value.
  @inlinable
  public func decode<V: DatabaseValueConvertible>(at index: Int32) throws -> V {
    try V.decode(from: self, at: index)
  }

  /// Decodes through ``DatabaseValue``: the general path, and the error path of the fast ones.
  @usableFromInline
  func decodeThroughValue<V: DatabaseValueConvertible>(at index: Int32) throws -> V {
    let value = try checkedDatabaseValue(at: index, expectedType: "\(V.self)")
    do {
      return try V.decode(from: value)
    } catch let error as ValueConversionError {
      throw decodingError(at: index, expectedType: "\(V.self)", reason: error.reason)
    }
  }

  // MARK: Typed access for the conversions' fast paths

  /// Whether column `index` holds NULL.
  @inlinable
  public func isNull(at index: Int32) -> Bool {
    if _slowPath(statement.isPostgres) { return postgresIsNull(at: index) }
    return sqlite3_column_type(statement.handle, index) == SQLITE_NULL
  }

  @inlinable
  var handle: OpaquePointer { statement.handle }

  // The readers below take the column's sqlite3_value once and ask it for its type and content:
  // one column lookup instead of two (`sqlite3_column_type` then `sqlite3_column_int64`). The
  // value is "unprotected", which makes no difference on a connection opened with
  // SQLITE_OPEN_NOMUTEX (no mutex exists to hold), and it is only read before the next step.
  // Related SQLite documentation: <https://sqlite.org/c3ref/value.html>

  /// The integer in column `index`, or nil when the column holds another storage class.
  @inlinable
  func integer(at index: Int32) -> Int64? {
    if _slowPath(statement.isPostgres) { return postgresInteger(at: index) }
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
    return sqlite3_value_int64(value)
  }

  /// The real in column `index`, or nil when the column holds another storage class.
  @inlinable
  func real(at index: Int32) -> Double? {
    if _slowPath(statement.isPostgres) { return postgresReal(at: index) }
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_FLOAT else { return nil }
    return sqlite3_value_double(value)
  }

  /// The text in column `index`, or nil when the column holds another storage class.
  ///
  /// - Throws: ``RowDecodingError`` when the bytes are not valid UTF-8 (text written by another
  ///   program): repairing them with U+FFFD would change the value silently.
  @inlinable
  func text(at index: Int32, expectedType: @autoclosure () -> String) throws -> String? {
    if _slowPath(statement.isPostgres) {
      return try postgresText(at: index, expectedType: expectedType())
    }
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
    guard let text = Self.withUnsafeText(of: value, Self.validatedString) else {
      throw invalidUTF8Error(at: index, expectedType: expectedType())
    }
    return text
  }

  /// The bytes in column `index`, or nil when the column holds another storage class.
  @inlinable
  func blob(at index: Int32) -> Data? {
    if _slowPath(statement.isPostgres) { return postgresBlob(at: index) }
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_BLOB else { return nil }
    return Self.withUnsafeBlob(of: value, Self.copyBlob)
  }

  // MARK: The only places that touch SQLite's buffers

  /// A copy of a BLOB's bytes. `Data(bytes:count:)` copies in one go, which callgrind shows
  /// is cheaper than `Data(buffer)`, a generic sequence initializer.
  @inlinable
  static func copyBlob(_ bytes: UnsafeRawBufferPointer) -> Data {
    guard let base = bytes.baseAddress else { return Data() }
    return Data(bytes: base, count: bytes.count)
  }

  /// The bytes of a TEXT value as a String, or nil when they are not valid UTF-8.
  ///
  /// SQLite ends every TEXT buffer with a NUL, so text without an embedded NUL goes through
  /// `String(validatingCString:)`: as fast as the repairing `String(decoding:as:)` it replaces,
  /// while `String(validating:as:)` on a buffer measured twice as slow. Text holding NUL
  /// characters takes that slower path.
  @inlinable
  static func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let start = bytes.baseAddress else { return "" }
    let fast = start.withMemoryRebound(to: CChar.self, capacity: bytes.count + 1) { text in
      strlen(text) == bytes.count ? String(validatingCString: text) : nil
    }
    if let fast { return fast }
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return String(validating: bytes, as: UTF8.self)
    }
    return String(bytes: bytes, encoding: .utf8)
  }

  /// Calls `body` with the UTF-8 bytes of a TEXT value.
  ///
  /// The buffer belongs to SQLite and stays valid only until the statement steps, resets or
  /// converts the value, so it must not escape `body`: copy what you keep.
  @inlinable
  static func withUnsafeText<R>(
    of value: OpaquePointer?, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    // The pointer before the length: the documented order for a stable length. Empty text may
    // come back as a null pointer, which is an empty buffer here.
    let start = sqlite3_value_text(value)
    let count = start == nil ? 0 : Int(sqlite3_value_bytes(value))
    return try body(UnsafeBufferPointer(start: start, count: count))
  }

  /// Calls `body` with the bytes of a BLOB value; the same rules as ``withUnsafeText(of:_:)``.
  @inlinable
  static func withUnsafeBlob<R>(
    of value: OpaquePointer?, _ body: (UnsafeRawBufferPointer) throws -> R
  ) rethrows -> R {
    // An empty BLOB comes back as a null pointer, which is an empty buffer here.
    let start = sqlite3_value_blob(value)
    let count = start == nil ? 0 : Int(sqlite3_value_bytes(value))
    return try body(UnsafeRawBufferPointer(start: start, count: count))
  }

  /// Decodes column `index` (0-based), stored as JSON text, as `V`.
  ///
  /// ```swift
  /// let tags: [String] = try row.decodeJSON(at: 4)
  /// let nickname: Nickname? = try row.decodeJSON(at: 6)   // NULL becomes nil
  /// ```
  ///
  /// One function serves optional and non-optional properties: with two overloads, assigning
  /// to an optional property would be ambiguous.
  ///
  /// - Throws: ``RowDecodingError`` for NULL into a non-optional, non-text storage or invalid
  ///   JSON.
  public func decodeJSON<V: Decodable>(at index: Int32) throws -> V {
    let data: Data
    switch try checkedDatabaseValue(at: index, expectedType: "\(V.self)") {
    case .text(let text): data = Data(text.utf8)
    case .blob(let blob): data = blob
    case .null:
      if let null = Self.jsonNull(as: V.self) { return null }
      throw decodingError(
        at: index, expectedType: "\(V.self)", reason: "expected JSON TEXT, found NULL")
    case let other:
      throw decodingError(
        at: index, expectedType: "\(V.self)",
        reason: "expected JSON TEXT, found "
          + other.storageDescription)
    }
    do {
      // A non-NULL column holding an optional is `.some`: `Int??` keeps `.some(nil)`, stored as
      // the JSON text `null`, apart from `nil`, stored as NULL.
      if let value = Self.decodeSome(V.self, from: data) { return value }
      return try JSONCoding.decoder.decode(V.self, from: data)
    } catch {
      throw decodingError(
        at: index, expectedType: "\(V.self)", reason: "invalid JSON (\(Self.summary(of: error)))")
    }
  }

  /// The raw SQLite value of column `index` (0-based).
  ///
  /// ```swift
  /// if case .null = row.databaseValue(at: 2) { print("no wingspan") }
  /// ```
  ///
  /// TEXT that is not valid UTF-8 (written by another program) comes back with U+FFFD in place
  /// of the bad bytes; ``decode(at:)`` throws a ``RowDecodingError`` for it instead.
  @inlinable
  public func databaseValue(at index: Int32) -> DatabaseValue {
    if _slowPath(statement.isPostgres) { return postgresDatabaseValue(at: index) }
    let value = sqlite3_column_value(handle, index)
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT:
      return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      return .text(Self.withUnsafeText(of: value) { String(decoding: $0, as: UTF8.self) })
    case SQLITE_BLOB:
      return .blob(Self.withUnsafeBlob(of: value, Self.copyBlob))
    default:
      return .null
    }
  }

  /// The value of column `index`, TEXT validated as UTF-8: what every decoding path reads.
  @usableFromInline
  func checkedDatabaseValue(at index: Int32, expectedType: String) throws -> DatabaseValue {
    if let text = try text(at: index, expectedType: expectedType) { return .text(text) }
    return databaseValue(at: index)
  }

  @usableFromInline
  func invalidUTF8Error(at index: Int32, expectedType: String) -> RowDecodingError {
    let count =
      statement.postgres?.byteCount(at: index) ?? Int(sqlite3_column_bytes(handle, index))
    return decodingError(
      at: index, expectedType: expectedType,
      reason: "TEXT of \(count) byte\(count == 1 ? "" : "s") is not valid UTF-8")
  }

  @usableFromInline
  func decodingError(at index: Int32, expectedType: String, reason: String)
    -> RowDecodingError
  {
    RowDecodingError(
      table: statement.tableName, column: statement.columnName(at: index), row: number,
      expectedType: expectedType, reason: reason, sql: statement.sql)
  }

  /// A one-line account of a JSON decoding failure.
  private static func summary(of error: Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.debugDescription
    @unknown default:
      return "\(error)"
    }
  }
}

extension Row {
  // The concrete value is cast, never an existential: casting `any NullableJSON` holding an
  // `Int??` nil to `Int??` gives `.some(nil)`, turning NULL into a value.

  /// `nil` of `V` when `V` is an optional.
  static func jsonNull<V>(as type: V.Type) -> V? {
    guard let nullable = V.self as? any NullableJSON.Type else { return nil }
    func null<T: NullableJSON>(_ type: T.Type) -> V? { T.jsonNull as? V }
    return null(nullable)
  }

  /// `.some(wrapped)` decoded from `data` when `V` is an optional; nil when it is not one or
  /// the wrapped type does not decode.
  static func decodeSome<V>(_ type: V.Type, from data: Data) -> V? {
    guard let optional = V.self as? any DecodableOptional.Type else { return nil }
    func some<T: DecodableOptional>(_ type: T.Type) -> V? {
      (try? T.decodeSome(from: data)).flatMap { $0 as? V }
    }
    return some(optional)
  }
}

/// Optionals, whose JSON columns may hold NULL.
protocol NullableJSON {
  static var jsonNull: Self { get }
}

extension Optional: NullableJSON {
  static var jsonNull: Wrapped? { nil }
}

/// Optionals whose wrapped type decodes from JSON.
protocol DecodableOptional {
  static func decodeSome(from data: Data) throws -> Self
}

extension Optional: DecodableOptional where Wrapped: Decodable {
  static func decodeSome(from data: Data) throws -> Wrapped? {
    .some(try JSONCoding.decoder.decode(Wrapped.self, from: data))
  }
}
