import Foundation

/// Stores values as property lists, XML or binary, with `PropertyListEncoder`.
///
/// XML is the seed's "XML instead of JSON"; binary is smaller and faster to parse. Property
/// lists keep `Date`s as dates, but XML ones only to the second.
///
/// ```swift
/// let xml = PropertyListDataTransformer(format: .xml)
/// let data = try xml.encode(bird)          // <?xml version="1.0" …><plist …><dict>…
/// let copy = try xml.decode(Bird.self, from: data)
/// ```
public struct PropertyListDataTransformer: DataTransformer {
  /// The two property list formats `PropertyListEncoder` writes.
  public enum Format: Sendable, Hashable {
    /// Human-readable XML.
    case xml
    /// Apple's compact binary format (`bplist00`).
    case binary
  }

  /// The format written; reading accepts either.
  public var format: Format

  /// Makes a property list transformer.
  public init(format: Format = .xml) {
    self.format = format
  }

  public var fileExtension: String { "plist" }

  public func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format == .xml ? .xml : .binary
    return try encoder.encode(value)
  }

  public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    try PropertyListDecoder().decode(type, from: data)
  }
}
