import Foundation

/// Whole-file byte searches the scanner makes before deciding whether a file needs more work
/// (`quarry:` anywhere, `sourcery:` anywhere): one pass over the bytes, no copies.
///
/// Every file is searched for `sourcery:`, so the search must cost next to nothing beside the
/// lexer: it jumps with `memchr` (vectorised in the C library) from one occurrence of an
/// anchor byte of the word (its rarest letter in source text, `y` in `sourcery:`) to the next,
/// and compares the word only there. A byte-by-byte loop cost 8 instructions per byte, 8% of
/// a whole scan.
enum ByteSearch {
  /// A word to look for, prepared once (a `static let`) for every file.
  struct Pattern: Sendable {
    let word: [UInt8]
    /// Per byte of `word`, the mask that folds a source byte before comparing with it.
    let masks: [UInt8]
    /// The index in `word` of the byte `memchr` looks for; nil when every byte folds.
    let anchor: Int?

    /// `word` in lower case when `foldingCase`: then ASCII letters match in either case, and
    /// other bytes only themselves.
    init(_ word: String, foldingCase: Bool = false) {
      let bytes = Array(word.utf8)
      let masks = bytes.map { foldingCase && $0 >= 0x61 && $0 <= 0x7A ? UInt8(0x20) : 0 }
      // The anchor must match only itself (a letter does not when folding).
      let rarity = ByteSearch.rarity
      let rank = { (byte: UInt8) in rarity.firstIndex(of: byte) ?? rarity.count }
      self.word = bytes
      self.masks = masks
      anchor = bytes.indices.filter { masks[$0] == 0 }.min { rank(bytes[$0]) < rank(bytes[$1]) }
    }

    /// Whether the word occurs in `bytes`.
    func occurs(in bytes: [UInt8]) -> Bool {
      guard !word.isEmpty else { return true }
      return bytes.withUnsafeBufferPointer { buffer in
        guard buffer.count >= word.count, let base = buffer.baseAddress else { return false }
        func matches(at start: Int) -> Bool {
          var index = 0
          while index < word.count && buffer[start + index] | masks[index] == word[index] {
            index += 1
          }
          return index == word.count
        }
        guard let anchor else {
          for start in 0...(buffer.count - word.count) where matches(at: start) { return true }
          return false
        }
        // An anchor byte can belong to a match only from `anchor` bytes in to
        // `word.count - 1 - anchor` bytes before the end.
        var from = anchor
        let end = buffer.count - (word.count - 1 - anchor)
        while from < end {
          guard let found = memchr(base + from, Int32(word[anchor]), end - from) else {
            return false
          }
          let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if matches(at: offset - anchor) { return true }
          from = offset + 1
        }
        return false
      }
    }
  }

  /// Letters from the rarest to the most common in English and Swift source (`:` and other
  /// punctuation come after them).
  fileprivate static let rarity = Array("zqjxkvywbfgpmhlducsnroiate".utf8)

  /// Whether `word` occurs in `bytes`; with `foldingCase`, ASCII letters match in either case
  /// (`word` is then written in lower case; other bytes match only themselves). A search made
  /// for every file should keep its `Pattern` in a `static let` instead.
  static func contains(_ word: String, in bytes: [UInt8], foldingCase: Bool = false) -> Bool {
    Pattern(word, foldingCase: foldingCase).occurs(in: bytes)
  }
}
