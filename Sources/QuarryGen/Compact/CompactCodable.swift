/// A value that writes itself for `CompactEncoder` rather than through `Codable`'s keyed
/// containers: optionals and collections (which need a presence byte or a count in a format
/// without keys) and locations (whose paths go into the table of paths).
protocol CompactCodable {
  func compactEncode(to encoder: CompactEncoder) throws
  static func compactDecode(from decoder: CompactDecoder) throws -> Self
}

extension CompactCodable {
  /// `value`, which is a `Self`, written by `compactEncode(to:)`.
  static func compactEncode(_ value: Any, to encoder: CompactEncoder) throws {
    guard let value = value as? Self else { throw CompactDecoder.Malformed() }
    try value.compactEncode(to: encoder)
  }
}

extension Optional: CompactCodable where Wrapped: Codable {
  func compactEncode(to encoder: CompactEncoder) throws {
    try encoder.present(self) { try encoder.write($0) }
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    try decoder.readBool() ? try decoder.read(Wrapped.self) : nil
  }
}

extension Array: CompactCodable where Element: Codable {
  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(unsigned: UInt64(count))
    for element in self { try encoder.write(element) }
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    let count = Int(try decoder.readUnsigned())
    var elements: [Element] = []
    elements.reserveCapacity(Swift.min(count, 1 << 16))
    for _ in 0..<count { elements.append(try decoder.read(Element.self)) }
    return elements
  }
}

extension Set: CompactCodable where Element: Codable & Comparable {
  func compactEncode(to encoder: CompactEncoder) throws {
    try sorted().compactEncode(to: encoder)
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    Set(try [Element].compactDecode(from: decoder))
  }
}

extension Dictionary: CompactCodable where Key == String, Value: Codable {
  // Sorted, so that equal dictionaries give equal bytes.
  func compactEncode(to encoder: CompactEncoder) throws {
    encoder.write(unsigned: UInt64(count))
    for (key, value) in sorted(by: { $0.key < $1.key }) {
      encoder.write(key)
      try encoder.write(value)
    }
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    let count = Int(try decoder.readUnsigned())
    var dictionary: Self = [:]
    for _ in 0..<count {
      let key = try decoder.readString()
      dictionary[key] = try decoder.read(Value.self)
    }
    return dictionary
  }
}

extension SourceLocation: CompactCodable {
  func compactEncode(to encoder: CompactEncoder) throws { encoder.write(self) }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    try decoder.readLocation()
  }
}

extension AccessLevel: CompactCodable {
  var compactRank: UInt8 { UInt8(rank) }

  init?(compactRank: UInt8) {
    guard let level = Self.allCases.first(where: { $0.rank == Int(compactRank) }) else {
      return nil
    }
    self = level
  }

  func compactEncode(to encoder: CompactEncoder) throws { encoder.write(self) }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    try decoder.readAccess()
  }
}

// Enums with payloads: `Codable` would give each case a key the decoder must discover.
extension AnnotationValue: CompactCodable {
  func compactEncode(to encoder: CompactEncoder) throws {
    switch self {
    case .bool(let value):
      encoder.write(unsigned: 0)
      encoder.write(value)
    case .string(let value):
      encoder.write(unsigned: 1)
      encoder.write(value)
    case .number(let value):
      encoder.write(unsigned: 2)
      encoder.write(value)
    case .identifier(let value):
      encoder.write(unsigned: 3)
      encoder.write(value)
    case .list(let values):
      encoder.write(unsigned: 4)
      try values.compactEncode(to: encoder)
    }
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    switch try decoder.readUnsigned() {
    case 0: return .bool(try decoder.readBool())
    case 1: return .string(try decoder.readString())
    case 2: return .number(try decoder.readString())
    case 3: return .identifier(try decoder.readString())
    case 4: return .list(try [AnnotationValue].compactDecode(from: decoder))
    default: throw CompactDecoder.Malformed()
    }
  }
}

extension SourceryAnnotationValue: CompactCodable {
  func compactEncode(to encoder: CompactEncoder) throws {
    switch self {
    case .number(let value):
      encoder.write(unsigned: 0)
      encoder.write(value)
    case .string(let value):
      encoder.write(unsigned: 1)
      encoder.write(value)
    case .array(let values):
      encoder.write(unsigned: 2)
      try values.compactEncode(to: encoder)
    case .dictionary(let values):
      encoder.write(unsigned: 3)
      try values.compactEncode(to: encoder)
    }
  }

  static func compactDecode(from decoder: CompactDecoder) throws -> Self {
    switch try decoder.readUnsigned() {
    case 0: return .number(try decoder.readDouble())
    case 1: return .string(try decoder.readString())
    case 2: return .array(try [SourceryAnnotationValue].compactDecode(from: decoder))
    case 3: return .dictionary(try [String: SourceryAnnotationValue].compactDecode(from: decoder))
    default: throw CompactDecoder.Malformed()
    }
  }
}
