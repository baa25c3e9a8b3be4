// Strings are stored as UTF-8 TEXT, byte for byte, including embedded NUL characters. TEXT that
// is not valid UTF-8 (written by another program) is a RowDecodingError, never repaired.

extension String: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .text(self) }

  public static func decode(from value: DatabaseValue) throws -> String {
    guard case .text(let text) = value else {
      throw ValueConversionError(expected: "TEXT", found: value)
    }
    return text
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> String {
    if let text = try row.text(at: index, expectedType: "String") { return text }
    return try row.decodeThroughValue(at: index)
  }
}
