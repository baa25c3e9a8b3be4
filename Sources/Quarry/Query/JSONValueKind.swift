import Foundation

/// What the value at a JSON path is, as the type it is read back as: what an engine whose
/// extraction gives text (PostgreSQL's `#>>`) casts it to, so that it compares with the bound
/// value and orders as that type does (numbers by value, not as text).
///
/// ```swift
/// JSONValueKind.of(Int?.self)   // .integer: PostgreSQL writes (("meta" #>> '{pages}')::bigint)
/// ```
///
/// SQLite's `json_extract` already gives each scalar its own SQL type and ignores the kind.
enum JSONValueKind: Sendable, Hashable {
  /// Text, and any type Quarry does not know (bound as text or through its own conversion).
  case text
  /// Integers and `Int`-backed enums: `bigint`.
  case integer
  /// `Double`, `Float` and `Date` (which JSONEncoder writes as seconds since 2001, as a Date
  /// is bound): `double precision`.
  case real
  /// `Bool`, bound as `boolean` on PostgreSQL.
  case boolean
  /// `Decimal`, bound as exact `numeric`.
  case decimal
  /// `UUID`, bound as `uuid`.
  case uuid
  /// An object, array or other `Codable` read back through its JSON text.
  case json

  /// The kind of a path whose value is read as `type` (optionals as their wrapped type).
  static func of(_ type: Any.Type) -> JSONValueKind {
    if let optional = type as? any JSONOptionalValue.Type { return of(optional.wrappedType) }
    if type == Bool.self { return .boolean }
    if type == Date.self || type is any BinaryFloatingPoint.Type { return .real }
    if type is any BinaryInteger.Type { return .integer }
    if type == Decimal.self { return .decimal }
    if type == UUID.self { return .uuid }
    if let raw = type as? any RawRepresentable.Type { return rawValueKind(raw) }
    return .text
  }

  /// An enum is written as its raw value.
  private static func rawValueKind<T: RawRepresentable>(_: T.Type) -> JSONValueKind {
    of(T.RawValue.self)
  }
}

/// `Optional`, seen through its wrapped type.
private protocol JSONOptionalValue {
  static var wrappedType: Any.Type { get }
}

extension Optional: JSONOptionalValue {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
