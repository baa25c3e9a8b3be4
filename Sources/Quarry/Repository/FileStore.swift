import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes by key, one file per key in a directory: the file system half of
/// ``FileSystemRepository`` and ``FileDataStorage``.
///
/// Writes never leave a half-written file under an item's name: bytes go to a temporary file
/// in the same directory, are flushed with `fsync`, and only then take the final name, with
/// `rename` (atomic replace) or `link` (atomic create that fails when the name exists, even
/// against another process); then the directory is flushed so the new name survives a crash.
/// File names come from ``FileNameEncoding``, never from raw keys.
struct FileStore: Sendable {
  enum WriteMode {
    /// Only when no file has the name; atomic across processes.
    case create
    /// Only when a file has the name.
    case replace
    /// Always.
    case upsert
  }

  let directory: URL
  let fileExtension: String

  func fileURL(forKey key: String) -> URL {
    directory.appendingPathComponent(
      FileNameEncoding.fileName(forKey: key, fileExtension: fileExtension), isDirectory: false)
  }

  /// The bytes stored under `key`, or nil when there is no such file.
  func read(key: String) throws(FileStoreError) -> Data? {
    let url = fileURL(forKey: key)
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      throw FileStoreError(path: url.path, underlying: error)
    }
  }

  /// Reads a file listed by ``itemFiles()``.
  func read(file url: URL) throws(FileStoreError) -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      // Deleted between listing and reading: not an error, the item is just gone.
      return nil
    } catch {
      throw FileStoreError(path: url.path, underlying: error)
    }
  }

  /// Stores bytes under `key`; returns false when `mode` did not allow the write.
  @discardableResult
  func write(_ data: Data, key: String, mode: WriteMode) throws(FileStoreError) -> Bool {
    let finalPath = fileURL(forKey: key).path
    try createDirectory()
    let temporaryPath = directory.appendingPathComponent(
      ".tmp-\(UUID().uuidString)", isDirectory: false
    ).path
    try writeAndSync(data, to: temporaryPath)
    defer { _ = unlink(temporaryPath) }
    guard try publish(temporaryPath, as: finalPath, mode: mode) else { return false }
    // The new name lives in the directory; flush it too, or a crash could forget the rename.
    try syncDirectory()
    return true
  }

  /// Gives the temporary file its final name as `mode` allows; false when it did not.
  private func publish(_ temporaryPath: String, as finalPath: String, mode: WriteMode)
    throws(FileStoreError) -> Bool
  {
    switch mode {
    case .upsert:
      try move(temporaryPath, to: finalPath)
      return true
    case .replace:
      guard exists(finalPath) else { return false }
      try move(temporaryPath, to: finalPath)
      return true
    case .create:
      if link(temporaryPath, finalPath) == 0 { return true }
      let code = errno
      if code == EEXIST { return false }
      // Some file systems (FAT, a few network ones) have no hard links: check, then rename.
      guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
        throw FileStoreError(path: finalPath, errno: code)
      }
      guard !exists(finalPath) else { return false }
      try move(temporaryPath, to: finalPath)
      return true
    }
  }

  /// Removes the file for `key`; returns false when there was none.
  func remove(key: String) throws(FileStoreError) -> Bool {
    let path = fileURL(forKey: key).path
    if unlink(path) == 0 { return true }
    let code = errno
    if code == ENOENT { return false }
    throw FileStoreError(path: path, errno: code)
  }

  /// The item files in the directory, sorted by name; none when the directory does not exist.
  func itemFiles() throws(FileStoreError) -> [URL] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return []
    } catch {
      throw FileStoreError(path: directory.path, underlying: error)
    }
    return names.filter { FileNameEncoding.isItemFileName($0, fileExtension: fileExtension) }
      .sorted()
      .map { directory.appendingPathComponent($0, isDirectory: false) }
  }

  private func createDirectory() throws(FileStoreError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileStoreError(path: directory.path, underlying: error)
    }
  }

  private func syncDirectory() throws(FileStoreError) {
    let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileStoreError(path: directory.path, errno: errno) }
    defer { _ = close(descriptor) }
    // Some file systems cannot sync a directory (EINVAL); the file itself is already synced.
    if fsync(descriptor) != 0, errno != EINVAL {
      throw FileStoreError(path: directory.path, errno: errno)
    }
  }

  private func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  private func move(_ source: String, to destination: String) throws(FileStoreError) {
    guard rename(source, destination) == 0 else {
      throw FileStoreError(path: destination, errno: errno)
    }
  }

  private func writeAndSync(_ data: Data, to path: String) throws(FileStoreError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileStoreError(path: path, errno: errno) }
    defer { _ = close(descriptor) }
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if failure != 0 {
      _ = unlink(path)
      throw FileStoreError(path: path, errno: failure)
    }
  }
}

/// `write(2)`, out of reach of `FileStore.write`, which shadows it inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// A file system failure, with the path it concerns.
struct FileStoreError: Error {
  let path: String
  let underlying: any Error

  init(path: String, underlying: any Error) {
    self.path = path
    self.underlying = underlying
  }

  init(path: String, errno code: Int32) {
    self.init(path: path, underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
  }
}
