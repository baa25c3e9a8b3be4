/// Appends JSON text as UTF-8 bytes to one growing buffer: no intermediate Strings.
///
/// Only the pieces `ScanDump` needs: ASCII punctuation and keys, escaped strings, integers,
/// booleans and `null`. Escaping is byte-wise and matches `ScanDump.string(_:)`: `"`, `\`,
/// `\n`, `\r` and `\t` get short escapes, other control bytes `\u00xx` (lowercase hex), and
/// every other byte (including UTF-8 multi-byte sequences) is copied as is.
///
/// ```swift
/// var writer = JSONWriter(capacity: 64)
/// writer.raw("{\"name\":")
/// writer.string("a\"b")
/// writer.raw("}")  // writer.bytes is {"name":"a\"b"}
/// ```
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  var count: Int { bytes.count }

  /// Text copied as is: punctuation and keys.
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Number text already known to be valid JSON. (Not an overload of `raw`: a literal would
  /// pick the `String` one and lose `StaticString`'s direct copy.)
  mutating func number(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func raw(_ slice: ArraySlice<UInt8>) {
    bytes.append(contentsOf: slice)
  }

  /// A quoted, escaped JSON string.
  mutating func string(_ text: String) {
    bytes.append(ASCII.quote)
    escaped(text)
    bytes.append(ASCII.quote)
  }

  /// A JSON string, or `null`.
  mutating func string(_ text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  /// The escaped contents of a JSON string without the quotes, so that several pieces can make
  /// up one string (escaping is per byte, so escaping the pieces equals escaping the whole).
  mutating func escaped(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash else { continue }
        if runStart < index {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        }
        runStart = index + 1
        bytes.append(ASCII.backslash)
        switch byte {
        case ASCII.quote, ASCII.backslash: bytes.append(byte)
        case ASCII.newline: bytes.append(UInt8(ascii: "n"))
        case ASCII.carriageReturn: bytes.append(UInt8(ascii: "r"))
        case ASCII.tab: bytes.append(UInt8(ascii: "t"))
        default:
          raw("u00")
          bytes.append(Self.hexDigits[Int(byte >> 4)])
          bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
      }
      if runStart < utf8.count {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
  }

  /// A decimal integer, as `"\(value)"` prints it.
  mutating func int(_ value: Int) {
    if value < 0 { bytes.append(ASCII.minus) }
    var magnitude = value.magnitude
    var digits = 1
    var probe = magnitude
    while probe >= 10 {
      probe /= 10
      digits += 1
    }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var index = bytes.count - 1
    repeat {
      bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude > 0
  }

  /// Empties the writer, keeping its capacity (to write in pieces).
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Drops everything from `count` on, to rewrite the tail.
  mutating func truncate(to count: Int) {
    bytes.removeSubrange(count...)
  }

  mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
