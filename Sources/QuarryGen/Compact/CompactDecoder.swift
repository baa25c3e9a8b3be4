/// Reads back what `CompactEncoder` wrote, into the same type.
///
/// ```swift
/// let table = try CompactDecoder.decode(TableModel.self, from: bytes, paths: paths)
/// ```
final class CompactDecoder: Decoder {
  private let bytes: [UInt8]
  private var position: Int
  private let end: Int
  let paths: CompactPaths
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// What a decoder met that the encoder cannot have written: the bytes are not a `Value`.
  struct Malformed: Error {}

  private init(bytes: [UInt8], range: Range<Int>, paths: CompactPaths) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
    self.paths = paths
  }

  /// The value `bytes[range]` holds; `range` is all of `bytes` when not given.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8], in range: Range<Int>? = nil, paths: CompactPaths
  ) throws -> Value {
    let decoder = CompactDecoder(bytes: bytes, range: range ?? bytes.indices, paths: paths)
    let value = try decoder.read(type)
    guard decoder.position == decoder.end else { throw Malformed() }
    return value
  }

  func read<Value: Decodable>(_ type: Value.Type) throws -> Value {
    if let special = type as? any CompactCodable.Type {
      guard let value = try special.compactDecode(from: self) as? Value else { throw Malformed() }
      return value
    }
    return try Value(from: self)
  }

  func readByte() throws -> UInt8 {
    guard position < end else { throw Malformed() }
    defer { position += 1 }
    return bytes[position]
  }

  func readUnsigned() throws -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try readByte()
      guard shift < 64 else { throw Malformed() }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  func readSigned() throws -> Int64 {
    let raw = try readUnsigned()
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  func readInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    let value =
      Integer.isSigned
      ? Integer(exactly: try readSigned()) : Integer(exactly: try readUnsigned())
    guard let value else { throw Malformed() }
    return value
  }

  func readBool() throws -> Bool {
    switch try readByte() {
    case 0: return false
    case 1: return true
    default: throw Malformed()
    }
  }

  func readString() throws -> String {
    let count = Int(try readUnsigned())
    guard count <= end - position else { throw Malformed() }
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  func readDouble() throws -> Double { Double(bitPattern: try readUnsigned()) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed(decoder: self))
  }

  func unkeyedContainer() -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

  func singleValueContainer() -> any SingleValueDecodingContainer { Single(decoder: self) }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CompactDecoder
    var codingPath: [any CodingKey] { [] }
    // Positional: every key is there, in the order the conformance asks for it.
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder.readByte() == 0 }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.readBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try decoder.readString()
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try decoder.readDouble()
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      Float(try decoder.readDouble())
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
      try decoder.readInteger(type)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try decoder.readInteger(type)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try decoder.readInteger(type)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try decoder.readInteger(type)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try decoder.readInteger(type)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try decoder.readInteger(type)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try decoder.readInteger(type)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try decoder.readInteger(type)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try decoder.readInteger(type)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try decoder.readInteger(type)
    }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
      try decoder.read(type)
    }

    // The other half of `CompactEncoder`'s `encodeIfPresent`: a presence byte first. Read
    // directly, not as an `Optional`, whose metadata and conformance are looked up per call.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      try decoder.readBool() ? try decode(Bool.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try decoder.readBool() ? try decode(String.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
      try decoder.readBool() ? try decode(Double.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
      try decoder.readBool() ? try decode(Float.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try decoder.readBool() ? try decode(Int.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
      try decoder.readBool() ? try decode(Int8.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
      try decoder.readBool() ? try decode(Int16.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
      try decoder.readBool() ? try decode(Int32.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
      try decoder.readBool() ? try decode(Int64.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
      try decoder.readBool() ? try decode(UInt.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
      try decoder.readBool() ? try decode(UInt8.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
      try decoder.readBool() ? try decode(UInt16.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
      try decoder.readBool() ? try decode(UInt32.self, forKey: key) : nil
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
      try decoder.readBool() ? try decode(UInt64.self, forKey: key) : nil
    }
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws
      -> Value?
    {
      try decoder.readBool() ? try decoder.read(type) : nil
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) -> KeyedDecodingContainer<NestedKey> {
      decoder.container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
      decoder.unkeyedContainer()
    }
    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
  }

  /// Positional, as `CompactEncoder` writes it: the conformance knows how many values follow.
  private struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: CompactDecoder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var isAtEnd: Bool { false }
    var currentIndex = 0

    mutating func decodeNil() throws -> Bool { try decoder.readByte() == 0 }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      currentIndex += 1
      return try decoder.read(type)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
      -> KeyedDecodingContainer<NestedKey>
    {
      decoder.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
      decoder.unkeyedContainer()
    }
    mutating func superDecoder() -> any Decoder { decoder }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: CompactDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.readBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.readString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.readDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.readDouble()) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.readInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.readInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.readInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.readInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.readInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.readInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.readInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.readInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.readInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.readInteger(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      try decoder.read(type)
    }
  }
}

// The other half of `CompactEncoder`'s fields for hand-written conformances.
extension CompactDecoder {
  func readOptionalString() throws -> String? {
    try readBool() ? try readString() : nil
  }

  func readStrings() throws -> [String] {
    let count = Int(try readUnsigned())
    var values: [String] = []
    values.reserveCapacity(Swift.min(count, 1 << 16))
    for _ in 0..<count { values.append(try readString()) }
    return values
  }

  func readAccess() throws -> AccessLevel {
    guard let access = AccessLevel(compactRank: try readByte()) else { throw Malformed() }
    return access
  }

  func readOptionalAccess() throws -> AccessLevel? {
    try readBool() ? try readAccess() : nil
  }

  func readRaw<Raw: RawRepresentable>(_ type: Raw.Type) throws -> Raw
  where Raw.RawValue == String {
    guard let value = Raw(rawValue: try readString()) else { throw Malformed() }
    return value
  }

  func readOptionalRaw<Raw: RawRepresentable>(_ type: Raw.Type) throws -> Raw?
  where Raw.RawValue == String {
    try readBool() ? try readRaw(type) : nil
  }

  func readLocation() throws -> SourceLocation {
    let number = Int(try readUnsigned())
    guard number < paths.paths.count else { throw Malformed() }
    return SourceLocation(path: paths.paths[number], offset: try readInteger(Int.self))
  }

  func readArray<Element: CompactCodable>(of type: Element.Type) throws -> [Element] {
    let count = Int(try readUnsigned())
    var values: [Element] = []
    values.reserveCapacity(Swift.min(count, 1 << 16))
    for _ in 0..<count { values.append(try Element.compactDecode(from: self)) }
    return values
  }
}
