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
    /// Something other than a regular file or a folder is there (a FIFO, a socket, a device,
    /// a symbolic link); `kind` names it. It is never opened: opening a FIFO blocks forever.
    case notRegular(kind: String)
  }

  /// Compares the file at `path` with `contents`.
  static func compare(atPath path: String, with contents: String) -> Comparison {
    var entry = stat()
    guard lstat(path, &entry) == 0 else { return .missing }
    if entry.st_mode & S_IFMT == S_IFDIR { return .missing }
    guard entry.st_mode & S_IFMT == S_IFREG else { return .notRegular(kind: kind(of: entry)) }
    guard let descriptor = openRegular(path) else { return .missing }
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
    guard let descriptor = openRegular(path) else { return false }
    defer { close(descriptor) }
    guard let head = readBytes(descriptor, upTo: GeneratedHeader.headLength) else { return false }
    return GeneratedHeader.isGenerated(head)
  }

  /// The whole file at `path` when it is a regular file; nil otherwise, without blocking on a
  /// FIFO. Output files are read without following symbolic links; sources and templates
  /// (`followingLinks`) may be links to regular files.
  static func contents(atPath path: String, followingLinks: Bool = false) -> [UInt8]? {
    guard let descriptor = openRegular(path, followingLinks: followingLinks) else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return readBytes(descriptor, upTo: Int(status.st_size))
  }

  /// An open descriptor for `path` when it is a regular file (itself, not a link to one,
  /// unless `followingLinks`). `O_NONBLOCK` makes opening a FIFO return at once instead of
  /// waiting for a writer; `fstat` then turns it away.
  static func openRegular(_ path: String, followingLinks: Bool = false) -> Int32? {
    let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// How a message names what `entry` describes.
  static func kind(of entry: stat) -> String {
    switch entry.st_mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFLNK: "a symbolic link"
    case S_IFDIR: "a folder"
    default: "not a regular file"
    }
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
