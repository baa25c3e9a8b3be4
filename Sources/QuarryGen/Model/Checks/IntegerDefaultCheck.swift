/// Reports an integer column's default that its type cannot hold.
///
/// SQLite reads an integer literal beyond 64 bits as a REAL, so `var big: UInt64 =
/// 18446744073709551615` or `default = 99999999999999999999` on an `Int` gave a REAL default
/// that `migrate` wrote into every existing row, and every row then failed to decode. The
/// runtime stores integers as `Int64` and refuses to write a `UInt64` above `Int64.max`, so
/// the range is the type's, cut to `Int64`'s.
///
/// ```swift
/// var big: UInt64 = 18446744073709551615
/// // error: default '18446744073709551615' of 'big' does not fit its type 'UInt64' (0 to
/// //   9223372036854775807); …
/// ```
enum IntegerDefaultCheck {
  static func run(
    _ column: ColumnModel, at location: SourceLocation, diagnostics: inout [Diagnostic]
  )
    -> Bool
  {
    guard column.sqlType == .integer, column.storage == .value, let sql = column.defaultSQL
    else { return true }
    let type = TypeMapping.builtinName(column.unwrappedSwiftType)
    guard TypeMapping.isInteger(type), let range = range(of: type) else { return true }
    let isNegative = sql.hasPrefix("-")
    let digits = isNegative ? sql.dropFirst() : Substring(sql)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return true
    }
    if let value = Int64(sql), range.contains(value) { return true }
    diagnostics.append(
      .error(
        .integerDefaultOutOfRange(
          property: column.propertyName, value: sql, type: column.unwrappedSwiftType,
          range: "\(range.lowerBound) to \(range.upperBound)"),
        at: location))
    return false
  }

  /// The values a column of `type` holds: the type's range, within `Int64`.
  static func range(of type: String) -> ClosedRange<Int64>? {
    switch type {
    case "Int8": Int64(Int8.min)...Int64(Int8.max)
    case "Int16": Int64(Int16.min)...Int64(Int16.max)
    case "Int32": Int64(Int32.min)...Int64(Int32.max)
    case "UInt8": 0...Int64(UInt8.max)
    case "UInt16": 0...Int64(UInt16.max)
    case "UInt32": 0...Int64(UInt32.max)
    case "UInt", "UInt64": 0...Int64.max
    case "Int", "Int64": Int64.min...Int64.max
    default: nil
    }
  }
}
