/// How a property's Swift type maps to a column: SQL type, storage and optionality.
///
/// | Swift | SQL |
/// | --- | --- |
/// | `Int`, `Int8`…`Int64`, `UInt`, `UInt8`…`UInt64`, `Bool` | `INTEGER` |
/// | `Double`, `Float`, `Float32`, `Float64`, `TimeInterval`, `CGFloat`, `Date` (seconds since 2001) | `REAL` |
/// | `String`, `UUID`, `URL` | `TEXT` |
/// | `Data` | `BLOB` |
/// | `Decimal` | `NUMERIC` |
/// | raw-value enums found by the scanner | the raw type's |
/// | collections, `Codable` structs found by the scanner, `json`-annotated values | `TEXT` (JSON) |
/// | a type conformed to `DatabaseValueConvertible` in the scanned sources | `BLOB` |
/// | any other named type | `BLOB`, with a warning naming the fix (`json` or the conformance) |
///
/// Such types get `BLOB` because a declared type of BLOB gives the column no affinity:
/// SQLite then stores exactly what the conformance binds (integer, real, text or blob) without
/// converting it, so any conformance round-trips.
struct TypeMapping: Sendable, Hashable {
  var swiftType: String
  var unwrappedSwiftType: String
  var isOptional: Bool
  var sqlType: SQLColumnType
  var storage: ColumnModel.Storage
  /// The qualified name of the raw-value enum stored, if any.
  var enumName: String?

  static let builtins: [String: SQLColumnType] = [
    "Int": .integer, "Int8": .integer, "Int16": .integer, "Int32": .integer, "Int64": .integer,
    "UInt": .integer, "UInt8": .integer, "UInt16": .integer, "UInt32": .integer,
    "UInt64": .integer, "Bool": .integer, "Double": .real, "Float": .real, "Float32": .real,
    "Float64": .real, "TimeInterval": .real, "CGFloat": .real, "Date": .real,
    "String": .text, "Character": .text, "UUID": .text, "URL": .text, "Data": .blob,
    "Decimal": .numeric,
  ]

  /// Foundation value types that are `Codable` but not `DatabaseValueConvertible`: a column of
  /// one needs `json` (the warning says so).
  static let codableFoundationTypes: Set<String> = [
    "DateComponents", "DateInterval", "TimeZone", "Locale", "Calendar", "IndexSet", "IndexPath",
    "CharacterSet", "URLComponents", "PersonNameComponents", "Measurement", "AttributedString",
    "AffineTransform", "NSRange", "CGPoint", "CGSize", "CGRect", "CGVector", "Substring",
  ]

  static let integerTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
  ]

  /// A builtin name without a `Swift.` or `Foundation.` module prefix.
  static func builtinName(_ name: String) -> String {
    for prefix in ["Swift.", "Foundation."] where name.hasPrefix(prefix) {
      return String(name.dropFirst(prefix.count))
    }
    return name
  }

  /// Whether `type` (already unwrapped) is one of the integer types.
  static func isInteger(_ type: String) -> Bool { integerTypes.contains(builtinName(type)) }
}

/// Splits a written type into its optional layer: `Int?` and `Optional<Int>` give `Int`.
struct OptionalSplit {
  var wrapped: String
  var isOptional: Bool
  var isImplicitlyUnwrapped: Bool

  init(_ type: String) {
    if type.hasSuffix("?") {
      wrapped = String(type.dropLast())
      isOptional = true
      isImplicitlyUnwrapped = false
    } else if type.hasSuffix("!") {
      wrapped = String(type.dropLast())
      isOptional = true
      isImplicitlyUnwrapped = true
    } else if type.hasPrefix("Optional<") && type.hasSuffix(">") {
      wrapped = String(type.dropFirst("Optional<".count).dropLast())
      isOptional = true
      isImplicitlyUnwrapped = false
    } else {
      wrapped = type
      isOptional = false
      isImplicitlyUnwrapped = false
    }
  }
}
