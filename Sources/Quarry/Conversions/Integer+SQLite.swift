// Every fixed-width integer is stored as an SQLite INTEGER (a signed 64-bit value). Reading
// checks the range instead of truncating, and writing a UInt64 above Int64.max throws instead
// of wrapping around to a negative number.

extension FixedWidthInteger where Self: DatabaseValueConvertible {
  /// Shared `databaseValue()` of the integer conformances.
  @usableFromInline
  func integerDatabaseValue(columnType: String = "an SQLite INTEGER") throws -> DatabaseValue {
    guard let value = Int64(exactly: self) else {
      throw ValueConversionError(
        "\(Self.self) \(self) is out of range for \(columnType) (at most \(Int64.max))")
    }
    return .integer(value)
  }

  /// Shared `decode(from:)` of the integer conformances.
  @usableFromInline
  static func decodeInteger(from value: DatabaseValue) throws -> Self {
    guard case .integer(let integer) = value else {
      throw ValueConversionError(expected: "INTEGER", found: value)
    }
    guard let result = Self(exactly: integer) else {
      throw ValueConversionError("integer \(integer) is out of range for \(Self.self)")
    }
    return result
  }
}

extension Int: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> Int {
    try decodeInteger(from: value)
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Int {
    if let integer = row.integer(at: index), let value = Int(exactly: integer) { return value }
    return try row.decodeThroughValue(at: index)
  }
}

extension Int8: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> Int8 {
    try decodeInteger(from: value)
  }
}

extension Int16: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> Int16 {
    try decodeInteger(from: value)
  }
}

extension Int32: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> Int32 {
    try decodeInteger(from: value)
  }
}

extension Int64: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(self) }
  public static func decode(from value: DatabaseValue) throws -> Int64 {
    guard case .integer(let integer) = value else {
      throw ValueConversionError(expected: "INTEGER", found: value)
    }
    return integer
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Int64 {
    if let integer = row.integer(at: index) { return integer }
    return try row.decodeThroughValue(at: index)
  }
}

extension UInt: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { try integerDatabaseValue() }
  public static func decode(from value: DatabaseValue) throws -> UInt {
    try decodeInteger(from: value)
  }
}

extension UInt8: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> UInt8 {
    try decodeInteger(from: value)
  }
}

extension UInt16: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> UInt16 {
    try decodeInteger(from: value)
  }
}

extension UInt32: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { .integer(Int64(self)) }
  public static func decode(from value: DatabaseValue) throws -> UInt32 {
    try decodeInteger(from: value)
  }
}

extension UInt64: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { try integerDatabaseValue() }
  public static func decode(from value: DatabaseValue) throws -> UInt64 {
    try decodeInteger(from: value)
  }
}
