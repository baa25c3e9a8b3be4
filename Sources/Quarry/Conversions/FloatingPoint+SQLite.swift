import Foundation

// Double, Float and CGFloat are stored as SQLite REAL (an IEEE 754 double). Integers are accepted when
// reading, because SQLite hands back whole numbers from REAL columns written by other tools as
// INTEGER storage. NaN is refused: SQLite would silently store it as NULL.

extension Double: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue {
    guard !isNaN else { throw ValueConversionError("NaN cannot be stored (SQLite makes it NULL)") }
    return .real(self)
  }

  public static func decode(from value: DatabaseValue) throws -> Double {
    switch value {
    case .real(let real): return real
    case .integer(let integer): return Double(integer)
    default: throw ValueConversionError(expected: "REAL", found: value)
    }
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Double {
    if let real = row.real(at: index) { return real }
    return try row.decodeThroughValue(at: index)
  }
}

extension Float: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { try Double(self).databaseValue() }

  public static func decode(from value: DatabaseValue) throws -> Float {
    Float(try Double.decode(from: value))
  }
}

extension CGFloat: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue { try Double(self).databaseValue() }

  public static func decode(from value: DatabaseValue) throws -> CGFloat {
    CGFloat(try Double.decode(from: value))
  }
}
