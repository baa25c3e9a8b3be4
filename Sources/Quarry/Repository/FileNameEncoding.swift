/// Turns a storage key into a file name that is safe on every file system.
///
/// The seed built paths as `"item_\(id).json"`, so an id like `../../etc/passwd` escaped the
/// directory. Here a name holds only `k`, `h`, `-` and lowercase hex digits:
/// - keys up to ``maximumPlainBytes`` UTF-8 bytes become `k` + the hex of their bytes
///   (reversible, and two keys differing only in case stay distinct even on case-insensitive
///   volumes, which base64 would not);
/// - longer keys become `h` + the hex of their first 32 bytes + `-` + the SHA-256 of all bytes,
///   keeping names under the usual 255-byte limit.
/// The two prefixes keep the forms from colliding with each other.
enum FileNameEncoding {
  /// 100 bytes give 201 characters, leaving room for a dot and an extension under 255.
  static let maximumPlainBytes = 100

  static func fileName(forKey key: String, fileExtension: String) -> String {
    let bytes = Array(key.utf8)
    var name: String
    if bytes.count <= maximumPlainBytes {
      name = "k" + hex(bytes)
    } else {
      name = "h" + hex(Array(bytes.prefix(32))) + "-" + hex(SHA256.hash(bytes))
    }
    let safeExtension = sanitized(fileExtension)
    if !safeExtension.isEmpty { name += "." + safeExtension }
    return name
  }

  /// Whether a directory entry is one of ours: skips temporary files, `.DS_Store` and others.
  static func isItemFileName(_ name: String, fileExtension: String) -> Bool {
    let safeExtension = sanitized(fileExtension)
    var stem = Substring(name)
    if !safeExtension.isEmpty {
      guard stem.hasSuffix("." + safeExtension) else { return false }
      stem = stem.dropLast(safeExtension.count + 1)
    }
    guard let first = stem.first, first == "k" || first == "h" else { return false }
    return stem.dropFirst().allSatisfy {
      $0 == "-" || ("0"..."9").contains($0) || ("a"..."f").contains($0)
    }
  }

  /// Only ASCII letters and digits, so a custom transformer cannot smuggle `/` or `..` in.
  static func sanitized(_ fileExtension: String) -> String {
    String(
      fileExtension.unicodeScalars.filter {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
      }.map(Character.init))
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var output = [UInt8]()
    output.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      output.append(digits[Int(byte >> 4)])
      output.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: output, as: UTF8.self)
  }
}
