#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes written once in order and read back once in order: in memory up to `limit`, then in
/// an anonymous temporary file, so that text larger than memory should hold (the JSON of a
/// 200 MB file of declarations, 3.4 times its size) costs `limit` bytes of memory at most.
///
/// ```swift
/// let buffer = SpillBuffer(limit: 1 << 20)
/// buffer.append(bytes)
/// buffer.forEachChunk { chunk in write(chunk) }   // everything, in order
/// ```
///
/// `@unchecked Sendable`: a buffer is filled on the thread scanning one file and read only
/// after that scan has returned (`concurrentMap` hands the results over), never at once.
final class SpillBuffer: @unchecked Sendable {
  let limit: Int
  /// The bytes not yet moved to `file`.
  private(set) var pending: [UInt8] = []
  private var file: UnsafeMutablePointer<FILE>?
  /// Bytes in `file`.
  private var spilled = 0
  /// The first error writing or reading the temporary file (errno), or 0.
  private(set) var failure: Int32 = 0

  init(limit: Int) {
    self.limit = limit
  }

  deinit {
    if let file { fclose(file) }
  }

  /// Everything appended so far, in bytes.
  var count: Int { spilled + pending.count }

  func append(_ bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
    if pending.count >= limit { spill() }
  }

  /// Forgets everything appended.
  func removeAll() {
    pending.removeAll(keepingCapacity: true)
    if let file {
      fclose(file)
      self.file = nil
    }
    spilled = 0
  }

  /// Calls `body` with every byte appended, in order, in pieces of up to `limit` bytes.
  func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) {
    if let file, spilled > 0 {
      fflush(file)
      rewind(file)
      var chunk = [UInt8](repeating: 0, count: min(limit, spilled))
      var left = spilled
      while left > 0 {
        let got = chunk.withUnsafeMutableBytes {
          fread($0.baseAddress, 1, min($0.count, left), file)
        }
        if got == 0 {
          failure = failure == 0 ? (ferror(file) != 0 ? errno : EIO) : failure
          break
        }
        chunk.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
        left -= got
      }
      fseek(file, 0, SEEK_END)
    }
    pending.withUnsafeBytes { if !$0.isEmpty { body($0) } }
  }

  private func spill() {
    // After a failure the bytes stay in memory: a partial write would misplace what follows.
    guard failure == 0 else { return }
    if file == nil {
      file = tmpfile()
      guard file != nil else {
        // No temporary file: keep the bytes in memory rather than lose them.
        if failure == 0 { failure = errno }
        return
      }
    }
    guard let file else { return }
    let written = pending.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    if written != pending.count {
      if failure == 0 { failure = errno }
      return
    }
    spilled += written
    pending.removeAll(keepingCapacity: true)
  }
}
