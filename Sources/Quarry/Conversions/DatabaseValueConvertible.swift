/// A Swift type that can be stored in one SQLite column.
///
/// Quarry conforms the standard scalar types, `Character`, `Data`, `Date`, `UUID`, `URL`,
/// `Decimal` and `Optional` of any of them. Enums with `String` or integer raw values only need an empty
/// conformance. Your own types convert to a ``DatabaseValue`` and back:
///
/// ```swift
/// struct Color: Equatable { var red, green, blue: UInt8 }
///
/// extension Color: DatabaseValueConvertible {
///   // Stored as the integer 0xRRGGBB, so colors compare and index cheaply.
///   public func databaseValue() throws -> DatabaseValue {
///     .integer(Int64(red) << 16 | Int64(green) << 8 | Int64(blue))
///   }
///
///   public static func decode(from value: DatabaseValue) throws -> Color {
///     guard case .integer(let rgb) = value, (0...0xFF_FFFF).contains(rgb) else {
///       throw ValueConversionError(expected: "a 0xRRGGBB integer", found: value)
///     }
///     return Color(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
///   }
/// }
/// ```
///
/// Related SQLite documentation: <https://sqlite.org/datatype3.html>
public protocol DatabaseValueConvertible: Sendable {
  /// This type as SQL reads it where NULL may appear (an aggregate over no rows, `MAX` of a
  /// column): `Self?`, and the type itself for an `Optional`, so optionals never nest.
  ///
  /// You do not declare it: the default is right for every non-optional type.
  associatedtype NullableValue: DatabaseValueConvertible = Self?

  /// The value to store.
  ///
  /// - Throws: ``ValueConversionError`` when the value has no faithful SQLite form.
  func databaseValue() throws -> DatabaseValue

  /// Rebuilds a value from what SQLite returned.
  ///
  /// - Throws: ``ValueConversionError`` for NULL (unless the type is optional), a storage class
  ///   the type does not accept, or a value out of range.
  static func decode(from value: DatabaseValue) throws -> Self

  /// Reads a value straight from a result column.
  ///
  /// You do not implement it: the default goes through ``decode(from:)-(DatabaseValue)``, and
  /// Quarry's common types read SQLite's column without building a ``DatabaseValue``.
  ///
  /// - Throws: ``RowDecodingError`` naming table, column, row and type.
  static func decode(from row: Row, at index: Int32) throws -> Self

  /// Binds the value to the parameter at `index` (1-based) of `statement`.
  ///
  /// You do not implement it: the default binds ``databaseValue()``, whose storage class picks
  /// the PostgreSQL type (INTEGER as `bigint`, REAL as `double precision`, TEXT as `text`, BLOB
  /// as `bytea`). Quarry's types whose PostgreSQL column differs from their SQLite storage bind
  /// that form there: `Bool` as `boolean`, `UUID` as `uuid`, `Decimal` as exact `numeric`.
  ///
  /// ```swift
  /// try robin.isMigratory.bind(to: statement, at: 4)
  /// ```
  ///
  /// - Throws: ``ValueConversionError`` when the value has no faithful form in the engine.
  func bind(to statement: Statement, at index: Int32) throws
}

extension DatabaseValueConvertible {
  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Self {
    try row.decodeThroughValue(at: index)
  }

  public func bind(to statement: Statement, at index: Int32) throws {
    try statement.bind(databaseValue: databaseValue(), at: index)
  }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public typealias NullableValue = Wrapped?

  public func databaseValue() throws -> DatabaseValue {
    switch self {
    case .none: return .null
    case .some(let wrapped): return try wrapped.databaseValue()
    }
  }

  public static func decode(from value: DatabaseValue) throws -> Wrapped? {
    if case .null = value { return nil }
    return try Wrapped.decode(from: value)
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Wrapped? {
    if row.isNull(at: index) { return nil }
    return try Wrapped.decode(from: row, at: index)
  }

  // Forwarded, so that a `Bool?` binds as a boolean on PostgreSQL like a `Bool`.
  public func bind(to statement: Statement, at index: Int32) throws {
    switch self {
    case .none: try statement.bind(databaseValue: .null, at: index)
    case .some(let wrapped): try wrapped.bind(to: statement, at: index)
    }
  }
}

/// Enums (and other raw-representable types) are stored as their raw value.
///
/// ```swift
/// enum Kind: String { case songbird, raptor }
/// extension Kind: DatabaseValueConvertible {}   // stored as TEXT 'songbird'
/// ```
extension DatabaseValueConvertible
where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
  public func databaseValue() throws -> DatabaseValue {
    try rawValue.databaseValue()
  }

  // On PostgreSQL the raw value binds in its own type, so a `RawRepresentable` wrapper of a
  // UUID binds as `uuid`; SQLite binds `databaseValue()` as before.
  public func bind(to statement: Statement, at index: Int32) throws {
    guard statement.postgres != nil else {
      return try statement.bind(databaseValue: databaseValue(), at: index)
    }
    try rawValue.bind(to: statement, at: index)
  }

  public static func decode(from value: DatabaseValue) throws -> Self {
    let rawValue = try RawValue.decode(from: value)
    guard let decoded = Self(rawValue: rawValue) else {
      throw ValueConversionError("raw value \(rawValue) is not a case of \(Self.self)")
    }
    return decoded
  }

  @inlinable
  public static func decode(from row: Row, at index: Int32) throws -> Self {
    if let decoded = Self(rawValue: try RawValue.decode(from: row, at: index)) { return decoded }
    return try row.decodeThroughValue(at: index)  // throws, naming table, column and row
  }
}
