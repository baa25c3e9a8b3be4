/// Writes a `Codable` value as compact bytes for `CompactArray`: fields in declaration order
/// with no keys, integers as variable-length numbers, strings as a length and UTF-8, optionals
/// and arrays with a presence byte or a count, and every `SourceLocation`'s path as a number
/// into the array's table of paths.
///
/// The format is positional, so it decodes only into the type it was written from, in the
/// same process; it is never stored. Keyed containers with keys the decoder must discover
/// (enums with associated values, dictionaries) write themselves through `CompactCodable`.
///
/// ```swift
/// var paths = CompactPaths()
/// let bytes = try CompactEncoder.encode(table, paths: &paths)
/// let same = try CompactDecoder.decode(TableModel.self, from: bytes, paths: paths)
/// ```
final class CompactEncoder: Encoder {
  private(set) var bytes: [UInt8] = []
  var paths: CompactPaths
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  private init(paths: CompactPaths) {
    self.paths = paths
    bytes.reserveCapacity(512)
  }

  /// `value`'s bytes; `paths` gains the paths of its locations that it did not hold.
  static func encode<Value: Encodable>(_ value: Value, paths: inout CompactPaths) throws -> [UInt8]
  {
    let encoder = CompactEncoder(paths: paths)
    paths = CompactPaths()  // keeps the table uniquely referenced while the encoder adds to it
    defer { paths = encoder.paths }
    try encoder.write(value)
    return encoder.bytes
  }

  func write<Value: Encodable>(_ value: Value) throws {
    // By the static type: a cast of the value would look inside an optional.
    if let special = Value.self as? any CompactCodable.Type {
      try special.compactEncode(value, to: self)
    } else {
      try value.encode(to: self)
    }
  }

  func write(unsigned value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  func write(signed value: Int64) {
    write(unsigned: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// A presence byte, then `value` when there is one.
  func present<Value>(_ value: Value?, _ write: (Value) throws -> Void) rethrows {
    self.write(value != nil)
    if let value { try write(value) }
  }

  func write(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      write(unsigned: UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  func write(_ value: Double) { write(unsigned: value.bitPattern) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Keyed(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CompactEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { encoder.bytes.append(0) }
    mutating func encode(_ value: Bool, forKey key: Key) { encoder.write(value) }
    mutating func encode(_ value: String, forKey key: Key) { encoder.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) { encoder.write(value) }
    mutating func encode(_ value: Float, forKey key: Key) { encoder.write(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) { encoder.write(signed: value) }
    mutating func encode(_ value: UInt, forKey key: Key) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) {
      encoder.write(unsigned: UInt64(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) {
      encoder.write(unsigned: UInt64(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) { encoder.write(unsigned: value) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
      try encoder.write(value)
    }

    // Synthesized conformances skip a nil optional with these; a positional format must say
    // it was nil.

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
      encoder.present(value) { encoder.write($0) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
      encoder.present(value) { encoder.write($0) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
      encoder.present(value) { encoder.write($0) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(Double($0)) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(signed: Int64($0)) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(signed: Int64($0)) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(signed: Int64($0)) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(signed: Int64($0)) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(signed: $0) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(unsigned: UInt64($0)) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(unsigned: UInt64($0)) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(unsigned: UInt64($0)) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(unsigned: UInt64($0)) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
      encoder.present(value) { encoder.write(unsigned: $0) }
    }
    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
      try encoder.present(value) { try encoder.write($0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      encoder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      encoder.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
  }

  /// Positional and without a count: `Array`, `Set` and `Dictionary` write their counts
  /// themselves (see `CompactCodable`), so nothing the generator stores reaches this; it is here
  /// for conformances that write a fixed number of values.
  private struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: CompactEncoder
    var codingPath: [any CodingKey] { [] }
    var count = 0

    mutating func encodeNil() { encoder.bytes.append(0) }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
      count += 1
      try encoder.write(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      encoder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      encoder.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { encoder }
  }

  private struct Single: SingleValueEncodingContainer {
    let encoder: CompactEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { encoder.bytes.append(0) }
    mutating func encode(_ value: Bool) { encoder.write(value) }
    mutating func encode(_ value: String) { encoder.write(value) }
    mutating func encode(_ value: Double) { encoder.write(value) }
    mutating func encode(_ value: Float) { encoder.write(Double(value)) }
    mutating func encode(_ value: Int) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32) { encoder.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64) { encoder.write(signed: value) }
    mutating func encode(_ value: UInt) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32) { encoder.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64) { encoder.write(unsigned: value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try encoder.write(value) }
  }
}

// Fields of the conformances written by hand (see `CompactCodable+Declarations`), without the
// dynamic casts `write(_:)` makes for a value of any type.
extension CompactEncoder {
  func write(_ value: String?) {
    present(value) { write($0) }
  }

  func write(_ values: [String]) {
    write(unsigned: UInt64(values.count))
    for value in values { write(value) }
  }

  func write(_ value: AccessLevel) { bytes.append(value.compactRank) }

  func write(_ value: AccessLevel?) {
    present(value) { write($0) }
  }

  func write<Raw: RawRepresentable>(raw value: Raw) where Raw.RawValue == String {
    write(value.rawValue)
  }

  func write(_ location: SourceLocation) {
    write(unsigned: UInt64(paths.number(of: location.path)))
    write(signed: Int64(location.offset))
  }

  func write<Element: CompactCodable>(each values: [Element]) throws {
    write(unsigned: UInt64(values.count))
    for value in values { try value.compactEncode(to: self) }
  }
}
