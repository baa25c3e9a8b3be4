/// A position in a file's UTF-8 bytes, moved forward by the scanner.
///
/// The cursor is a value: lookahead copies it, tries something, and throws the copy away.
/// Reading past the end yields `0`, so callers check `isAtEnd` only where a `0` byte in the
/// source could otherwise be mistaken for the end.
///
/// ```swift
/// var cursor = ByteCursor(bytes: Array("let x".utf8))
/// cursor.advance(while: { $0 != UInt8(ascii: " ") })   // past `let`
/// ```
struct ByteCursor {
  let bytes: [UInt8]
  var offset: Int

  init(bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  var isAtEnd: Bool { offset >= bytes.count }

  /// The byte `ahead` positions after the cursor (negative: before it), or `0` outside.
  @inline(__always)
  func peek(_ ahead: Int = 0) -> UInt8 {
    let index = offset + ahead
    return index >= 0 && index < bytes.count ? bytes[index] : 0
  }

  @inline(__always)
  mutating func advance(by count: Int = 1) {
    offset = min(offset + count, bytes.count)
  }

  /// Moves past `byte` when it is next; returns whether it did.
  @inline(__always)
  mutating func advance(if byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// Moves past every byte for which `predicate` holds.
  @inline(__always)
  mutating func advance(while predicate: (UInt8) -> Bool) {
    // A local index keeps the loop in registers instead of storing `offset` every byte.
    var index = offset
    let count = bytes.count
    while index < count && predicate(bytes[index]) { index += 1 }
    offset = index
  }

  /// Whether the bytes at the cursor spell `text` (ASCII).
  func `is`(at text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    return text.withUTF8Buffer { literal in
      for index in 0..<count where bytes[offset + index] != literal[index] { return false }
      return true
    }
  }

  /// How many copies of `byte` follow the cursor, starting `ahead` bytes further.
  func count(of byte: UInt8, from ahead: Int = 0) -> Int {
    var index = offset + ahead
    while index < bytes.count && bytes[index] == byte { index += 1 }
    return index - offset - ahead
  }
}

extension UInt8 {
  /// ASCII letters, digits, `_`, `$` and every non-ASCII byte (Unicode identifiers; invalid
  /// UTF-8 is carried along rather than rejected).
  @inline(__always)
  var isIdentifierByte: Bool {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
      true
    default: false
    }
  }

  @inline(__always)
  var isIdentifierStart: Bool {
    isIdentifierByte && !isDigit
  }

  @inline(__always)
  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  @inline(__always)
  var isHorizontalSpace: Bool {
    self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == 0x0B || self == 0x0C
  }

  @inline(__always)
  var isNewline: Bool { self == UInt8(ascii: "\n") || self == UInt8(ascii: "\r") }
}
