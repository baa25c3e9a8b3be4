import Foundation

/// Turns an item id into the text key that files and UserDefaults are addressed by.
///
/// The mapping must be injective for one id type, or two items would share a file:
/// strings are used as they are, UUIDs as `uuidString`, `LosslessStringConvertible` ids by their
/// description (lossless means distinct values have distinct descriptions), other `Encodable`
/// ids as sorted-key JSON. Keys are then put in Unicode NFC, because Swift strings that compare
/// equal ("é" composed or decomposed) are the same dictionary key and must be the same file.
enum StorageKey {
  static func make<ID: Hashable>(_ id: ID) -> String {
    normalize(text(for: id))
  }

  static func normalize(_ key: String) -> String {
    key.precomposedStringWithCanonicalMapping
  }

  private static func text<ID: Hashable>(for id: ID) -> String {
    if let string = id as? String { return string }
    if let uuid = id as? UUID { return uuid.uuidString }
    if let lossless = id as? any LosslessStringConvertible { return lossless.description }
    if let encodable = id as? any Encodable {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      if let data = try? encoder.encode(encodable) { return String(decoding: data, as: UTF8.self) }
    }
    return String(reflecting: id)
  }
}
