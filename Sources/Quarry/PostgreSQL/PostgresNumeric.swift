/// PostgreSQL's binary `numeric`, read exactly: a sign, a weight and base-10,000 digits.
///
/// Quarry binds numerics as text (a `Decimal`'s description, every digit it holds) and reads
/// them back from the binary form here, as an Int64 when whole and within range, otherwise as
/// decimal text that `Decimal(string:)` parses without rounding.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/datatype-numeric.html>
enum PostgresNumeric {
  private struct Header {
    let digitCount: Int
    let weight: Int
    let sign: UInt16
    let scale: Int

    static let positive: UInt16 = 0x0000
    static let negative: UInt16 = 0x4000
  }

  private static func header(_ bytes: UnsafeRawBufferPointer) -> Header? {
    guard bytes.count >= 8 else { return nil }
    let header = Header(
      digitCount: Int(Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: Int16.self))),
      weight: Int(Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: 2, as: Int16.self))),
      sign: UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt16.self)),
      scale: Int(Int16(bigEndian: bytes.loadUnaligned(fromByteOffset: 6, as: Int16.self))))
    guard header.digitCount >= 0, bytes.count == 8 + 2 * header.digitCount else { return nil }
    return header
  }

  private static func digit(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> Int {
    Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 8 + 2 * index, as: UInt16.self)))
  }

  /// The value when it is a whole number within Int64, else nil (fractions, NaN, infinities,
  /// out of range).
  static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
    guard let header = header(bytes),
      header.sign == Header.positive || header.sign == Header.negative
    else { return nil }
    guard header.digitCount > 0 else { return 0 }
    // Digits past the weight are fractional; a whole number has none (trailing zero digits are
    // never stored).
    guard header.digitCount <= header.weight + 1 else { return nil }
    var magnitude: UInt64 = 0
    for position in 0...header.weight {
      let value = position < header.digitCount ? digit(bytes, position) : 0
      let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: 10_000)
      guard !overflow else { return nil }
      let (sum, carry) = scaled.addingReportingOverflow(UInt64(value))
      guard !carry else { return nil }
      magnitude = sum
    }
    if header.sign == Header.negative {
      if magnitude == UInt64(Int64.max) + 1 { return .min }
      return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value as decimal text (`-12.5`, `0.001`, `NaN`, `Infinity`), with its display scale.
  static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
    guard let header = header(bytes) else { return nil }
    switch header.sign {
    case 0xC000: return "NaN"
    case 0xD000: return "Infinity"
    case 0xF000: return "-Infinity"
    case Header.positive, Header.negative: break
    default: return nil
    }
    var text = header.sign == Header.negative && header.digitCount > 0 ? "-" : ""
    if header.weight < 0 || header.digitCount == 0 {
      text += "0"
    } else {
      for position in 0...header.weight {
        let value = position < header.digitCount ? digit(bytes, position) : 0
        text += position == 0 ? String(value) : padded(value)
      }
    }
    guard header.scale > 0 else { return text }
    var fraction = ""
    var position = header.weight + 1
    while fraction.count < header.scale {
      let value = position >= 0 && position < header.digitCount ? digit(bytes, position) : 0
      fraction += padded(value)
      position += 1
    }
    return text + "." + fraction.prefix(header.scale)
  }

  private static func padded(_ value: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
