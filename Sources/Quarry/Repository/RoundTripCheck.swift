import Foundation

/// Makes sure a value reads back exactly as it was written, or refuses to store it.
///
/// Each transformer keeps every value its format can hold, but Codable itself can lose
/// information: a nested optional such as `Int??` holding `.some(nil)` encodes as a null that
/// decodes as `nil`. So before bytes are stored they are decoded again and compared with the
/// value: with `==` when the type is `Equatable`, and otherwise (or when `==` says no, as it
/// does for NaN) by a canonical JSON form (sorted keys, NaN and infinities spelled out). A value
/// that differs both ways is refused with ``InexactRoundTrip`` instead of changing silently.
enum RoundTripCheck {
  /// Whether `decoded` holds everything `value` did.
  static func isExact<Value: Encodable>(_ value: Value, decoded: Value) -> Bool {
    if let equatable = value as? any Equatable, equatable.isEqual(to: decoded) { return true }
    guard let original = canonical(value), let copy = canonical(decoded) else { return false }
    return original == copy
  }

  /// Encodes `value` with `transformer`, checking that it decodes to the same value.
  ///
  /// - Throws: what the transformer throws, or ``InexactRoundTrip``.
  static func encode<Value: Codable>(_ value: Value, with transformer: any DataTransformer)
    throws -> Data
  {
    let data = try transformer.encode(value)
    let decoded = try transformer.decode(Value.self, from: data)
    guard isExact(value, decoded: decoded) else {
      throw InexactRoundTrip(transformer: "\(type(of: transformer))")
    }
    return data
  }

  private static func canonical<Value: Encodable>(_ value: Value) -> Data? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    return try? encoder.encode(value)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A value that would not read back the same after encoding: refused rather than changed.
public struct InexactRoundTrip: Error, Sendable, CustomStringConvertible {
  /// The transformer's type name, such as `JSONDataTransformer`.
  public let transformer: String

  public var description: String {
    "the value would not read back the same through \(transformer) (Codable cannot keep, for "
      + "example, an optional of an optional holding .some(nil)), so it is not stored"
  }
}
