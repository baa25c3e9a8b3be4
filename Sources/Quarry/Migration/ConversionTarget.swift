/// The values a converted column must be able to hold exactly: the Swift type of its property.
///
/// ```swift
/// .convert("rating", to: .integer(Int8.self))   // TEXT '12' -> 12; '300', '1.5', 'n/a' throw
/// .convert("initial", to: .character)           // 'ab' throws; 'é' as two scalars is one
/// .convert("born", to: .iso8601Date)            // -31.5 -> '2000-12-31 23:59:28.5'
/// ```
///
/// Without a target a conversion goes to the column's SQL type: INTEGER takes every 64-bit
/// integer, REAL every number a double holds exactly, TEXT any number or text, BLOB any text or
/// blob, NUMERIC any number or numeric text.
public struct ConversionTarget: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case integer(min: Int64, max: Int64)
    case bool
    case real
    case text
    case character
    case blob
    case numeric
    case iso8601Date
    case dateSeconds
  }

  let kind: Kind

  /// An integer in `range` (stored INTEGER).
  public static func integer(in range: ClosedRange<Int64>) -> ConversionTarget {
    ConversionTarget(kind: .integer(min: range.lowerBound, max: range.upperBound))
  }

  /// An integer `type` can hold (stored INTEGER): `.integer(UInt8.self)` takes 0...255.
  public static func integer<T: FixedWidthInteger>(_ type: T.Type) -> ConversionTarget {
    let low = Int64(exactly: T.min) ?? Int64.min
    let high = Int64(exactly: T.max) ?? Int64.max
    return ConversionTarget(kind: .integer(min: low, max: high))
  }

  /// Any 64-bit integer (Swift `Int`, `Int64`).
  public static let integer = ConversionTarget(kind: .integer(min: .min, max: .max))
  /// `0` or `1`, from the integers 0 and 1 or the text `true`/`false`/`0`/`1` (Swift `Bool`).
  public static let bool = ConversionTarget(kind: .bool)
  /// A number a double holds exactly (Swift `Double`, `Date`).
  public static let real = ConversionTarget(kind: .real)
  /// Text (Swift `String`, `URL`, `UUID`): numbers become their exact decimal text.
  public static let text = ConversionTarget(kind: .text)
  /// Text of exactly one Character (Swift `Character`).
  public static let character = ConversionTarget(kind: .character)
  /// Bytes (Swift `Data`): text becomes its UTF-8 bytes.
  public static let blob = ConversionTarget(kind: .blob)
  /// A number, or text that is one (Swift `Decimal`).
  public static let numeric = ConversionTarget(kind: .numeric)
  /// A `Date` as ISO 8601 text (`dateStorage = iso8601`, stored TEXT): REAL or INTEGER seconds
  /// since 2001 are written as ``ISO8601Date`` writes them, date text is rewritten the same
  /// way; NaN, a date outside the years 0000–9999 and text that is no date throw.
  public static let iso8601Date = ConversionTarget(kind: .iso8601Date)
  /// A `Date` as REAL seconds since 2001 (the default storage): ISO 8601 text is read as
  /// ``ISO8601Date`` reads it, numbers stay as they are; text that is no date throws.
  public static let dateSeconds = ConversionTarget(kind: .dateSeconds)

  /// The target of a conversion to `type` with no Swift type given.
  static func forColumn(of type: SQLType) -> ConversionTarget {
    switch type {
    case .integer: return .integer
    case .real: return .real
    case .text: return .text
    case .blob: return .blob
    case .numeric: return .numeric
    }
  }
}
