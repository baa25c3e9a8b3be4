/// Whole-file byte searches the scanner makes before deciding whether a file needs more work
/// (`quarry:` anywhere, `sourcery:` anywhere): one pass over the bytes, no copies.
enum ByteSearch {
  /// Whether `word` occurs in `bytes`; with `foldingCase`, ASCII letters match in either case
  /// (`word` is then written in lower case; `| 0x20` leaves `:` and digits as they are).
  static func contains(_ word: [UInt8], in bytes: [UInt8], foldingCase: Bool = false) -> Bool {
    guard !word.isEmpty else { return true }
    let fold: UInt8 = foldingCase ? 0x20 : 0
    return bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= word.count else { return false }
      for index in 0...(buffer.count - word.count) where buffer[index] | fold == word[0] {
        var matched = 1
        while matched < word.count && buffer[index + matched] | fold == word[matched] {
          matched += 1
        }
        if matched == word.count { return true }
      }
      return false
    }
  }
}
