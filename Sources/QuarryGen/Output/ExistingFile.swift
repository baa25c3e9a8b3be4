#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is on disk where `FileWriter` wants a file, found with as little reading as possible.
///
/// A planned file is compared by size first, which settles most updates after reading one
/// header's worth of bytes; only a file of the planned size is read whole and compared
/// byte by byte. Plain POSIX calls: this runs once per generated file on every run, and a
/// no-op run is all comparisons.
enum ExistingFile {
  enum Comparison: Sendable, Equatable {
    /// Nothing readable is there: no file, or a folder.
    case missing
    /// The file holds exactly the planned bytes.
    case identical
    /// The file differs; `isGenerated` tells whether it starts with the quarry header.
    case different(isGenerated: Bool)
  }

  /// Compares the file at `path` with `contents`.
  static func compare(atPath path: String, with contents: String) -> Comparison {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .missing }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .missing }
    var planned = contents
    return planned.withUTF8 { planned in
      let size = Int(status.st_size)
      let length = size == planned.count ? size : min(size, GeneratedHeader.headLength)
      guard let bytes = readBytes(descriptor, upTo: length) else { return .missing }
      if bytes.count == planned.count && isEqual(bytes, planned) { return .identical }
      return .different(isGenerated: GeneratedHeader.isGenerated(bytes))
    }
  }

  private static func isEqual(_ bytes: [UInt8], _ planned: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      guard let left = bytes.baseAddress, let right = planned.baseAddress else { return true }
      return memcmp(left, right, bytes.count) == 0
    }
  }

  /// Whether the file at `path` is a regular file starting with the quarry header.
  static func isGenerated(atPath path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard let head = readBytes(descriptor, upTo: GeneratedHeader.headLength) else { return false }
    return GeneratedHeader.isGenerated(head)
  }

  /// Up to `count` bytes from the start of an open file; nil when reading fails (a folder).
  private static func readBytes(_ descriptor: Int32, upTo count: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      while filled < count {
        guard let start = buffer.baseAddress else { break }
        let got = read(descriptor, start + filled, count - filled)
        if got < 0 && errno == EINTR { continue }
        if got < 0 { failed = true }
        if got <= 0 { break }
        filled += got
      }
    }
    return failed ? nil : bytes
  }
}
