/// The bytes of one input file, read once, with the path shown to users.
///
/// Every stage works on `bytes` with integer offsets; line and column numbers are computed
/// only when a diagnostic is rendered.
///
/// ```swift
/// let file = SourceFile(path: "Models/Bird.swift", bytes: Array(text.utf8))
/// let (line, column) = file.lineAndColumn(at: 42)
/// ```
public struct SourceFile: Sendable, Hashable {
  /// The path as users should see it: relative to the working directory when possible.
  public let path: String
  /// The file's UTF-8 bytes, unchanged (a byte-order mark and CRLF line endings included).
  public let bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The 1-based line and 1-based column (in UTF-8 bytes, like clang) of a byte offset.
  ///
  /// - Complexity: O(offset); only used when rendering diagnostics.
  public func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < end {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    return (line, end - lineStart + 1)
  }

  /// The text of the line holding `offset`, without its line ending.
  public func lineText(at offset: Int) -> String {
    let clamped = min(max(offset, 0), bytes.count)
    var start = clamped
    while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = clamped
    while end < bytes.count && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r")
    {
      end += 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
