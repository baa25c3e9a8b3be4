import Foundation

/// Turns values into bytes and back, so storage backends do not care about the format.
///
/// The file and UserDefaults backends take one; JSON is the default. Switching to XML is one
/// argument:
///
/// ```swift
/// let birds = FileSystemRepository<Bird>(
///   directory: url, transformer: PropertyListDataTransformer(format: .xml))
/// ```
public protocol DataTransformer: Sendable {
  /// The file name extension for this format, without the dot (`"json"`, `"plist"`).
  ///
  /// Only letters and digits are used in file names; anything else is dropped.
  var fileExtension: String { get }

  /// Encodes a value.
  func encode<Value: Encodable>(_ value: Value) throws -> Data

  /// Decodes a value of the given type.
  func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}
