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
  @usableFromInline let statement: Statement
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
    let value = databaseValue(at: index)
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
    sqlite3_column_type(statement.handle, index) == SQLITE_NULL
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
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
    return sqlite3_value_int64(value)
  }

  /// The real in column `index`, or nil when the column holds another storage class.
  @inlinable
  func real(at index: Int32) -> Double? {
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_FLOAT else { return nil }
    return sqlite3_value_double(value)
  }

  /// The text in column `index`, or nil when the column holds another storage class.
  @inlinable
  func text(at index: Int32) -> String? {
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
    // Ask for the text before its length: the documented order for a stable length.
    guard let characters = sqlite3_value_text(value) else { return "" }
    let length = Int(sqlite3_value_bytes(value))
    return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self)
  }

  /// The bytes in column `index`, or nil when the column holds another storage class.
  @inlinable
  func blob(at index: Int32) -> Data? {
    let value = sqlite3_column_value(handle, index)
    guard sqlite3_value_type(value) == SQLITE_BLOB else { return nil }
    // The pointer before the length, as for text; an empty BLOB may have no pointer.
    guard let bytes = sqlite3_value_blob(value) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_value_bytes(value)))
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
    switch databaseValue(at: index) {
    case .text(let text): data = Data(text.utf8)
    case .blob(let blob): data = blob
    case .null:
      if let null = (V.self as? any NullableJSON.Type)?.jsonNull as? V { return null }
      throw decodingError(
        at: index, expectedType: "\(V.self)", reason: "expected JSON TEXT, found NULL")
    case let other:
      throw decodingError(
        at: index, expectedType: "\(V.self)",
        reason: "expected JSON TEXT, found "
          + other.storageDescription)
    }
    do {
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
  @inlinable
  public func databaseValue(at index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      return .text(text(at: index) ?? "")
    case SQLITE_BLOB:
      guard let bytes = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
      let length = Int(sqlite3_column_bytes(handle, index))
      return .blob(Data(bytes: bytes, count: length))
    default:
      return .null
    }
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

/// Optionals, whose JSON columns may hold NULL.
protocol NullableJSON {
  static var jsonNull: Self { get }
}

extension Optional: NullableJSON {
  static var jsonNull: Wrapped? { nil }
}
