import Foundation

// Data is stored as a BLOB. An empty Data stays an empty BLOB, never NULL.

extension Data: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .blob(self) }

  public static func decode(from value: DatabaseValue) throws -> Data {
    guard case .blob(let data) = value else {
      throw ValueConversionError(expected: "BLOB", found: value)
    }
    return data
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Data {
    if let data = row.blob(at: index) { return data }
    return try row.decodeThroughValue(at: index)
  }
}
