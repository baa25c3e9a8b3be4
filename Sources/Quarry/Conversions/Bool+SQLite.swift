// SQLite has no boolean storage class: true and false are the integers 1 and 0, which is also
// what SQL comparisons such as `"isActive" = 1` expect.

extension Bool: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(self ? 1 : 0) }

  public static func decode(from value: DatabaseValue) throws -> Bool {
    guard case .integer(let integer) = value else {
      throw ValueConversionError(expected: "INTEGER 0 or 1", found: value)
    }
    return integer != 0
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Bool {
    if let integer = row.integer(at: index) { return integer != 0 }
    return try row.decodeThroughValue(at: index)
  }
}
