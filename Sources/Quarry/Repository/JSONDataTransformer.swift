import Foundation

/// Stores values as JSON (UTF-8) with `JSONEncoder` and `JSONDecoder`.
///
/// Keys are sorted by default, so the same value always gives the same bytes and files diff well.
///
/// ```swift
/// let transformer = JSONDataTransformer(outputFormatting: [.sortedKeys, .prettyPrinted])
/// let data = try transformer.encode(bird)
/// let copy = try transformer.decode(Bird.self, from: data)
/// ```
public struct JSONDataTransformer: DataTransformer {
  /// How the encoder lays out its output.
  public var outputFormatting: JSONEncoder.OutputFormatting

  /// Makes a JSON transformer.
  public init(outputFormatting: JSONEncoder.OutputFormatting = [.sortedKeys]) {
    self.outputFormatting = outputFormatting
  }

  public var fileExtension: String { "json" }

  public func encode<Value: Encodable>(_ value: Value) throws -> Data {
    // A fresh encoder per call: nothing shared, nothing to lock.
    let encoder = JSONEncoder()
    encoder.outputFormatting = outputFormatting
    return try encoder.encode(value)
  }

  public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    try JSONDecoder().decode(type, from: data)
  }
}
