/// A file's contents reduced to 16 hexadecimal digits (64-bit FNV-1a), recorded in the
/// `OutputManifest` for each file quarry writes, so a later run can tell a file it wrote and
/// nobody touched from one a user has edited since.
///
/// ```swift
/// let edited = ContentDigest.of(Array(bytesOnDisk)) != manifest.digests["Owl+Quarry.swift"]
/// ```
///
/// Not a cryptographic hash: it guards against accidents (an edit, a paste), not an attacker,
/// and it must cost little, because every generated file is digested on every run that writes.
enum ContentDigest {
  /// The number of hexadecimal digits of every digest (leading zeros kept), so a manifest can
  /// tell a digest from a source path by its form.
  static let length = 16

  /// The digest of `bytes`.
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    text(value(of: bytes))
  }

  /// The digest of `bytes` as a number: what a run keeps per file until it writes the
  /// manifest (a 16-digit string takes an allocation of its own).
  static func value(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// The digest of `text`'s UTF-8 bytes as a number.
  static func value(of text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { value(of: $0) }
  }

  /// A digest number as the manifest writes it.
  static func text(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: length - digits.utf8.count) + digits
  }

  /// The digest of `bytes`.
  static func of(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { of($0) }
  }

  /// The digest of `text`'s UTF-8 bytes, which are what `FileWriter` writes.
  static func of(_ text: String) -> String {
    var text = text
    return text.withUTF8 { of($0) }
  }

  /// Whether `field` has a digest's form: exactly `length` lowercase hexadecimal digits.
  /// A source path never has it, since sources end in `.swift`.
  static func isDigest(_ field: Substring) -> Bool {
    field.utf8.count == length
      && field.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
