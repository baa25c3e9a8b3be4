/// A value that cannot be converted to or from what SQLite stores.
///
/// Conformances of ``DatabaseValueConvertible`` throw it; reading a row wraps it in a
/// ``RowDecodingError`` that also names the table, column and row. Binding throws it as is,
/// for example for a `UInt64` above `Int64.max`.
///
/// ```swift
/// extension Color: DatabaseValueConvertible {
///   public static func decode(from value: DatabaseValue) throws -> Color {
///     guard case .text(let hex) = value, let color = Color(hex: hex) else {
///       throw ValueConversionError(expected: "a #RRGGBB color", found: value)
///     }
///     return color
///   }
/// }
/// ```
public struct ValueConversionError: Error, Sendable, CustomStringConvertible {
  /// Why the conversion failed, such as `found TEXT` or `integer 300 is out of range`.
  public let reason: String

  /// Creates an error with a free-form reason (lowercase, no final period).
  public init(_ reason: String) {
    self.reason = reason
  }

  /// Creates an error saying which storage was found where `expected` was wanted.
  public init(expected: String, found value: DatabaseValue) {
    self.reason = "expected \(expected), found \(value.storageDescription)"
  }

  public var description: String { reason }
}
